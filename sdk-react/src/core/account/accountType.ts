import type { AccountType } from '../../codec/protocol.gen'
import type { AccountState } from './accountStore'

/**
 * The type of the connected address: its entry among the user's accounts, else the preferred
 * type (a preference for a smart account on a network without them still means the EOA there,
 * so the entry comes first). `undefined` while disconnected.
 *
 * @example
 * getActiveAccountType(client.account.getSnapshot()) // 'smartAccount'
 */
export function getActiveAccountType(
  account: Pick<AccountState, 'address' | 'allAccounts' | 'preferredAccountType'>,
): AccountType | undefined {
  const address = account.address?.toLowerCase()
  if (address === undefined) return undefined
  return account.allAccounts?.find((entry) => entry.address.toLowerCase() === address)?.type ?? account.preferredAccountType
}
