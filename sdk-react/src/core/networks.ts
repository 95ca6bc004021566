/** Chain namespaces the widget knows (spec §3). */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot' | 'cosmos'

/** A CAIP-2 network id: `namespace:reference`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A network the dapp supports (spec §3). */
export interface Network {
  /** Chain reference: a number for eip155, the genesis-hash prefix string otherwise. */
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: {
    default: { http: readonly string[] }
    chainDefault?: { http: readonly string[] }
  }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
  /**
   * Contracts the widget uses on this network (viem's chain shape). `ensUniversalResolver`: ENS's
   * universal resolver, through which the Send view resolves ENS names (Ethereum's is known
   * without it).
   */
  contracts?: { ensUniversalResolver?: { address: `0x${string}` } }
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** Ethereum mainnet (`eip155:1`), the default network. */
export const ethereum: Network = {
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  testnet: false,
  assets: { imageId: 'ethereum' },
}

/** Base (`eip155:8453`). */
export const base: Network = {
  id: 8453,
  name: 'Base',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:8453',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
  testnet: false,
  assets: { imageId: 'base' },
}

/** Polygon PoS (`eip155:137`). */
export const polygon: Network = {
  id: 137,
  name: 'Polygon',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:137',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
  testnet: false,
  assets: { imageId: 'polygon' },
}

/** Solana mainnet-beta. */
export const solana: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: false,
  assets: { imageId: 'solana' },
}

/** Solana devnet. */
export const solanaDevnet: Network = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VL8B3Dq',
  name: 'Solana Devnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VL8B3Dq',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=devnet' } },
  testnet: true,
  assets: { imageId: 'solana' },
}

/** Solana testnet. */
export const solanaTestnet: Network = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=testnet' } },
  testnet: true,
  assets: { imageId: 'solana' },
}

/** Bitcoin mainnet. Bitcoin wallets talk to their own backends, so no JSON-RPC URL is set. */
export const bitcoin: Network = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  nativeCurrency: btc,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  testnet: false,
  assets: { imageId: 'bitcoin' },
}

/** Bitcoin testnet. */
export const bitcoinTestnet: Network = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  nativeCurrency: { ...btc, symbol: 'tBTC' },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
  assets: { imageId: 'bitcoin' },
}

/** The local EVM devnet used by the demo and tests (`eip155:31337`). */
export const localDevnet: Network = {
  id: 31337,
  name: 'Local Devnet',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
  assets: { imageId: 'devnet' },
}

/** The local Solana cluster used by the demo and tests (devnet/solana: JSON-RPC over litesvm;
 * its genesis hash is fixed, so is its id). */
export const localSolana: Network = {
  id: 'Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo',
  name: 'Local Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  testnet: true,
  assets: { imageId: 'solana' },
}
