// The sign-in message (spec §3 "Sign-in session"): its fields, and its text in the formats
// wallets and verifiers know — EIP-4361 for eip155, CAIP-122 for the other namespaces.
import { BaseError } from '../errors/base'

/** The fields of a sign-in message (spec §3). Times are ISO 8601 (RFC 3339) strings. */
export interface SIWXMessageData {
  /** The page's scheme when it is not `https` (EIP-4361 reads an absent scheme as https): `http`. */
  readonly scheme?: string | undefined
  /** The site asking, as an RFC 3986 authority: `lumen.app`, `localhost:5173`. */
  readonly domain: string
  /** The address signing, as the namespace writes it (EIP-55 for eip155, base58 for solana). */
  readonly accountAddress: string
  /** A sentence for the user; no line breaks. */
  readonly statement?: string | undefined
  /** The resource the session is for (the page's URL, RFC 3986). */
  readonly uri: string
  /** Always `1`. */
  readonly version: '1'
  /** The network, CAIP-2: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  readonly chainId: string
  /** The verifier's single-use nonce: at least 8 letters or digits. */
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  /** URIs the session also covers. */
  readonly resources?: readonly string[] | undefined
}

export type InvalidSIWXMessageErrorType = InvalidSIWXMessageError & { name: 'InvalidSIWXMessageError' }
/** A sign-in field that would make an ambiguous or invalid message. */
export class InvalidSIWXMessageError extends BaseError {
  override name = 'InvalidSIWXMessageError'
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`Invalid sign-in message: ${field} ${reason}`)
  }
}

/** The account names of CAIP-122 per namespace ("…sign in with your Solana account"). */
const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/** Longest accepted field, in characters: a message is shown in full before it is signed. */
const MAX_FIELD = 2048
const MAX_RESOURCES = 32
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The message's text: EIP-4361 for eip155 (`Chain ID` is the decimal chain id), CAIP-122 for
 * other namespaces (the same lines, the account named by the namespace, `Chain ID` the CAIP-2
 * reference). Throws {@link InvalidSIWXMessageError} for a field that would break the format.
 *
 * @example
 * formatSIWXMessage({ domain: 'lumen.app', accountAddress: '0xAb58…', uri: 'https://lumen.app',
 *   version: '1', chainId: 'eip155:1', nonce: 'k7Gq2Pz9', issuedAt: '2026-11-26T10:00:00.000Z' })
 * // 'lumen.app wants you to sign in with your Ethereum account:\n0xAb58…\n\n\nURI: https://lumen.app\n…'
 */
export function formatSIWXMessage(data: SIWXMessageData): string {
  check(data)
  const [namespace, reference] = data.chainId.split(':') as [string, string]
  const lines = [
    `${data.scheme ? `${data.scheme}://` : ''}${data.domain} wants you to sign in with your ${ACCOUNT_NAMES[namespace]} account:`,
    data.accountAddress,
    '',
    ...(data.statement ? [data.statement, ''] : ['']),
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  ]
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId !== undefined) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

function check(data: SIWXMessageData): void {
  const fail = (field: string, reason: string) => {
    throw new InvalidSIWXMessageError({ field, reason })
  }
  const texts: [string, string | undefined][] = [
    ['domain', data.domain],
    ['accountAddress', data.accountAddress],
    ['statement', data.statement],
    ['uri', data.uri],
    ['nonce', data.nonce],
    ['requestId', data.requestId],
  ]
  for (const [field, value] of texts) {
    if (value === undefined) continue
    if (value.length > MAX_FIELD) fail(field, `is longer than ${MAX_FIELD} characters`)
    if (/[\n\r]/.test(value)) fail(field, 'has a line break')
  }
  if (!/^[^\s/?#@]+(:\d{1,5})?$/.test(data.domain)) fail('domain', 'is not a host with an optional port')
  if (data.scheme !== undefined && !/^[a-zA-Z][a-zA-Z0-9+.-]*$/.test(data.scheme)) fail('scheme', 'is not a URI scheme')
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(data.uri)) fail('uri', 'is not an absolute URI')
  if (data.version !== '1') fail('version', 'must be 1')
  if (!/^[a-zA-Z0-9]{8,}$/.test(data.nonce)) fail('nonce', 'must be at least 8 letters or digits')
  const [namespace, reference] = data.chainId.split(':')
  if (!namespace || !reference || !ACCOUNT_NAMES[namespace]) fail('chainId', 'is not a CAIP-2 id of a known namespace')
  if (namespace === 'eip155' && !/^0x[0-9a-fA-F]{40}$/.test(data.accountAddress)) fail('accountAddress', 'is not an EVM address')
  for (const [field, value] of [
    ['issuedAt', data.issuedAt],
    ['expirationTime', data.expirationTime],
    ['notBefore', data.notBefore],
  ] as const) {
    if (value !== undefined && !RFC3339.test(value)) fail(field, 'is not an RFC 3339 time')
  }
  const resources = data.resources ?? []
  if (resources.length > MAX_RESOURCES) fail('resources', `has more than ${MAX_RESOURCES} entries`)
  for (const r of resources) {
    if (r.length > MAX_FIELD || !/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(r)) fail('resources', 'holds an entry that is not an absolute URI')
  }
}
