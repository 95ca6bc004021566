import { SHAKE_MS } from '../constants'
import { createStore, type ReadableStore } from '../store/createStore'
import * as router from './router'
import { selectInitialView } from './selectInitialView'
import type { RouterData, RouterEntry, ViewName } from './views'

export interface ModalState {
  readonly open: boolean
  readonly loading: boolean
  /** True for {@link SHAKE_MS} after `shake()`. */
  readonly shake: boolean
  /** Router history; the last entry is the current view. */
  readonly history: readonly RouterEntry[]
}

export type OpenModalOptions = {
  /** The view to open on (rule 2 of the view selection). */
  view?: ViewName | undefined
  data?: RouterData | undefined
}

export type CloseModalOptions = {
  /** Close even where closing is blocked (ApproveTransaction). */
  force?: boolean | undefined
}

export type CreateModalStoreParameters = {
  /** Whether the page is on a mobile device; read on every `open`. */
  isMobile(): boolean
  /** The connected address, if any; read on every `open`. */
  getAddress(): string | undefined
  /** Whether no chain adapter is configured. */
  hasNoAdapters(): boolean
  /** Called after the modal opens (e.g. to preload the embedded wallet). */
  onOpen?(): void
}

export interface ModalStore extends ReadableStore<ModalState> {
  /** Opens the modal on the view picked by the spec §2 rules. */
  open(options?: OpenModalOptions): void
  /** Closes the modal; returns false (and shakes) when closing is blocked. */
  close(options?: CloseModalOptions): boolean
  /** Whether the current view may be closed without `force`. */
  canClose(): boolean
  push(view: ViewName, data?: RouterData): void
  replace(view: ViewName, data?: RouterData): void
  reset(view: ViewName, data?: RouterData): void
  /** Goes back one view; going back from the first view closes the modal. */
  goBack(): void
  goBackToIndex(index: number): void
  setLoading(loading: boolean): void
  /** Shakes the modal for 500 ms. */
  shake(): void
  destroy(): void
}

/** Views that cannot be closed without `force`. */
const CLOSE_BLOCKED: readonly ViewName[] = ['ApproveTransaction']

const INITIAL: ModalState = { open: false, loading: false, shake: false, history: [] }

/**
 * The modal's state: open/closed, loading, shake and the router history.
 *
 * @example
 * const modal = createModalStore({ isMobile: () => false, getAddress: () => undefined, hasNoAdapters: () => false })
 * modal.open() // Connect
 * modal.push('AllWallets')
 * modal.goBack() // Connect
 * modal.goBack() // closed
 */
export function createModalStore(parameters: CreateModalStoreParameters): ModalStore {
  const store = createStore<ModalState>(INITIAL)
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  const current = () => store.getSnapshot().history.at(-1)
  const canClose = () => {
    const view = current()?.view
    return !view || !CLOSE_BLOCKED.includes(view)
  }

  const modal: ModalStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    open(options = {}) {
      const { view, data } = selectInitialView({
        requestedView: options.view,
        requestedData: options.data,
        address: parameters.getAddress(),
        isMobile: parameters.isMobile(),
        noAdapters: parameters.hasNoAdapters(),
      })
      store.setState({ open: true, loading: false, history: router.reset(view, data) })
      parameters.onOpen?.()
    },
    close(options = {}) {
      if (!store.getSnapshot().open) return true
      if (!options.force && !canClose()) {
        modal.shake()
        return false
      }
      store.setState({ open: false, loading: false })
      return true
    },
    canClose,
    push: (view, data) => store.setState((s) => ({ history: router.push(s.history, view, data) })),
    replace: (view, data) => store.setState((s) => ({ history: router.replace(s.history, view, data) })),
    reset: (view, data) => store.setState({ history: router.reset(view, data) }),
    goBack() {
      const history = router.goBack(store.getSnapshot().history)
      if (history) store.setState({ history })
      else modal.close()
    },
    goBackToIndex: (index) => store.setState((s) => ({ history: router.goBackToIndex(s.history, index) })),
    setLoading: (loading) => store.setState({ loading }),
    shake() {
      clearTimeout(shakeTimer)
      store.setState({ shake: true })
      shakeTimer = setTimeout(() => store.setState({ shake: false }), SHAKE_MS)
    },
    destroy() {
      clearTimeout(shakeTimer)
      store.setState(INITIAL)
    },
  }
  return modal
}
