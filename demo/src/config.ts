import {
  base,
  bitcoin,
  createConfig,
  createFrameHostSIWX,
  ethereum,
  localDevnet,
  localSolana,
  polygon,
  solana,
  type Network,
} from '@oriel/react'

/** Where frame-host serves the embedded wallet; `make demo` sets it. */
export const frameHostUrl = import.meta.env.VITE_ORIEL_FRAME_HOST || 'http://127.0.0.1:8787'
/** The WalletConnect relay; `make demo` starts a loopback one. Unset: WalletConnect's public relay. */
const walletConnectRelayUrl = import.meta.env.VITE_ORIEL_WC_RELAY || undefined

/** ENS's universal resolver deployed on the devnet (devnet/deploy.mjs), when the build knows it. */
const devnetEns = import.meta.env.VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER

/**
 * The local devnet (hardhat node, chain 31337) that `make demo` and the browser tests start, with
 * its ENS: the Send view resolves ENS names (and `*.oriel.id` on chain) through it.
 */
const devnet: Network = {
  ...localDevnet,
  rpcUrls: { default: { http: [import.meta.env.VITE_ORIEL_DEVNET_RPC || 'http://127.0.0.1:8545'] } },
  ...(devnetEns ? { contracts: { ensUniversalResolver: { address: devnetEns } } } : {}),
}

/** The local Solana cluster (devnet/solana, litesvm) that `make demo` and the browser tests start. */
const solanaLocal: Network = {
  ...localSolana,
  rpcUrls: { default: { http: [import.meta.env.VITE_ORIEL_SOLANA_RPC || 'http://127.0.0.1:8899'] } },
}

/**
 * `?signin=required` or `?signin=optional`: the demo asks every connected wallet to sign in,
 * verified by frame-host (spec §4 sign-in flow). Off by default.
 */
const signIn = new URLSearchParams(globalThis.location?.search ?? '').get('signin')

/**
 * `?account=smartAccount`: the embedded wallet starts on its smart account (a Safe) where
 * frame-host has a bundler, the spec's default. Otherwise it starts on the EOA, the account the
 * demo's faucet, sends, swaps and names are shown and tested with. The Account view switches.
 */
const defaultAccountTypes =
  new URLSearchParams(globalThis.location?.search ?? '').get('account') === 'smartAccount'
    ? ({ eip155: 'smartAccount' } as const)
    : ({ eip155: 'eoa' } as const)

export const config = createConfig({
  projectId: 'demo',
  siwx:
    signIn === 'required' || signIn === 'optional'
      ? createFrameHostSIWX({ frameHostUrl, projectId: 'demo', statement: 'Sign in to Lumen', required: signIn === 'required' })
      : undefined,
  frameHostUrl,
  // The local relay (stack/relay.mjs) takes any project id; a real dapp's comes from WalletConnect Cloud.
  walletConnectProjectId: 'demo',
  walletConnectRelayUrl,
  defaultAccountTypes,
  networks: [ethereum, base, polygon, devnet, solana, solanaLocal, bitcoin],
  // Wallet registry ids (frame-host's /getWallets): Rainbow and Zerion shown first, Trust Wallet
  // never listed, to show the site owner's featured and exclude rules.
  featuredWalletIds: [
    '1cddbf65b4ce26229663f53bcc8a838af376b10e02fcb2acb5303739c5a8f2fb',
    '16a651147cf08349da43db1ac1429eeddb4dc2ea80042c4c57365881a73ba216',
  ],
  excludeWalletIds: ['19d1d360984ac4ccd8aeb08d37477ab170b91aed339317a1767ff31373a6eca1'],
  metadata: {
    name: 'Lumen',
    description: 'Oriel demo dapp',
    url: 'http://localhost:5173',
    icons: [],
  },
})
