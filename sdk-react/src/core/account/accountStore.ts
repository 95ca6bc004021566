import type { Account, AccountType, User } from '../../codec/protocol.gen'
import type { SocialProvider } from '../config/features'
import type { ChainNamespace } from '../networks'
import { createStore, type Store } from '../store/createStore'

/** Connection status (spec §4). Resetting an account sets it to `disconnected`. */
export type AccountStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/**
 * Connector ids. `AUTH` is the embedded wallet (email and social login), `walletConnect` a
 * WalletConnect pairing; browser wallets use their own ids.
 */
export type ConnectorId = 'AUTH' | 'walletConnect' | (string & {})

/** The embedded wallet's user: email, address, chain, accounts, preferred account type. */
export type EmbeddedUser = User

/** One of the user's accounts on the connected chain family: its address and type (spec §3 account entry). */
export type AccountEntry = Account

/** The connected account: the current connection as the widget shows it (see `connection/account.ts`). */
export interface AccountState {
  readonly address: string | undefined
  /** CAIP-10: `namespace:reference:address`. */
  readonly caipAddress: string | undefined
  readonly status: AccountStatus
  readonly namespace: ChainNamespace | undefined
  /** The connector the account came through. */
  readonly connectorId: ConnectorId | undefined
  /** The logged-in user, when the connector logs a user in (the embedded wallet). */
  readonly user: EmbeddedUser | undefined
  /**
   * Every account of the user on the connected chain family (spec §3 allAccounts): the
   * embedded wallet's EOA and smart account; another wallet's connected address alone, as an
   * `eoa` (`payment` on bip122).
   */
  readonly allAccounts?: readonly AccountEntry[] | undefined
  /** Whether the user's smart account is on chain yet (spec §3); always false for other wallets. */
  readonly smartAccountDeployed?: boolean | undefined
  /**
   * The embedded wallet's preferred account type in the connected namespace (spec §3
   * preferredAccountTypes); undefined for other wallets.
   */
  readonly preferredAccountType?: AccountType | undefined
  /** The social provider the user logged in with (spec §3 socialProvider); the username is `user.userName`. */
  readonly socialProvider?: SocialProvider | undefined
  /** The Account view's selected tab (spec §3 currentTab); unset means Tokens. Written by `setAccountTab`. */
  readonly currentTab?: AccountTab | undefined
  /** The address's name (spec §3 identity), once read; see `account/identity.ts`. */
  readonly profileName?: string | undefined
  /** The name's avatar URL, once read. */
  readonly profileImage?: string | undefined
  /**
   * The sign-in link of the Farcaster login under way (spec §3 farcasterUrl), shown as a QR code
   * by ConnectingFarcaster; written by the Farcaster login (`core/farcaster`), cleared when it
   * ends or the auth connector resets.
   */
  readonly farcasterUrl?: string | undefined
}

/** The Account view's tabs (spec §2). */
export type AccountTab = 'tokens' | 'nfts' | 'activity'

export type AccountStore = Store<AccountState>

/** The state of a reset account. */
export const DISCONNECTED_ACCOUNT: AccountState = Object.freeze({
  address: undefined,
  caipAddress: undefined,
  status: 'disconnected',
  namespace: undefined,
  connectorId: undefined,
  user: undefined,
  allAccounts: undefined,
  smartAccountDeployed: undefined,
  preferredAccountType: undefined,
  socialProvider: undefined,
  profileName: undefined,
  profileImage: undefined,
})

/**
 * Creates the account store, disconnected. The connection store shows the current connection in
 * it; `setAccountTab` writes only `currentTab`, which a new connection keeps.
 *
 * @example
 * const account = createAccountStore()
 * account.setState({ address: '0xabc', caipAddress: 'eip155:1:0xabc', status: 'connected' })
 */
export function createAccountStore(): AccountStore {
  return createStore<AccountState>(DISCONNECTED_ACCOUNT)
}
