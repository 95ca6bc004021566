import type { TokenBalance } from '../blockchain/client'
import { isEvmAddress } from '../validation/address'
import { isSolanaAddress } from '../validation/solanaAddress'
import { parseAmount } from './amount'

/** A token the user can send: an entry of the balance list with its numbers made exact. */
export interface SendToken {
  /** Stable id in the list: the balance's `chainId:contract`, or `chainId:native`. */
  readonly key: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The ERC-20 contract (lower case) or the SPL mint (base58); `undefined` for the native coin. */
  readonly contract: string | undefined
  /** The balance in base units. */
  readonly balance: bigint
  /** USD per whole token, `null` when unknown. */
  readonly price: number | null
  readonly iconUrl?: string | undefined
}

/**
 * The sendable form of a balance entry, or `undefined` when the entry cannot be sent (decimals
 * that are not a whole number, a contract that is not an EVM address, an unreadable quantity).
 *
 * @example
 * toSendToken({ name: 'Devnet Dollar', symbol: 'dUSD', chainId: 'eip155:31337',
 *   address: 'eip155:31337:0x5fbd…', value: 1000, price: 1, quantity: { decimals: '6', numeric: '1000' } })
 * // { symbol: 'dUSD', decimals: 6, contract: '0x5fbd…', balance: 1000000000n, … }
 */
export function toSendToken(entry: TokenBalance): SendToken | undefined {
  const decimals = Number(entry.quantity.decimals)
  if (!/^\d{1,2}$/.test(entry.quantity.decimals) || !Number.isSafeInteger(decimals)) return undefined
  let contract: string | undefined
  if (entry.address !== undefined) {
    const candidate = entry.address.split(':').at(-1)
    if (entry.chainId.startsWith('solana:')) {
      if (!isSolanaAddress(candidate)) return undefined
      contract = candidate
    } else {
      if (!isEvmAddress(candidate) || !candidate.startsWith('0x')) return undefined
      contract = candidate.toLowerCase()
    }
  }
  const numeric = /^\d+(?:\.(\d+))?$/.exec(entry.quantity.numeric)
  if (!numeric || (numeric[1]?.length ?? 0) > decimals) return undefined
  const balance = parseAmount(entry.quantity.numeric, decimals)
  return {
    key: entry.address ?? `${entry.chainId}:native`,
    name: entry.name,
    symbol: entry.symbol,
    decimals,
    contract,
    balance,
    price: entry.price,
    iconUrl: entry.iconUrl,
  }
}

/**
 * The tokens of a balance list that can be sent, in list order (frame-host lists the native coin
 * first).
 *
 * @example
 * sendableTokens(getTokenBalances(client).balances).map((t) => t.symbol) // ['ETH', 'dUSD', 'DEV', 'dUSDT']
 */
export function sendableTokens(balances: readonly TokenBalance[]): SendToken[] {
  return balances.flatMap((entry) => toSendToken(entry) ?? [])
}
