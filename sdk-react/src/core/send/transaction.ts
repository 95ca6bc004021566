import { encodeFunctionData, erc20Abi, toHex } from 'viem'
import type { SendToken } from './token'

/** `transfer(address,uint256)`'s selector: the first 4 bytes of its keccak-256. */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb'

/** The object `eth_sendTransaction` and `eth_estimateGas` take (quantities as hex). */
export type SendTransactionRequest = {
  from: `0x${string}`
  to: `0x${string}`
  value: `0x${string}`
  data?: `0x${string}` | undefined
}

const UINT256_MAX = (1n << 256n) - 1n

/**
 * The calldata of ERC-20 `transfer(to, amount)` (viem's encoding with its ERC-20 ABI).
 * Tokens whose `transfer` returns nothing (USDT) take the same call: only the receipt's status
 * says whether it worked.
 *
 * @example
 * encodeTransfer('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1_500_000n)
 * // '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000000000000000000000000000000000000016e360'
 */
export function encodeTransfer(to: `0x${string}`, amount: bigint): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new TypeError(`${to} is not an EVM address`)
  if (amount < 0n || amount > UINT256_MAX) throw new RangeError(`${amount} does not fit a uint256`)
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to.toLowerCase() as `0x${string}`, amount] })
}

/** A quantity as JSON-RPC hex (`0x0`, `0x16e360`). */
export function toQuantity(value: bigint): `0x${string}` {
  return toHex(value)
}

export type BuildSendTransactionParameters = {
  from: `0x${string}`
  /** The receiver (validated). */
  to: `0x${string}`
  token: Pick<SendToken, 'contract'>
  /** Base units. */
  value: bigint
}

/**
 * The transaction of a send: the native coin goes straight to the receiver
 * (`{ from, to, value }`); an ERC-20 is a call of the token's `transfer(to, value)` with no
 * value.
 *
 * @example
 * buildSendTransaction({ from, to, token: { contract: undefined }, value: 10n ** 18n })
 * // { from, to, value: '0xde0b6b3a7640000' }
 */
export function buildSendTransaction({ from, to, token, value }: BuildSendTransactionParameters): SendTransactionRequest {
  if (!token.contract) return { from, to, value: toQuantity(value) }
  if (!/^0x[0-9a-fA-F]{40}$/.test(token.contract)) throw new TypeError(`${token.contract} is not an ERC-20 contract`)
  return { from, to: token.contract as `0x${string}`, value: '0x0', data: encodeTransfer(to, value) }
}
