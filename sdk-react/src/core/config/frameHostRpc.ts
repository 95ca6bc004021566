import {
  base,
  bitcoin,
  bitcoinTestnet,
  ethereum,
  localDevnet,
  localSolana,
  type Network,
  polygon,
  solana,
  solanaDevnet,
  solanaTestnet,
} from '../networks'

/** The RPC URL lists of the built-in networks, as exported: a network still using one of them is on its built-in public RPC. */
const BUILT_IN_RPC: ReadonlySet<Network['rpcUrls']> = new Set(
  [ethereum, base, polygon, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet, localDevnet, localSolana].map((n) => n.rpcUrls),
)

/**
 * `network` reading the chain through frame-host's RPC endpoint (spec §7 "Chain RPC":
 * `{frameHostUrl}/v1/?chainId={caip2}&projectId={id}`) when it is an eip155 network still on
 * its built-in public RPC; its public RPC stays as `chainDefault` (what a browser wallet is told
 * when the network is added to it). A network the dapp gave its own RPC is left as it is.
 *
 * @example
 * withFrameHostRpc(ethereum, { frameHostUrl: 'https://wallet.example.com', projectId: 'lumen' })
 * // rpcUrls.default.http: ['https://wallet.example.com/v1/?chainId=eip155:1&projectId=lumen']
 */
export function withFrameHostRpc(network: Network, { frameHostUrl, projectId }: { frameHostUrl: string; projectId: string }): Network {
  if (network.chainNamespace !== 'eip155' || !BUILT_IN_RPC.has(network.rpcUrls) || !projectId) return network
  const url = `${frameHostUrl}/v1/?chainId=${network.caipNetworkId}&projectId=${encodeURIComponent(projectId)}`
  return { ...network, rpcUrls: { default: { http: [url] }, chainDefault: network.rpcUrls.default } }
}
