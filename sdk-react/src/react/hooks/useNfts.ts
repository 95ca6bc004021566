import { useCallback } from 'react'
import { getAccountNfts, refreshAccountNfts, watchAccountNfts, type GetAccountNftsReturnType } from '../../core/actions/accountNfts'
import { useRefreshedClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseNftsReturnType = GetAccountNftsReturnType & {
  /** Reads the list again. */
  retry(): void
}

/**
 * The NFTs the connected account owns on the active network (frame-host's NFTs route), read
 * when the component mounts and whenever the account or network changes.
 *
 * @example
 * const { nfts, loading, failed } = useNfts()
 */
export function useNfts(): UseNftsReturnType {
  const client = useOrielClient()
  const state = useRefreshedClientState(refreshAccountNfts, getAccountNfts, watchAccountNfts)
  const retry = useCallback(() => void refreshAccountNfts(client), [client])
  return { ...state, retry }
}
