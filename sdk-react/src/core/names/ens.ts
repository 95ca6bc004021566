// ENS resolution with viem, loaded only when a name outside frame-host's suffix is resolved:
// ENS's universal resolver (ENSIP-10, with EIP-3668 CCIP-read for offchain resolvers, which viem
// follows from the browser) on the network that has ENS.
import { createClient, http } from 'viem'
import { getEnsAddress, getEnsText } from 'viem/actions'
import { mainnet } from 'viem/chains'
import { normalize } from 'viem/ens'
import type { Network } from '../networks'

/** ENS's universal resolver on `network`: the one it declares, else Ethereum's own. */
export function universalResolverOf(network: Network): `0x${string}` | undefined {
  if (network.chainNamespace !== 'eip155') return undefined
  const declared = network.contracts?.ensUniversalResolver?.address
  if (declared) return declared
  return network.id === mainnet.id ? mainnet.contracts.ensUniversalResolver.address : undefined
}

/**
 * The network ENS names are read on: the active network when it has ENS, else the first
 * configured one that has (Ethereum, where ENS lives, for a dapp that lists it).
 */
export function ensNetworkFor(active: Network, networks: readonly Network[]): Network | undefined {
  if (universalResolverOf(active) && active.rpcUrls.default.http[0]) return active
  return networks.find((n) => universalResolverOf(n) !== undefined && n.rpcUrls.default.http[0] !== undefined)
}

/** What an ENS name resolves to: its address (`null` without one) and its `avatar` text record. */
export type EnsAnswer = { address: `0x${string}` | null; avatar: string | null }

/**
 * Resolves `name` on `network` (its first RPC URL) through its universal resolver: `addr` (coin
 * type 60) and the `avatar` text record. Throws viem's errors (an invalid name, an RPC or gateway
 * failure).
 *
 * @example
 * await resolveEnsName({ network: ethereum, name: 'vitalik.eth' }) // { address: '0xd8dA…', avatar: 'https://…' }
 */
export async function resolveEnsName({ network, name }: { network: Network; name: string }): Promise<EnsAnswer> {
  const universalResolverAddress = universalResolverOf(network)
  const url = network.rpcUrls.default.http[0]
  if (!universalResolverAddress || !url) throw new Error(`${network.name} has no ENS universal resolver`)
  const client = createClient({ transport: http(url, { retryCount: 0 }) })
  const normalized = normalize(name)
  const address = await getEnsAddress(client, { name: normalized, universalResolverAddress })
  if (!address) return { address: null, avatar: null }
  const avatar = await getEnsText(client, { name: normalized, key: 'avatar', universalResolverAddress })
  return { address, avatar }
}
