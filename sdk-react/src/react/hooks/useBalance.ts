import { getBalance, watchBalance, type GetBalanceReturnType } from '../../core/actions/getBalance'
import { refreshBalance } from '../../core/actions/refreshBalance'
import { useRefreshedClientState } from './useClientState'

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
  return useRefreshedClientState(refreshBalance, getBalance, watchBalance)
}
