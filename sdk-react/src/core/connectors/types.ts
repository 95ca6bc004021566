import type { CaipNetworkId, ChainNamespace, Network } from '../networks'
import type { EIP1193Provider } from '../wallets/eip6963'

/** Connector kinds (spec §3). `AUTH` is the embedded wallet. */
export type ConnectorType = 'AUTH' | 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'WALLET_CONNECT'

/** What a successful connect or reconnect yields. */
export interface Connection {
  /** The active address, in its chain family's usual text form. */
  readonly address: string
  /** The network the wallet is on. */
  readonly caipNetworkId: CaipNetworkId
  /** Every address the wallet shared, active first. */
  readonly addresses: readonly string[]
}

/**
 * What a wallet reports on its own (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`;
 * wallet-standard `change`). An empty `addresses` list means the wallet revoked access.
 */
export type ConnectorEvent =
  | { readonly type: 'accountsChanged'; readonly addresses: readonly string[] }
  | { readonly type: 'chainChanged'; readonly caipNetworkId: CaipNetworkId }
  | { readonly type: 'disconnect' }

/**
 * One way of connecting a wallet (spec §3: id, name, chain, type, imageId, info.rdns, imageUrl).
 * Every kind of wallet — announced, injected, WalletConnect, the embedded wallet — implements
 * this, so the connection store treats them alike.
 */
export interface Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  readonly imageId?: string | undefined
  readonly imageUrl?: string | undefined
  readonly info?: { readonly rdns?: string | undefined } | undefined
  /** Asks the wallet for access (may show the wallet's own prompt). */
  connect(parameters?: { caipNetworkId?: CaipNetworkId | undefined }): Promise<Connection>
  /** Resumes an earlier authorization without prompting; `null` when there is none. */
  reconnect(): Promise<Connection | null>
  /** Ends the connection on the wallet's side too where the wallet supports it. */
  disconnect(): Promise<void>
  /** The wallet's EIP-1193 provider (eip155), once connected. */
  getProvider(): EIP1193Provider | undefined
  /** Listens to the wallet's own events; returns the unsubscribe function. */
  subscribe?(listener: (event: ConnectorEvent) => void): () => void
  /** Asks the wallet to change network (eip155: switch, or add then switch on 4902). */
  switchNetwork?(network: Network): Promise<void>
}
