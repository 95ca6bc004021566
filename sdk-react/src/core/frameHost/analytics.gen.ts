// Generated from the oriel-protocol crate (http::analytics) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, boolean, integer, object, string } from './check'
import { record, unknown } from './checkForms'

/** The answer of `GET /getAnalyticsConfig`. */
export type AnalyticsConfigReply = {
  /**
   * Whether the project collects the widget's events; the SDK sends none when false (or
   * when this call fails).
   */
  readonly isAnalyticsEnabled: boolean
}

export const checkAnalyticsConfigReply: Check<AnalyticsConfigReply> = /*#__PURE__*/ object<AnalyticsConfigReply>({ isAnalyticsEnabled: boolean })

/** The `props` of an `AnalyticsEvent`. */
export type EventProps = {
  /** Always `EVENT_TYPE_TRACK`. */
  readonly type: string
  /** One of `TRACKED_EVENTS`. */
  readonly event: string
  /** The connected account (CAIP-10 or a plain address), if any. */
  readonly address?: string
  /** The event's details, a JSON object of at most `MAX_EVENT_PROPERTIES_LEN` bytes. */
  readonly properties?: Readonly<Record<string, unknown>>
}

export const checkEventProps: Check<EventProps> = /*#__PURE__*/ object<EventProps>({ type: string, event: string }, { address: string, properties: record(unknown) })

/** `POST /e`: one event. */
export type AnalyticsEvent = {
  /** A random UUID naming the event; sending it again stores nothing new. */
  readonly eventId: string
  /** The page the widget runs on (at most `MAX_EVENT_URL_LEN` characters). */
  readonly url: string
  /** The page's host name (at most `MAX_EVENT_DOMAIN_LEN` characters). */
  readonly domain: string
  /** When it happened, Unix milliseconds. */
  readonly timestamp: number
  /** What happened. */
  readonly props: EventProps
}

export const checkAnalyticsEvent: Check<AnalyticsEvent> = /*#__PURE__*/ object<AnalyticsEvent>({ eventId: string, url: string, domain: string, timestamp: integer(), props: checkEventProps })
