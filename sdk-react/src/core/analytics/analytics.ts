import type { EventsStore, OrielEvent } from '../events/eventsStore'
import { type AnalyticsEvent, checkAnalyticsConfigReply } from '../frameHost/analytics.gen'
import { FrameHostError, type FrameHostService } from '../frameHost/errors'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import type { QueryClient } from '../query/queryClient'

/** The body of frame-host's `POST /e` (`oriel_protocol::http::analytics::AnalyticsEvent`). */
export type AnalyticsEventBody = AnalyticsEvent

/** The analytics routes: their failures' words (only logged). */
const ANALYTICS_SERVICE: FrameHostService = {
  name: 'analytics',
  unreachable: 'Could not reach the analytics service',
  invalid: 'Invalid analytics configuration',
}

/** Events kept while the project's analytics setting is being fetched; later ones are dropped. */
export const MAX_PENDING_EVENTS = 20

export type StartAnalyticsParameters = {
  /** The client of the project's frame-host. */
  frameHost: FrameHost
  /** The client's query cache, which keeps the project's setting for the page's lifetime. */
  query: QueryClient
  events: EventsStore
  /** The connected account's CAIP-10 address, read when an event happens. */
  getAddress: () => string | undefined
  /** Called once, on the first 403 (the page's origin is not on the project's allow-list). */
  onForbidden: () => void
  /** The page (test seam). Default: `window.location`. */
  location?: (() => { href: string; hostname: string }) | undefined
  /** Default: `crypto.randomUUID`. */
  randomUUID?: (() => string) | undefined
}

/**
 * Reports the widget's events to frame-host (spec §7): asks `GET /getAnalyticsConfig` once, when
 * the first event happens, so a page that never touches the widget makes no request (analytics
 * is off when that call fails), then POSTs each event to `/e` with `keepalive`, so a
 * MODAL_CLOSE sent as the page unloads still arrives. Events that happen before the answer wait
 * for it (at most {@link MAX_PENDING_EVENTS}). The body goes as `text/plain` JSON, a simple
 * request with no preflight. A 403 from either call turns analytics off and calls `onForbidden`
 * once. Returns the stop function.
 *
 * @example
 * const stop = startAnalytics({ frameHost: client.frameHost, query: client.query, events, getAddress: () => account.getSnapshot().caipAddress, onForbidden })
 */
export function startAnalytics(parameters: StartAnalyticsParameters): () => void {
  const { frameHost } = parameters
  const location = parameters.location ?? (() => window.location)
  const randomUUID = parameters.randomUUID ?? (() => crypto.randomUUID())
  let state: 'pending' | 'on' | 'off' = 'pending'
  let stopped = false
  const pending: AnalyticsEventBody[] = []
  const isOff = () => state === 'off'

  const forbidden = () => {
    if (state === 'off') return
    state = 'off'
    pending.length = 0
    parameters.onForbidden()
  }

  const body = (event: OrielEvent): AnalyticsEventBody => {
    const page = location()
    const address = parameters.getAddress()
    const hasProperties = Object.keys(event.properties).length > 0
    return {
      eventId: randomUUID(),
      url: page.href,
      domain: page.hostname,
      timestamp: event.timestamp,
      props: {
        type: 'track',
        event: event.name,
        ...(address ? { address } : {}),
        ...(hasProperties ? { properties: event.properties } : {}),
      },
    }
  }

  const send = async (event: AnalyticsEventBody) => {
    try {
      await frameHost.request({ service: ANALYTICS_SERVICE, method: 'POST', path: '/e', body: event, plain: true, keepalive: true })
    } catch (error) {
      if (error instanceof FrameHostError && error.status === 403) forbidden()
      else if (error instanceof FrameHostError && error.status !== undefined) console.warn(`oriel: analytics event ${event.props.event} refused: HTTP ${error.status}`)
      else console.warn(`oriel: analytics event ${event.props.event} not sent`, error)
    }
  }

  let asked = false
  const stopListening = parameters.events.on((event) => {
    if (stopped || state === 'off') return
    const next = body(event)
    if (state === 'on') void send(next)
    else if (pending.length < MAX_PENDING_EVENTS) pending.push(next)
    if (!asked) {
      asked = true
      void askConfig()
    }
  })

  const askConfig = async () => {
    let enabled = false
    try {
      const read = (body: unknown) => parseAnswer(ANALYTICS_SERVICE, checkAnalyticsConfigReply, body).isAnalyticsEnabled
      const ask = () => frameHost.request({ service: ANALYTICS_SERVICE, path: '/getAnalyticsConfig', read })
      enabled = await parameters.query.fetch({ key: ['analyticsConfig'], read: ask, staleMs: Number.POSITIVE_INFINITY })
    } catch (error) {
      if (error instanceof FrameHostError && error.status === 403) forbidden()
      else console.debug('oriel: analytics is off: /getAnalyticsConfig failed', error)
    }
    // `forbidden` may have turned it off meanwhile.
    if (stopped || isOff()) return
    state = enabled ? 'on' : 'off'
    const queued = pending.splice(0)
    if (enabled) for (const event of queued) void send(event)
  }

  return () => {
    stopped = true
    pending.length = 0
    stopListening()
  }
}
