import type { OrielClient } from '../client/createClient'
import type { OrielEvent } from '../events/eventsStore'
import type { WatchReturnType } from './cache'

/** The latest event, or `undefined` before the first. */
export type GetLastEventReturnType = OrielEvent | undefined

/**
 * The widget's latest event (MODAL_OPEN, CONNECT_SUCCESS, …); it changes with each event
 * {@link watchEvents} reports.
 *
 * @example
 * const event = getLastEvent(client)
 */
export function getLastEvent(client: OrielClient): GetLastEventReturnType {
  return client.events.getSnapshot()
}

export type WatchEventsParameters = {
  /** Called for every event, none skipped; one that throws is logged and changes nothing. */
  onEvent(event: OrielEvent): void
}

export type WatchEventsReturnType = WatchReturnType

/**
 * Calls `onEvent` for every event the widget reports. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchEvents(client, { onEvent: (event) => analytics.track(event.name, event.properties) })
 */
export function watchEvents(client: OrielClient, parameters: WatchEventsParameters): WatchEventsReturnType {
  return client.events.on(parameters.onEvent)
}
