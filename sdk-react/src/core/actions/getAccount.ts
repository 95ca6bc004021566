import type { AccountType } from '../../codec/protocol.gen'
import type { AccountEntry, AccountStatus } from '../account/accountStore'
import type { OrielClient } from '../client/createClient'
import type { SocialProvider } from '../config/features'
import type { ChainNamespace } from '../networks'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

export type GetAccountReturnType = {
  /** The connected address, or `undefined` while disconnected. */
  address: string | undefined
  /** CAIP-10 (`eip155:1:0x…`), or `undefined` while disconnected. */
  caipAddress: string | undefined
  /** `disconnected`, `connecting`, `reconnecting` (restoring a login on page load) or `connected`. */
  status: AccountStatus
  /** The chain namespace of the account, e.g. `eip155`. */
  namespace: ChainNamespace | undefined
  /** `status === 'connected'`. */
  isConnected: boolean
  /** The login email, when connected through the embedded wallet by email (or a social account with one). */
  email: string | undefined
  /** The social provider of an embedded-wallet login by social account (spec §3). */
  socialProvider: SocialProvider | undefined
  /** The username at that provider, when it gave one. */
  socialUsername: string | undefined
  /**
   * Every account of the user on the connected chain family, `{ address, type }`: the embedded
   * wallet's EOA and smart account; another wallet's address alone (`eoa`, `payment` on bip122).
   */
  allAccounts: readonly AccountEntry[] | undefined
  /** Whether the embedded wallet's smart account is on chain yet; false for other wallets. */
  smartAccountDeployed: boolean | undefined
  /** The embedded wallet's preferred account type in the connected namespace; undefined for other wallets. */
  preferredAccountType: AccountType | undefined
}

const cache = createClientCache<GetAccountReturnType>('account')

/**
 * The account of the current connection (wagmi style), whichever connector it came through.
 * The same object until the account changes.
 *
 * @example
 * const { address, status } = getAccount(client)
 */
export function getAccount(client: OrielClient): GetAccountReturnType {
  const account = client.account.getSnapshot()
  return cache.get(client, [account], () => ({
    address: account.address,
    caipAddress: account.caipAddress,
    status: account.status,
    namespace: account.namespace,
    isConnected: account.status === 'connected',
    email: account.user?.email ?? undefined,
    socialProvider: account.socialProvider,
    socialUsername: account.socialProvider ? (account.user?.userName ?? undefined) : undefined,
    allAccounts: account.allAccounts,
    smartAccountDeployed: account.smartAccountDeployed,
    preferredAccountType: account.preferredAccountType,
  }))
}

export type WatchAccountParameters = WatchParameters<GetAccountReturnType>

export type WatchAccountReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the account changes. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchAccount(client, { onChange: (account) => console.log(account.status) })
 */
export function watchAccount(client: OrielClient, parameters: WatchAccountParameters): WatchAccountReturnType {
  return watch(client, [client.account], getAccount, parameters.onChange)
}
