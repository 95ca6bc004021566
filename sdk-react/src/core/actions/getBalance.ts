import { UNKNOWN_BALANCE, formatBalance, nativeBalanceKey, type NativeBalance } from '../account/balance'
import type { OrielClient } from '../client/createClient'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'
import { getNetwork } from './getNetwork'

export type GetBalanceReturnType = {
  /** The native balance of the connected account on the active network, truncated to 3 decimals; `'0.000'` while unknown. */
  balance: string
  /** The active network's native currency symbol, e.g. `ETH`. */
  balanceSymbol: string
}

const cache = createClientCache<GetBalanceReturnType>('balance')

/**
 * The cached native balance of the connected account on the active network (spec §3 `balance`,
 * `balanceSymbol`), from the query cache (the Tokens tab shows the same). `refreshBalance` reads it; the same object until it or the account or
 * network changes.
 *
 * @example
 * const { balance, balanceSymbol } = getBalance(client) // '10.000', 'ETH'
 */
export function getBalance(client: OrielClient): GetBalanceReturnType {
  const { address } = client.account.getSnapshot()
  const { caipNetworkId, network } = getNetwork(client)
  const data = address ? client.query.get<NativeBalance>(nativeBalanceKey(address, caipNetworkId))?.data : undefined
  const balanceSymbol = network.nativeCurrency.symbol
  return cache.get(client, [data, balanceSymbol], () => ({
    balance: data ? formatBalance(data.value, data.decimals) : UNKNOWN_BALANCE,
    balanceSymbol,
  }))
}

export type WatchBalanceParameters = WatchParameters<GetBalanceReturnType>

export type WatchBalanceReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the shown balance changes (a read finished, or the account or network
 * changed). Returns the unsubscribe function.
 *
 * @example
 * const stop = watchBalance(client, { onChange: ({ balance, balanceSymbol }) => console.log(balance, balanceSymbol) })
 */
export function watchBalance(client: OrielClient, parameters: WatchBalanceParameters): WatchBalanceReturnType {
  return watch(client, [client.account, client.connection, client.query], getBalance, parameters.onChange)
}
