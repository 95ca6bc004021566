import { SOCIAL_DONE_MESSAGE_TYPE } from '../../codec/constants.gen'
import type { SocialProvider } from '../../codec/protocol.gen'

/**
 * What frame-host's social-login callback page told the dapp page: the login ended, and the
 * frame now has a result to redeem (`ok`), or it failed and why. The message carries no secret.
 */
export type SocialDone = { ok: true } | { ok: false; message: string }

/** `oriel_protocol::http::social::MESSAGE_VERSION`. */
const MESSAGE_VERSION = 1
/** `SocialDoneMessage`'s keys. */
const KEYS = ['type', 'version', 'provider', 'ok', 'error']
/** `SocialErrorCode`'s names on the wire. */
const FAILURE_CODES = ['access_denied', 'state_mismatch', 'expired', 'token_exchange', 'provider_error']
/** The longest failure text shown. */
const MAX_TEXT = 200

/**
 * Reads `data` as the `oriel:social-done` message of a login with `provider`
 * (`oriel_protocol::http::social::SocialDoneMessage`): exactly its keys, each of its type, this
 * version and provider; a failure has a known code and a text (shown without control
 * characters, at most 200 of them). `undefined` for anything else. The caller checks where it
 * came from (frame-host's origin, the login's popup).
 *
 * @example
 * readSocialDone({ type: 'oriel:social-done', version: 1, provider: 'google', ok: true }, 'google') // { ok: true }
 */
export function readSocialDone(data: unknown, provider: SocialProvider): SocialDone | undefined {
  if (!isRecord(data) || Object.keys(data).some((key) => !KEYS.includes(key))) return undefined
  const { type, version, ok, error } = data
  if (type !== SOCIAL_DONE_MESSAGE_TYPE || version !== MESSAGE_VERSION || data['provider'] !== provider) return undefined
  if (ok === true) return error === undefined ? { ok: true } : undefined
  if (ok !== false || !isRecord(error) || Object.keys(error).length !== 2) return undefined
  const { code, message } = error
  if (typeof code !== 'string' || !FAILURE_CODES.includes(code) || typeof message !== 'string') return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const text = message.replace(/[\u0000-\u001f\u007f-\u009f]/gu, '').slice(0, MAX_TEXT).trim()
  return { ok: false, message: text || 'The sign-in failed: start again' }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
