import { useEffect } from 'react'
import { getBalance, watchBalance, type GetBalanceReturnType } from '../../core/actions/getBalance'
import { refreshBalance } from '../../core/actions/refreshBalance'
import { useAccount } from './useAccount'
import { useClientState } from './useClientState'
import { useNetwork } from './useNetwork'
import { useOrielClient } from './useOrielClient'

export type UseBalanceReturnType = GetBalanceReturnType

/**
 * The connected account's native balance on the active network (`'0.000'` while unknown). Reads
 * it when the component mounts and when the account or network changes; a read younger than
 * 30 s is reused.
 *
 * @example
 * function Balance() {
 *   const { balance, balanceSymbol } = useBalance()
 *   return <span>{balance} {balanceSymbol}</span>
 * }
 */
export function useBalance(): UseBalanceReturnType {
  const client = useOrielClient()
  const { address, status } = useAccount()
  const { caipNetworkId } = useNetwork()
  useEffect(() => {
    if (status === 'connected' && address && caipNetworkId) void refreshBalance(client)
  }, [client, address, status, caipNetworkId])
  return useClientState(getBalance, watchBalance)
}
