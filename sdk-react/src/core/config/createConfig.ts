import type { SIWXConfig, SiweConfig } from '../siwx/config'
import { DEFAULT_CAIP_NETWORK_ID, DEFAULT_FRAME_HOST_URL, DEFAULT_WALLETCONNECT_RELAY_URL } from '../constants'
import type { InvalidDefaultAccountTypeError } from '../errors/config'
import { NetworkNotFoundError, NoNetworksError, SiweSiwxConflictError } from '../errors/config'
import { InvalidRelayUrlError } from '../errors/walletconnect'
import type { Network } from '../networks'
import { withFrameHostRpc } from './frameHostRpc'
import { resolveDefaultAccountTypes, type DefaultAccountTypes } from './accountTypes'
import { resolveFeatures, type Features } from './features'
import {
  resolveThemeMode,
  resolveThemeVariables,
  type ResolvedThemeVariables,
  type ThemeMode,
  type ThemeVariables,
} from './theme'

/** What the dapp tells wallets about itself. */
export interface Metadata {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

export type { SIWXConfig, SiweConfig } from '../siwx/config'
export type { DefaultAccountTypes } from './accountTypes'

export type CreateConfigParameters = {
  /** Your project id. Without it the modal shows the "Project ID Not Configured" alert. */
  projectId: string
  /** Networks the dapp supports; at least one. */
  networks: readonly Network[]
  /** Active network at start. Default: Ethereum (`eip155:1`) if listed, else the first network. */
  defaultNetwork?: Network | undefined
  /** Feature switches; unset ones take the defaults. */
  features?: Partial<Features> | undefined
  /** `dark` (default) or `light`. */
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  metadata?: Metadata | undefined
  /**
   * Origin of the frame-host serving the embedded wallet. Default: `http://127.0.0.1:8787`.
   * When given, the built-in EVM networks that keep their public RPC read the chain through
   * this frame-host's RPC endpoint instead (`withFrameHostRpc`).
   */
  frameHostUrl?: string | undefined
  /** Wallet registry ids shown first. */
  featuredWalletIds?: readonly string[] | undefined
  /** Only these wallet registry ids are listed. */
  includeWalletIds?: readonly string[] | undefined
  /** These wallet registry ids are never listed. */
  excludeWalletIds?: readonly string[] | undefined
  siweConfig?: SiweConfig | undefined
  siwx?: SIWXConfig | undefined
  /** Render the widget inline (`<OrielWidget />`) instead of a modal appended to `document.body`. */
  enableEmbedded?: boolean | undefined
  /** Show the WalletConnect QR entry (it needs `walletConnectProjectId`). Default: true. */
  enableWalletConnect?: boolean | undefined
  /**
   * The WalletConnect Cloud project id pairings are made under (cloud.reown.com): not Oriel's
   * `projectId`, which names the project at frame-host. Without it WalletConnect is hidden and
   * the console says why.
   */
  walletConnectProjectId?: string | undefined
  /**
   * The WalletConnect relay pairings go through (`ws://` or `wss://`). Default: WalletConnect's
   * public relay, `wss://relay.walletconnect.org`.
   */
  walletConnectRelayUrl?: string | undefined
  /** Discover browser wallets with EIP-6963. Default: true. */
  enableEIP6963?: boolean | undefined
  /** Allow the dapp to stay on a network it does not list. Default: false. */
  allowUnsupportedChain?: boolean | undefined
  /** Let users switch networks from the widget. Default: true. */
  enableNetworkSwitch?: boolean | undefined
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
  /**
   * The embedded wallet's account type per namespace until the user chooses one (spec §6),
   * e.g. `{ eip155: 'eoa' }`. Default: eip155 `smartAccount` (on networks with smart accounts;
   * an EOA elsewhere), solana `eoa`, bip122 `payment`. Anything else throws
   * `InvalidDefaultAccountTypeError`.
   */
  defaultAccountTypes?: Partial<DefaultAccountTypes> | undefined
}

/** A resolved configuration: every option has a value. Pass it to `<OrielProvider config>`. */
export type Config = {
  readonly projectId: string
  readonly networks: readonly Network[]
  readonly defaultNetwork: Network
  readonly features: Readonly<Features>
  readonly themeMode: ThemeMode
  readonly themeVariables: Readonly<ResolvedThemeVariables>
  readonly metadata: Metadata | undefined
  readonly frameHostUrl: string
  readonly featuredWalletIds: readonly string[]
  readonly includeWalletIds: readonly string[]
  readonly excludeWalletIds: readonly string[]
  readonly siweConfig: SiweConfig | undefined
  readonly siwx: SIWXConfig | undefined
  readonly enableEmbedded: boolean
  readonly enableWalletConnect: boolean
  /** `''` when not given (WalletConnect is then off). */
  readonly walletConnectProjectId: string
  readonly walletConnectRelayUrl: string
  readonly enableEIP6963: boolean
  readonly allowUnsupportedChain: boolean
  readonly enableNetworkSwitch: boolean
  readonly termsConditionsUrl: string | undefined
  readonly privacyPolicyUrl: string | undefined
  readonly defaultAccountTypes: Readonly<DefaultAccountTypes>
}

export type CreateConfigReturnType = Config

export type CreateConfigErrorType =
  | SiweSiwxConflictError
  | NoNetworksError
  | NetworkNotFoundError
  | InvalidRelayUrlError
  | InvalidDefaultAccountTypeError

/**
 * Resolves the widget configuration. Pure: touches neither `window` nor the network, so it can
 * run at module scope and on the server.
 *
 * @example
 * import { createConfig, ethereum, base } from '@oriel/react'
 *
 * export const config = createConfig({
 *   projectId: 'my-project',
 *   networks: [ethereum, base],
 *   themeMode: 'light',
 *   features: { socials: ['google', 'github'] },
 * })
 */
export function createConfig(parameters: CreateConfigParameters): CreateConfigReturnType {
  if (parameters.siweConfig && parameters.siwx) throw new SiweSiwxConflictError()

  const projectId = typeof parameters.projectId === 'string' ? parameters.projectId.trim() : ''
  const frameHostUrl = (parameters.frameHostUrl || DEFAULT_FRAME_HOST_URL).replace(/\/+$/, '')
  // With a frame-host of the dapp's own, the built-in EVM networks read through its RPC
  // endpoint rather than a public RPC (spec §7 "Chain RPC").
  const onFrameHost = (n: Network) => (parameters.frameHostUrl ? withFrameHostRpc(n, { frameHostUrl, projectId }) : n)
  const networks = (parameters.networks ?? []).map(onFrameHost)
  if (networks.length === 0) throw new NoNetworksError()

  const features = resolveFeatures(parameters.features)

  return Object.freeze({
    projectId,
    networks: Object.freeze(networks),
    defaultNetwork: resolveDefaultNetwork(networks, parameters.defaultNetwork),
    features: Object.freeze(features),
    themeMode: resolveThemeMode(parameters.themeMode),
    themeVariables: Object.freeze(resolveThemeVariables(parameters.themeVariables)),
    metadata: parameters.metadata,
    frameHostUrl,
    featuredWalletIds: Object.freeze([...(parameters.featuredWalletIds ?? [])]),
    includeWalletIds: Object.freeze([...(parameters.includeWalletIds ?? [])]),
    excludeWalletIds: Object.freeze([...(parameters.excludeWalletIds ?? [])]),
    siweConfig: parameters.siweConfig,
    siwx: parameters.siwx,
    enableEmbedded: parameters.enableEmbedded ?? false,
    enableWalletConnect: resolveWalletConnect(parameters),
    walletConnectProjectId: parameters.walletConnectProjectId?.trim() ?? '',
    walletConnectRelayUrl: resolveRelayUrl(parameters.walletConnectRelayUrl),
    enableEIP6963: parameters.enableEIP6963 ?? true,
    allowUnsupportedChain: parameters.allowUnsupportedChain ?? false,
    enableNetworkSwitch: parameters.enableNetworkSwitch ?? true,
    termsConditionsUrl: parameters.termsConditionsUrl,
    privacyPolicyUrl: parameters.privacyPolicyUrl,
    defaultAccountTypes: Object.freeze(resolveDefaultAccountTypes(parameters.defaultAccountTypes)),
  })
}

/**
 * Whether WalletConnect is on: asked for (the default) and given its own project id. Asked for
 * without one, it is off and the console says why: pairing under Oriel's project id would go to
 * the relay under a project the dapp does not own.
 */
function resolveWalletConnect(parameters: CreateConfigParameters): boolean {
  if (parameters.enableWalletConnect === false) return false
  if (parameters.walletConnectProjectId?.trim()) return true
  console.warn(
    'oriel: WalletConnect is hidden: pass walletConnectProjectId (your WalletConnect Cloud project id, from cloud.reown.com) to createConfig, or enableWalletConnect: false to silence this. Oriel\'s projectId names your project at frame-host, not at WalletConnect.',
  )
  return false
}

function resolveRelayUrl(relayUrl: string | undefined): string {
  const value = relayUrl?.trim() || DEFAULT_WALLETCONNECT_RELAY_URL
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidRelayUrlError({ relayUrl: value })
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new InvalidRelayUrlError({ relayUrl: value })
  return value
}

function resolveDefaultNetwork(networks: readonly Network[], requested: Network | undefined): Network {
  if (requested) {
    const found = networks.find((n) => n.caipNetworkId === requested.caipNetworkId)
    if (!found) throw new NetworkNotFoundError({ caipNetworkId: requested.caipNetworkId })
    return found
  }
  return networks.find((n) => n.caipNetworkId === DEFAULT_CAIP_NETWORK_ID) ?? (networks[0] as Network)
}

/** Whether the embedded wallet (email or social login) is used by this config. */
export function usesEmbeddedWallet(config: Config): boolean {
  return config.features.email || (config.features.socials !== false && config.features.socials.length > 0)
}
