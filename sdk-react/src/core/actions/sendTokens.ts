import type { OrielClient } from '../client/createClient'
import { maxSendable } from '../send/amount'
import { NoSendWalletError } from '../send/errors'
import { estimateNetworkFee, type NetworkFee } from '../send/fee'
import { sendableTokens, type SendToken } from '../send/token'
import { buildSendTransaction } from '../send/transaction'
import { isEvmAddress, toChecksumAddress } from '../validation/address'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'
import { getProvider } from './getProvider'
import { getTokenBalances } from './tokenBalances'

const cache = createClientCache<readonly SendToken[]>('sendTokens')

/**
 * The tokens the connected account can send on the active network: the native coin and the
 * ERC-20s of its balance list, with exact balances. The same array until the list changes.
 *
 * @example
 * getSendTokens(client).map((t) => t.symbol) // ['ETH', 'dUSD', 'DEV', 'dUSDT']
 */
export function getSendTokens(client: OrielClient): readonly SendToken[] {
  const { balances } = getTokenBalances(client)
  return cache.get(client, [balances], () => sendableTokens(balances))
}

/**
 * Calls `onChange` whenever the sendable tokens change (a balance read finished, or the account
 * or network changed). Returns the unsubscribe function.
 *
 * @example
 * const stop = watchSendTokens(client, { onChange: (tokens) => console.log(tokens.length) })
 */
export function watchSendTokens(client: OrielClient, parameters: WatchParameters<readonly SendToken[]>): WatchReturnType {
  return watch(client, [client.account, client.connection, client.query], getSendTokens, parameters.onChange)
}

/**
 * The send token with `key`, from the current balance list; `undefined` when none is chosen or
 * the list no longer has it.
 *
 * @example
 * findSendToken(client, getSendStore(client).getSnapshot().tokenKey)?.symbol // 'dUSD'
 */
export function findSendToken(client: OrielClient, key: string | undefined): SendToken | undefined {
  return key === undefined ? undefined : getSendTokens(client).find((token) => token.key === key)
}

/** Lamports per signature on every Solana cluster (5000); the Send view's fee line on solana. */
export const SOLANA_FEE_PER_SIGNATURE = 5_000n

export type EstimateSendFeeParameters = {
  token: SendToken
  /** Base units; 0 to estimate before an amount is known. */
  value: bigint
  /** A valid receiver, or `undefined` to estimate with the sender's own address. */
  to?: `0x${string}` | undefined
}

/**
 * The network fee of sending `value` of `token` (spec: shown before confirming), estimated
 * through the connected wallet's provider. Throws when there is no connected eip155 wallet or
 * the chain refuses the estimate (a transfer that would revert).
 *
 * @example
 * const fee = await estimateSendFee(client, { token, value: 1_500_000n, to })
 */
export async function estimateSendFee(client: OrielClient, parameters: EstimateSendFeeParameters): Promise<NetworkFee> {
  const { address, namespace } = client.account.getSnapshot()
  // A Solana send is one signature, with no priority fee: the cluster's fee per signature.
  if (address && namespace === 'solana') return { gas: 1n, expected: SOLANA_FEE_PER_SIGNATURE, max: SOLANA_FEE_PER_SIGNATURE }
  const { provider } = getProvider(client)
  if (!address || namespace !== 'eip155' || !provider) throw new NoSendWalletError()
  const from = address as `0x${string}`
  const request = buildSendTransaction({ from, to: parameters.to ?? from, token: parameters.token, value: parameters.value })
  return estimateNetworkFee(provider, request)
}

/**
 * The Max amount of `token` in whole tokens: its whole balance, or for the native coin the balance
 * minus the most the network fee can cost (estimated for a transfer to `receiver` when it is
 * valid, else to the sender).
 *
 * @example
 * await getMaxSendAmount(client, { token: eth, receiver: '' }) // '9.99995'
 */
export async function getMaxSendAmount(client: OrielClient, { token, receiver }: { token: SendToken; receiver: string }): Promise<bigint> {
  if (token.contract) return token.balance
  // Without a valid receiver yet, estimate a transfer to the sender: a plain transfer costs the
  // same gas to any externally owned address.
  const text = receiver.trim()
  const to = isEvmAddress(text) ? toChecksumAddress(text) : undefined
  const fee = await estimateSendFee(client, { token, value: 0n, to })
  return maxSendable({ balance: token.balance, native: true, feeReserve: fee.max })
}
