import type { OrielClient } from '../client/createClient'
import type { AccountTab } from './accountStore'

/** The Account view's tabs in their order (spec §2: Tokens, NFTs, Activity). */
export const ACCOUNT_TABS: readonly AccountTab[] = ['tokens', 'nfts', 'activity']

/**
 * The Account view's selected tab: the account state's `currentTab`, Tokens when none was chosen.
 *
 * @example
 * getAccountTab(client) // 'tokens'
 */
export function getAccountTab(client: OrielClient): AccountTab {
  return client.account.getSnapshot().currentTab ?? 'tokens'
}

/**
 * Selects an Account view tab (stored as the account state's `currentTab`).
 *
 * @example
 * setAccountTab(client, 'activity')
 */
export function setAccountTab(client: OrielClient, tab: AccountTab): void {
  client.account.setState({ currentTab: tab })
}
