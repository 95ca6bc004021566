import { useCallback, useEffect, useState } from 'react'
import { getAccount, watchAccount } from '../../core/actions/getAccount'
import { getNetwork, watchNetwork } from '../../core/actions/getNetwork'
import { getNfts, type OwnedNft } from '../../core/blockchain/nfts'
import { useClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseNftsReturnType = {
  /** The NFTs the connected account owns on the active network; empty while unknown. */
  nfts: readonly OwnedNft[]
  /** A fetch is under way. */
  loading: boolean
  /** The last fetch failed. */
  failed: boolean
  /** NFTs are read for EVM accounts only: `false` for another namespace, and nothing is fetched. */
  supported: boolean
  /** Fetches the list again. */
  retry(): void
}

type Read = { key: string; nfts: readonly OwnedNft[]; failed: boolean }

/**
 * The NFTs the connected account owns on the active network (frame-host's NFTs route), fetched
 * when the component mounts and whenever the account or network changes.
 *
 * @example
 * const { nfts, loading, failed } = useNfts()
 */
export function useNfts(): UseNftsReturnType {
  const client = useOrielClient()
  const { address, status, namespace } = useClientState(getAccount, watchAccount)
  const { caipNetworkId } = useClientState(getNetwork, watchNetwork)
  // frame-host indexes EVM networks only.
  const key = status === 'connected' && address && namespace === 'eip155' ? `${caipNetworkId}|${address}` : undefined
  const [read, setRead] = useState<Read>()
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-reads the list when the user retries
  useEffect(() => {
    if (!key || !address) return
    let current = true
    getNfts(client.frameHost, { address, chainId: caipNetworkId }).then(
      (nfts) => current && setRead({ key, nfts, failed: false }),
      (error: unknown) => {
        console.error(`oriel: reading the NFTs of ${address} on ${caipNetworkId} failed`, error)
        if (current) setRead({ key, nfts: [], failed: true })
      },
    )
    return () => {
      current = false
    }
  }, [client, key, address, caipNetworkId, attempt])

  const retry = useCallback(() => {
    setRead(undefined)
    setAttempt((n) => n + 1)
  }, [])
  const own = read?.key === key ? read : undefined
  const supported = namespace === 'eip155'
  return { nfts: own?.nfts ?? [], loading: key !== undefined && own === undefined, failed: own?.failed ?? false, supported, retry }
}
