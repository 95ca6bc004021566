import { createStore, type ReadableStore } from '../store/createStore'
import type { FrameStatus } from './types'

/** The embedded wallet's one status store: `core/embedded` and its frame client write it. */
export interface FrameStatusStore extends ReadableStore<FrameStatus> {
  /** Replaces the status (frozen, so a snapshot never changes under a reader). */
  set(status: FrameStatus): void
}

/** The status before anything is loaded. */
export const IDLE: FrameStatus = Object.freeze({ state: 'idle' })

/**
 * Creates the status store, `idle` at first.
 *
 * @example
 * const status = createFrameStatusStore()
 * status.set({ ...status.getSnapshot(), state: 'loading' })
 */
export function createFrameStatusStore(): FrameStatusStore {
  const store = createStore<{ status: FrameStatus }>({ status: IDLE })
  return {
    getSnapshot: () => store.getSnapshot().status,
    subscribe: store.subscribe,
    set: (status) => store.setState({ status: Object.freeze(status) }),
  }
}
