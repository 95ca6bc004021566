import { UnknownEventError } from '../errors/modal'
import type { ReadableStore } from '../store/createStore'

/** The events the widget reports (spec §7's tracked events). */
export const EVENT_NAMES = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'CONNECT_SUCCESS',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SWITCH_NETWORK',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SEARCH_WALLET',
] as const

/** One of {@link EVENT_NAMES}. */
export type OrielEventName = (typeof EVENT_NAMES)[number]

/** Free-form details of an event, e.g. `{ connected: true }` for MODAL_CLOSE. */
export type OrielEventProperties = Readonly<Record<string, unknown>>

/** Something that happened in the widget, as a dapp sees it. */
export interface OrielEvent {
  readonly name: OrielEventName
  /** `Date.now()` when it happened. */
  readonly timestamp: number
  readonly properties: OrielEventProperties
}

/** The latest event (as a store) plus a listener for every event. */
export interface EventsStore extends ReadableStore<OrielEvent | undefined> {
  /** Reports an event. An unknown name throws `UnknownEventError`. */
  emit(name: OrielEventName, properties?: OrielEventProperties): void
  /** Calls `listener` with every event from now on; returns the unsubscribe function. */
  on(listener: (event: OrielEvent) => void): () => void
}

export type CreateEventsStoreParameters = {
  /** Clock (a test seam). */
  now?: (() => number) | undefined
}

export type CreateEventsStoreReturnType = EventsStore

/**
 * Creates the event channel dapps listen to with `useOrielEvents()`.
 *
 * @example
 * const events = createEventsStore()
 * const off = events.on((event) => console.log(event.name, event.properties))
 * events.emit('MODAL_OPEN', { connected: false })
 * off()
 */
export function createEventsStore(parameters: CreateEventsStoreParameters = {}): CreateEventsStoreReturnType {
  const now = parameters.now ?? Date.now
  const listeners = new Set<(event: OrielEvent) => void>()
  const subscribers = new Set<() => void>()
  let latest: OrielEvent | undefined

  const add = <T>(set: Set<T>, item: T) => {
    set.add(item)
    return () => void set.delete(item)
  }

  return {
    getSnapshot: () => latest,
    subscribe: (listener) => add(subscribers, listener),
    on: (listener) => add(listeners, listener),
    emit(name, properties = {}) {
      if (!(EVENT_NAMES as readonly string[]).includes(name)) throw new UnknownEventError({ event: name })
      const event: OrielEvent = Object.freeze({ name, timestamp: now(), properties: Object.freeze({ ...properties }) })
      latest = event
      for (const listener of [...listeners]) {
        // A dapp's listener that throws must not break the widget or the other listeners.
        try {
          listener(event)
        } catch (error) {
          console.error('oriel: an event listener threw', error)
        }
      }
      for (const subscriber of [...subscribers]) subscriber()
    },
  }
}
