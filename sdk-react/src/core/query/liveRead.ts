// A value that follows a form as the user types (a swap's quote, a purchase's quote, a name's
// availability): read a moment after the form stops changing, the newest form winning.
import { DEFAULT_DEBOUNCE_MS } from '../constants'
import { getErrorMessage } from '../errors/base'
import { createStore, type ReadableStore } from '../store/createStore'

/** What a live read shows. */
export type LiveReadState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'error'; readonly message: string }

export interface LiveRead<T> extends ReadableStore<LiveReadState<T>> {
  /**
   * Reads `read` {@link DEFAULT_DEBOUNCE_MS} (spec §9) after the last call for another `input`
   * (its key; a call with the same key changes nothing), aborting an older read. Failures show
   * as their message and are logged as `what`.
   */
  follow(input: string, read: (signal: AbortSignal) => Promise<T>, what: string): void
  /** No input (an incomplete form): idle, a pending read aborted. */
  clear(): void
  /** Stops following: a pending read is aborted, what is shown stays (and the next `follow` reads again). */
  pause(): void
}

const IDLE = { status: 'idle' } as const

/**
 * Creates a live read.
 *
 * @example
 * const quote = createLiveRead<OnrampQuote>()
 * quote.follow(`${amount}|${asset}`, (signal) => getBuyQuote(client, choice, { signal }), 'quoting the purchase')
 */
export function createLiveRead<T>({ delayMs = DEFAULT_DEBOUNCE_MS }: { delayMs?: number } = {}): LiveRead<T> {
  const store = createStore<{ state: LiveReadState<T> }>({ state: IDLE })
  let followed: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  const set = (state: LiveReadState<T>) => store.setState({ state })
  const stop = () => {
    clearTimeout(timer)
    controller?.abort()
    controller = undefined
  }
  return {
    getSnapshot: () => store.getSnapshot().state,
    subscribe: store.subscribe,
    follow(input, read, what) {
      if (input === followed) return
      stop()
      followed = input
      const mine = new AbortController()
      controller = mine
      set({ status: 'loading' })
      timer = setTimeout(() => {
        read(mine.signal).then(
          (value) => {
            if (!mine.signal.aborted) set({ status: 'ready', value })
          },
          (error: unknown) => {
            if (mine.signal.aborted) return
            console.error(`oriel: ${what} failed`, error)
            set({ status: 'error', message: getErrorMessage(error) })
          },
        )
      }, delayMs)
    },
    clear() {
      stop()
      followed = undefined
      set(IDLE)
    },
    pause() {
      stop()
      followed = undefined
    },
  }
}
