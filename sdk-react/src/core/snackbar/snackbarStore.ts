import { SNACKBAR_DURATION_MS, SNACKBAR_REPLACE_DELAY_MS } from '../constants'
import { createStore, type ReadableStore } from '../store/createStore'

export type SnackbarVariant = 'loading' | 'success' | 'error'

export interface SnackbarState {
  readonly open: boolean
  readonly message: string
  readonly variant: SnackbarVariant
}

export interface SnackbarStore extends ReadableStore<SnackbarState> {
  /** Shows a message. A message that is already open is closed first; the new one follows after 150 ms. */
  show(message: string, variant: SnackbarVariant): void
  showLoading(message: string): void
  showSuccess(message: string): void
  showError(message: string): void
  hide(): void
  destroy(): void
}

const INITIAL: SnackbarState = { open: false, message: '', variant: 'success' }

/**
 * The notification snackbar (spec §4). Success and error messages hide themselves after
 * 2.5 s; a loading message stays until it is replaced or hidden.
 *
 * @example
 * const snackbar = createSnackbarStore()
 * snackbar.showLoading('Authenticating...')
 * snackbar.showError('Signature declined') // closes the first, shows this one 150 ms later
 */
export function createSnackbarStore(): SnackbarStore {
  const store = createStore<SnackbarState>(INITIAL)
  let replaceTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const clearTimers = () => {
    clearTimeout(replaceTimer)
    clearTimeout(hideTimer)
    replaceTimer = hideTimer = undefined
  }

  const display = (message: string, variant: SnackbarVariant) => {
    store.setState({ open: true, message, variant })
    if (variant !== 'loading') hideTimer = setTimeout(snackbar.hide, SNACKBAR_DURATION_MS)
  }

  const snackbar: SnackbarStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    show(message, variant) {
      const replacing = store.getSnapshot().open || replaceTimer !== undefined
      clearTimers()
      if (!replacing) return display(message, variant)
      store.setState({ open: false })
      replaceTimer = setTimeout(() => {
        replaceTimer = undefined
        display(message, variant)
      }, SNACKBAR_REPLACE_DELAY_MS)
    },
    showLoading: (message) => snackbar.show(message, 'loading'),
    showSuccess: (message) => snackbar.show(message, 'success'),
    showError: (message) => snackbar.show(message, 'error'),
    hide() {
      clearTimers()
      store.setState({ open: false })
    },
    destroy() {
      clearTimers()
      store.setState(INITIAL)
    },
  }
  return snackbar
}
