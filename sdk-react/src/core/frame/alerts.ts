import { ProtocolVersionMismatchError } from '../../codec/codec'
import { BaseError } from '../errors/base'
import { FrameRequestTimeoutError } from './errors'
import type { OrielAlert } from './types'

// `reportOnce` is in the initial chunk (the embedded wallet uses it); `alertFor` only in the
// lazily loaded frame client, so the codec's error classes stay out of that chunk.

/** Reporters made by {@link reportOnce}, so wrapping one again gives it back unchanged. */
const reporters = new WeakSet<(alert: OrielAlert) => void>()

/**
 * Wraps `onAlert` so each alert id reaches it at most once. Wrapping a function this made
 * returns it unchanged: the embedded wallet and its frame client then share one set.
 *
 * @example
 * const report = reportOnce((alert) => toast(alert.message))
 * report(alertFor(error))
 */
export function reportOnce(onAlert: (alert: OrielAlert) => void): (alert: OrielAlert) => void {
  if (reporters.has(onAlert)) return onAlert
  const reported = new Set<OrielAlert['id']>()
  const report = (alert: OrielAlert) => {
    if (reported.has(alert.id)) return
    reported.add(alert.id)
    onAlert(alert)
  }
  reporters.add(report)
  return report
}

/** The text of a load failure whose error has no user-facing message of its own. */
const LOAD_FAILED = 'Unable to load email login dependency'

/**
 * The spec §8 alert for a failed load or request, picked by the error's class: a version
 * mismatch, a request timeout, else a load failure. The message is the error's short message.
 *
 * @example
 * alertFor(new FrameRequestTimeoutError({ request: 'GetUser', timeoutMs: 30_000 }))
 * // { id: 'iframe_request_timeout', message: 'Embedded Wallet Request Timed Out' }
 */
export function alertFor(error: unknown): OrielAlert {
  const message = error instanceof BaseError ? error.shortMessage : LOAD_FAILED
  if (error instanceof ProtocolVersionMismatchError) return { id: 'version_mismatch', message }
  if (error instanceof FrameRequestTimeoutError) return { id: 'iframe_request_timeout', message }
  return { id: 'iframe_load_failed', message }
}
