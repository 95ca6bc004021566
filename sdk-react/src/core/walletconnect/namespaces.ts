import type { ChainNamespace, Network } from '../networks'

/** The chain families a WalletConnect pairing asks for (spec §7). */
export type PairingNamespace = Extract<ChainNamespace, 'eip155' | 'solana' | 'bip122'>

/** One namespace of a session proposal: CAIP-2 chains, the methods and events the dapp uses. */
export interface ProposalNamespace {
  readonly chains: string[]
  readonly methods: string[]
  readonly events: string[]
}

/**
 * Wallet methods per namespace (spec §7: eip155 `eth_*`, `personal_sign`, `wallet_*`; solana
 * `solana_*`; bip122 the four below). These are the methods the wallet answers; read-only
 * JSON-RPC calls go to the network's RPC endpoint instead.
 */
export const PAIRING_METHODS: Readonly<Record<PairingNamespace, readonly string[]>> = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'personal_sign',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_registerOnboarding',
    'wallet_watchAsset',
    'wallet_scanQRCode',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_getCapabilities',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_requestAccounts',
    'solana_getAccounts',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
}

/** Events the dapp listens to per namespace. */
export const PAIRING_EVENTS: Readonly<Record<PairingNamespace, readonly string[]>> = {
  eip155: ['chainChanged', 'accountsChanged'],
  solana: ['chainChanged', 'accountsChanged'],
  bip122: ['bip122_addressesChanged'],
}

export type BuildNamespacesParameters = {
  /** The dapp's networks; those outside eip155, solana and bip122 are left out. */
  networks: readonly Network[]
  /** Listed first in its namespace, so the wallet starts on it. */
  activeNetwork?: Network | undefined
}
export type BuildNamespacesReturnType = {
  /**
   * Always empty. The sign client folds required namespaces into optional ones anyway, and a
   * wallet that lacks a required chain rejects the whole proposal; asking for everything as
   * optional lets any wallet connect with what it has.
   */
  requiredNamespaces: Record<string, ProposalNamespace>
  optionalNamespaces: Record<string, ProposalNamespace>
}

/**
 * The namespaces of a session proposal for the dapp's networks: each namespace's CAIP-2 chains
 * (the active network first) with the methods and events of spec §7.
 *
 * @example
 * buildNamespaces({ networks: [ethereum, base, solana] }).optionalNamespaces
 * // { eip155: { chains: ['eip155:1', 'eip155:8453'], methods: ['eth_accounts', …], events: […] },
 * //   solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: ['solana_signMessage', …], … } }
 */
export function buildNamespaces({ networks, activeNetwork }: BuildNamespacesParameters): BuildNamespacesReturnType {
  const ordered = activeNetwork
    ? [activeNetwork, ...networks.filter((n) => n.caipNetworkId !== activeNetwork.caipNetworkId)]
    : networks
  const optionalNamespaces: Record<string, ProposalNamespace> = {}
  for (const network of ordered) {
    const namespace = network.chainNamespace
    if (!isPairingNamespace(namespace)) continue
    const entry = (optionalNamespaces[namespace] ??= {
      chains: [],
      methods: [...PAIRING_METHODS[namespace]],
      events: [...PAIRING_EVENTS[namespace]],
    })
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return { requiredNamespaces: {}, optionalNamespaces }
}

/** Whether WalletConnect pairings cover `namespace`. */
export function isPairingNamespace(namespace: string): namespace is PairingNamespace {
  return namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122'
}
