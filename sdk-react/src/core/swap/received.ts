// What a mined swap paid the user, read from its receipt's logs.
import { pad } from 'viem'

/** keccak-256 of `Transfer(address,address,uint256)` (ERC-20). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak-256 of `Withdrawal(address,uint256)` (WETH9: wrapped coin turned back into the native coin). */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/** The most logs read from one receipt. */
const MAX_LOGS = 1000

type Log = { address?: unknown; topics?: unknown; data?: unknown }

/** An address as a 32-byte topic, lowercase. */
const asTopic = (address: `0x${string}`) => pad(address).toLowerCase()

function amountOf(log: Log): bigint {
  return typeof log.data === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(log.data) ? BigInt(log.data) : 0n
}

export type ReceivedAmountParameters = {
  /** The receipt as `eth_getTransactionReceipt` answers it. */
  receipt: unknown
  /** The swap's sender, who receives its output. */
  user: `0x${string}`
  /** The router the swap called. */
  router: `0x${string}`
  /** The contract of the token bought; for the native coin, the wrapped token the path ends with. */
  token: `0x${string}`
  /** Whether the swap pays the native coin (the router unwraps it and sends it on). */
  native: boolean
}

/**
 * The base units a swap paid `user`: the bought token's `Transfer` logs to `user`, or for the
 * native coin the wrapped token's `Withdrawal` logs by the router (the router unwraps the output
 * and sends it on, which leaves no log). `undefined` when the receipt holds no such log.
 *
 * @example
 * receivedAmount({ receipt, user, router, token: dusd, native: false }) // 296_150_425n
 */
export function receivedAmount({ receipt, user, router, token, native }: ReceivedAmountParameters): bigint | undefined {
  const logs = (typeof receipt === 'object' && receipt !== null ? (receipt as { logs?: unknown }).logs : undefined) as Log[] | undefined
  if (!Array.isArray(logs)) return undefined
  const [topic, party, position] = native ? [WITHDRAWAL_TOPIC, router, 1] : [TRANSFER_TOPIC, user, 2]
  let total: bigint | undefined
  for (const log of logs.slice(0, MAX_LOGS)) {
    const topics = Array.isArray(log.topics) ? (log.topics as unknown[]) : []
    if (typeof log.address !== 'string' || log.address.toLowerCase() !== token.toLowerCase()) continue
    if (topics[0] !== topic || typeof topics[position] !== 'string') continue
    if ((topics[position] as string).toLowerCase() !== asTopic(party)) continue
    total = (total ?? 0n) + amountOf(log)
  }
  return total
}
