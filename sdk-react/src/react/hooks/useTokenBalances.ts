import { getTokenBalances, refreshTokenBalances, watchTokenBalances, type GetTokenBalancesReturnType } from '../../core/actions/tokenBalances'
import { useRefreshedClientState } from './useClientState'

export type UseTokenBalancesReturnType = GetTokenBalancesReturnType

/**
 * The connected account's token balances on the active network. Reads them when the component
 * mounts and when the account or network changes; a list younger than 30 s is reused, and no
 * fetch starts within 30 s of a failure.
 *
 * @example
 * function Tokens() {
 *   const { balances } = useTokenBalances()
 *   return <ul>{balances.map((b) => <li key={b.symbol}>{b.symbol}</li>)}</ul>
 * }
 */
export function useTokenBalances(): UseTokenBalancesReturnType {
  return useRefreshedClientState(refreshTokenBalances, getTokenBalances, watchTokenBalances)
}
