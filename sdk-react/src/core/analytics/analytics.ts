import type { EventsStore, OrielEvent, OrielEventName } from '../events/eventsStore'
import { frameHostQuery } from '../wallets/registry'

/** The body of frame-host's `POST /e` (mirrors `oriel_protocol::http::analytics::AnalyticsEvent`). */
export interface AnalyticsEventBody {
  /** A random UUID; frame-host stores each id once. */
  readonly eventId: string
  /** The page the widget runs on. */
  readonly url: string
  /** The page's host name. */
  readonly domain: string
  /** When it happened, Unix ms. */
  readonly timestamp: number
  readonly props: {
    readonly type: 'track'
    readonly event: OrielEventName
    /** The connected account (CAIP-10), if any. */
    readonly address?: string | undefined
    readonly properties?: Readonly<Record<string, unknown>> | undefined
  }
}

/** Events kept while the project's analytics setting is being fetched; later ones are dropped. */
export const MAX_PENDING_EVENTS = 20

export type StartAnalyticsParameters = {
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  events: EventsStore
  /** The connected account's CAIP-10 address, read when an event happens. */
  getAddress: () => string | undefined
  /** Called once, on the first 403 (the page's origin is not on the project's allow-list). */
  onForbidden: () => void
  /** Default: the global `fetch`, read on each call. */
  fetch?: typeof fetch | undefined
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
 * const stop = startAnalytics({ baseUrl, projectId: 'demo', events, getAddress: () => account.getSnapshot().caipAddress, onForbidden })
 */
export function startAnalytics(parameters: StartAnalyticsParameters): () => void {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  const query = frameHostQuery(parameters.projectId)
  const fetchFn = (...args: Parameters<typeof fetch>) => (parameters.fetch ?? fetch)(...args)
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
      const response = await fetchFn(`${base}/e?${query}`, {
        method: 'POST',
        body: JSON.stringify(event),
        keepalive: true,
        credentials: 'omit',
      })
      if (response.status === 403) forbidden()
      else if (!response.ok) console.warn(`oriel: analytics event ${event.props.event} refused: HTTP ${response.status}`)
    } catch (error) {
      console.warn(`oriel: analytics event ${event.props.event} not sent`, error)
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
      const response = await fetchFn(`${base}/getAnalyticsConfig?${query}`, { credentials: 'omit' })
      if (response.status === 403) forbidden()
      else if (response.ok) enabled = ((await response.json()) as { isAnalyticsEnabled?: unknown }).isAnalyticsEnabled === true
      else console.debug(`oriel: analytics is off: /getAnalyticsConfig answered HTTP ${response.status}`)
    } catch (error) {
      console.debug('oriel: analytics is off: /getAnalyticsConfig failed', error)
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
