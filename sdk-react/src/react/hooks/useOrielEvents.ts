import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { getLastEvent, watchEvents } from '../../core/actions/watchEvents'
import type { OrielEvent } from '../../core/events/eventsStore'
import { useOrielClient } from './useOrielClient'

export type UseOrielEventsParameters = ((event: OrielEvent) => void) | undefined

export type UseOrielEventsReturnType = OrielEvent | undefined

/**
 * The widget's events: MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, DISCONNECT_SUCCESS,
 * DISCONNECT_ERROR, … Returns the latest one (re-rendering on each); pass a listener to be
 * called for every event, none skipped, without re-rendering for it.
 *
 * @example
 * function Analytics() {
 *   useOrielEvents((event) => {
 *     if (event.name === 'CONNECT_SUCCESS') track('wallet_connected', event.properties)
 *   })
 *   return null
 * }
 *
 * function LastEvent() {
 *   const event = useOrielEvents()
 *   return <span>{event?.name ?? 'nothing yet'}</span>
 * }
 */
export function useOrielEvents(onEvent?: UseOrielEventsParameters): UseOrielEventsReturnType {
  const client = useOrielClient()
  const listener = useRef(onEvent)
  listener.current = onEvent
  const subscribed = onEvent !== undefined
  useEffect(() => {
    if (!subscribed) return
    return watchEvents(client, { onEvent: (event) => listener.current?.(event) })
  }, [client, subscribed])
  const subscribe = useCallback((onChange: () => void) => watchEvents(client, { onEvent: onChange }), [client])
  const get = useCallback(() => getLastEvent(client), [client])
  return useSyncExternalStore(subscribe, get, get)
}
