import { FARCASTER_BACK_RESET_DELAY_MS, SHAKE_MS } from '../constants'
import { UnknownViewError } from '../errors/modal'
import { createStore, type ReadableStore } from '../store/createStore'
import * as router from './router'
import { selectInitialView } from './selectInitialView'
import { isViewName, type RouterData, type RouterEntry, type ViewName } from './views'

/**
 * One open transaction (an unsafe embedded-wallet request shown for approval). Popping it
 * decides the next view: back to the view it covered, or closing the modal when the modal was
 * opened just for the request.
 */
export interface TransactionStackEntry {
  /** Where the modal goes after the request succeeds or is cancelled. */
  readonly then: 'goBack' | 'close'
  /** History length before the transaction's view was pushed. */
  readonly returnIndex: number
}

/** The modal (spec §4): open or closed, a loading flag, the shake, the router history and the transaction stack. */
export interface ModalState {
  readonly open: boolean
  readonly loading: boolean
  /** True for {@link SHAKE_MS} after `shake()`. */
  readonly shake: boolean
  /** Router history; the last entry is the current view. */
  readonly history: readonly RouterEntry[]
  /** Open transactions, the newest last. */
  readonly transactionStack: readonly TransactionStackEntry[]
}

/** Options of `open`. */
export type OpenModalOptions = {
  /** The view to open on (rule 2 of the view selection). Unknown names throw `UnknownViewError`. */
  view?: ViewName | undefined
  /** Data for that view (e.g. the wallet being connected). */
  data?: RouterData | undefined
}

/** Options of `close`. */
export type CloseModalOptions = {
  /** Close even where closing is blocked (ApproveTransaction, a required sign-in). */
  force?: boolean | undefined
}

/** Options of `pushTransaction`. */
export type PushTransactionOptions = {
  /** The view that shows the request. Default: ApproveTransaction. */
  view?: ViewName | undefined
  data?: RouterData | undefined
}

export type CreateModalStoreParameters = {
  /** Whether the page is on a mobile device; read on every `open`. */
  isMobile(): boolean
  /** The connected address, if any; read on every `open` and on going back from Farcaster. */
  getAddress(): string | undefined
  /** Whether no chain adapter is configured. */
  hasNoAdapters(): boolean
  /**
   * Whether sign-in (SIWX) is required and no session exists yet: SIWXSignMessage (and
   * ConnectingSiwe, its `siweConfig` form) cannot then
   * be closed. Default: never.
   */
  isSignInPending?(): boolean
  /** Called after the modal opens (e.g. to preload the embedded wallet). */
  onOpen?(): void
}

/** The modal's state and its navigation. */
export interface ModalStore extends ReadableStore<ModalState> {
  /**
   * Opens the modal on the view picked by the spec §2 rules. While the modal shows a view that
   * cannot be left (ApproveTransaction), it shakes instead.
   */
  open(options?: OpenModalOptions): void
  /**
   * Closes the modal; returns false (and shakes) when closing is blocked. Closing with no
   * transaction open runs the `onRejectPending` listeners.
   */
  close(options?: CloseModalOptions): boolean
  /**
   * The user's own close (Escape, the header's Close): on ApproveTransaction it means Reject,
   * running the `onRejectRequest` listeners (the request then settles and its view goes);
   * anywhere else it is `close()`. Returns whether the modal closed.
   */
  dismiss(): boolean
  /** Whether the current view may be closed without `force`. */
  canClose(): boolean
  /** Whether the header offers Back: there is a view to go back to and the current view may be left. */
  canGoBack(): boolean
  /** Shows `view` on top of the current one. */
  push(view: ViewName, data?: RouterData): void
  /** Swaps the current view for `view`. */
  replace(view: ViewName, data?: RouterData): void
  /** Starts a new history with `view`. */
  reset(view: ViewName, data?: RouterData): void
  /**
   * Goes back one view; going back from the first view closes the modal. Going back from
   * ConnectingFarcaster with no address resets the auth connector 100 ms later.
   */
  goBack(): void
  /** Returns to the history entry at `index`. */
  goBackToIndex(index: number): void
  /**
   * An unsafe embedded-wallet request needs approval: pushes its view on the open modal, or
   * opens the modal on it.
   */
  pushTransaction(options?: PushTransactionOptions): void
  /**
   * The newest transaction succeeded or was cancelled: goes back to the view it covered, or
   * closes the modal if it was opened for it. Settle the request before calling this.
   */
  popTransaction(): void
  /**
   * Registers what to do when the modal closes with no transaction open (the embedded wallet
   * rejects its pending requests). Returns the unregister function.
   */
  onRejectPending(listener: () => void): () => void
  /**
   * Registers what rejects the request on show when the user dismisses ApproveTransaction
   * (the embedded wallet answers it with 4001). Returns the unregister function.
   */
  onRejectRequest(listener: () => void): () => void
  /**
   * Registers the auth connector's reset, run 100 ms after going back from ConnectingFarcaster
   * with no connected address. Returns the unregister function.
   */
  onAuthConnectorReset(listener: () => void): () => void
  /** Sets the loading flag (the view shows a spinner). */
  setLoading(loading: boolean): void
  /** Shakes the modal for 500 ms. */
  shake(): void
  /** Stops the timers and resets the state. */
  destroy(): void
}

export type CreateModalStoreReturnType = ModalStore

const INITIAL: ModalState = { open: false, loading: false, shake: false, history: [], transactionStack: [] }

function assertView(view: unknown): asserts view is ViewName {
  if (!isViewName(view)) throw new UnknownViewError({ view })
}

/**
 * The modal's state: open/closed, loading, shake, the router history and the transaction stack,
 * with the navigation rules of spec §2 and §4.
 *
 * @example
 * const modal = createModalStore({ isMobile: () => false, getAddress: () => undefined, hasNoAdapters: () => false })
 * modal.open() // Connect
 * modal.push('AllWallets')
 * modal.goBack() // Connect
 * modal.goBack() // closed
 */
export function createModalStore(parameters: CreateModalStoreParameters): CreateModalStoreReturnType {
  const store = createStore<ModalState>(INITIAL)
  const rejectPending = new Set<() => void>()
  const rejectRequest = new Set<() => void>()
  const authReset = new Set<() => void>()
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  let authResetTimer: ReturnType<typeof setTimeout> | undefined

  const current = () => store.getSnapshot().history.at(-1)?.view
  const canLeave = () => {
    const view = current()
    if (view === 'ApproveTransaction') return false
    if (view === 'SIWXSignMessage' || view === 'ConnectingSiwe') return !(parameters.isSignInPending?.() ?? false)
    return true
  }
  const register = (set: Set<() => void>, listener: () => void) => {
    set.add(listener)
    return () => void set.delete(listener)
  }
  const run = (set: Set<() => void>) => {
    for (const listener of [...set]) listener()
  }
  const setHistory = (history: readonly RouterEntry[]) => store.setState({ history })

  const modal: ModalStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    open(options = {}) {
      if (options.view !== undefined) assertView(options.view)
      // Opening again must not drop a view that cannot be left (a request awaiting approval).
      if (store.getSnapshot().open && !canLeave()) return modal.shake()
      const { view, data } = selectInitialView({
        requestedView: options.view,
        requestedData: options.data,
        address: parameters.getAddress(),
        isMobile: parameters.isMobile(),
        noAdapters: parameters.hasNoAdapters(),
      })
      store.setState({ open: true, loading: false, history: router.reset(view, data), transactionStack: [] })
      parameters.onOpen?.()
    },
    close(options = {}) {
      const state = store.getSnapshot()
      if (!state.open) return true
      if (!options.force && !canLeave()) {
        modal.shake()
        return false
      }
      store.setState({ open: false, loading: false, transactionStack: [] })
      if (state.transactionStack.length === 0) run(rejectPending)
      return true
    },
    dismiss() {
      if (current() === 'ApproveTransaction' && rejectRequest.size > 0) {
        run(rejectRequest)
        return false
      }
      return modal.close()
    },
    canClose: canLeave,
    canGoBack: () => store.getSnapshot().history.length > 1 && canLeave(),
    push(view, data) {
      assertView(view)
      setHistory(router.push(store.getSnapshot().history, view, data))
    },
    replace(view, data) {
      assertView(view)
      setHistory(router.replace(store.getSnapshot().history, view, data))
    },
    reset(view, data) {
      assertView(view)
      setHistory(router.reset(view, data))
    },
    goBack() {
      const from = current()
      if (!canLeave()) return modal.shake()
      const history = router.goBack(store.getSnapshot().history)
      if (history) setHistory(history)
      else modal.close()
      if (from === 'ConnectingFarcaster' && !parameters.getAddress()) {
        clearTimeout(authResetTimer)
        authResetTimer = setTimeout(() => run(authReset), FARCASTER_BACK_RESET_DELAY_MS)
      }
    },
    goBackToIndex: (index) => setHistory(router.goBackToIndex(store.getSnapshot().history, index)),
    pushTransaction(options = {}) {
      const view = options.view ?? 'ApproveTransaction'
      assertView(view)
      const state = store.getSnapshot()
      if (state.open) {
        // biome-ignore lint/suspicious/noThenProperty: `then` is a string (the next view), never callable, so not a thenable
        const entry: TransactionStackEntry = { then: 'goBack', returnIndex: state.history.length }
        store.setState({
          history: [...state.history, ...router.reset(view, options.data)],
          transactionStack: [...state.transactionStack, entry],
        })
        return
      }
      modal.open({ view, data: options.data })
      // biome-ignore lint/suspicious/noThenProperty: `then` is a string (the next view), never callable, so not a thenable
      store.setState({ transactionStack: [{ then: 'close', returnIndex: 0 }] })
    },
    popTransaction() {
      const state = store.getSnapshot()
      const entry = state.transactionStack.at(-1)
      if (!entry) return
      store.setState({ transactionStack: state.transactionStack.slice(0, -1) })
      if (entry.then === 'close') modal.close({ force: true })
      else setHistory(state.history.slice(0, entry.returnIndex))
    },
    onRejectPending: (listener) => register(rejectPending, listener),
    onRejectRequest: (listener) => register(rejectRequest, listener),
    onAuthConnectorReset: (listener) => register(authReset, listener),
    setLoading: (loading) => store.setState({ loading }),
    shake() {
      clearTimeout(shakeTimer)
      store.setState({ shake: true })
      shakeTimer = setTimeout(() => store.setState({ shake: false }), SHAKE_MS)
    },
    destroy() {
      clearTimeout(shakeTimer)
      clearTimeout(authResetTimer)
      store.setState(INITIAL)
    },
  }
  return modal
}
