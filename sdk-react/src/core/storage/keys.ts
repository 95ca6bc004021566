/**
 * Every key Oriel keeps in the dapp's `localStorage` (spec §3), in one place. All start with
 * `@oriel/`; the embedded wallet's own keys with `@oriel/embedded/`.
 */
export const STORAGE_KEYS = {
  /** Id of the connector the user connected with, e.g. `AUTH` for the embedded wallet. */
  connectedConnectorId: '@oriel/connected_connector_id',
  /** `connected` or `disconnected`. */
  connectionStatus: '@oriel/connection_status',
  /** The namespaces with a browser-wallet connection, JSON (`["eip155"]`); reconnect reads it on load. */
  connectedNamespaces: '@oriel/connected_namespaces',
  /** The browser-wallet connector id per namespace, JSON (`{"eip155":"io.metamask"}`). */
  connectedConnectorIds: '@oriel/connected_connector_ids',
  /** The namespace of the active connection, e.g. `eip155`. */
  activeNamespace: '@oriel/active_namespace',
  /** The CAIP-2 id of the active network, e.g. `eip155:8453`. */
  activeCaipNetworkId: '@oriel/active_caip_network_id',
  /** The wallets connected most recently, newest first, at most 2, JSON (`[{"id","name","icon"}]`). */
  recentWallets: '@oriel/recent_wallets',
  /** The connector id of the wallet connected last. */
  walletId: '@oriel/wallet_id',
  /** The name of the wallet connected last. */
  walletName: '@oriel/wallet_name',
  /** The social provider the user connected with. */
  connectedSocialProvider: '@oriel/connected_social_provider',
  /** The social username of the connected user. */
  connectedSocialUsername: '@oriel/connected_social_username',
  /** The avatar URL of the connected user's social account (Farcaster's profile picture). */
  connectedSocialImage: '@oriel/connected_social_image',
  /** `true` once an email or social login succeeded; the provider then reconnects on page load. */
  embeddedLoginUsed: '@oriel/embedded/login_used',
  /** The email of the last embedded-wallet login. */
  embeddedEmail: '@oriel/embedded/email',
  /** When email login was last triggered (ms since the epoch), for the 30 s throttle. */
  embeddedLastEmailLoginTime: '@oriel/embedded/last_email_login_time',
  /** The CAIP-2 id of the network last used with the embedded wallet. */
  embeddedLastUsedChainId: '@oriel/embedded/last_used_chain_id',
  /**
   * `true` when the last embedded-wallet login was made in a browser that gave the wallet frame
   * no lasting storage: the login ends with the page, and the next visit says why it is gone.
   */
  embeddedLoginNotKept: '@oriel/embedded/login_not_kept',
  /** Identities read from frame-host (spec §3 identity cache, 5 min), JSON by lowercased address: `{"0x…":{"name","avatar","fetchedAt"}}`. */
  identityCache: '@oriel/identity_cache',
  /** Names resolved to addresses (spec §3 name-service cache, spec §9 ENS 5 min), JSON by lowercased name: `{"address","avatar","fetchedAt"}`. */
  nameCache: '@oriel/name_cache',
  /** Native balances read (spec §3 balance cache, 30 s), JSON by `{caipNetworkId}:{address}`: `{"balance","fetchedAt"}`. */
  balanceCache: '@oriel/balance_cache',
  /** Token balance lists read (spec §3 portfolio cache, 30 s), JSON by `{caipNetworkId}:{address}`: `{"balances","fetchedAt"}`. */
  portfolioCache: '@oriel/portfolio_cache',
  /** Sign-in sessions (spec §3 sign-in tokens), JSON list of `{data, message, signature, token}`, the newest 20. */
  siwxSessions: '@oriel/siwx_sessions',
  /** The embedded wallet's preferred account type per namespace (JSON), spec §3. */
  embeddedPreferredAccountTypes: '@oriel/embedded/preferred_account_types',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
