// The embedded wallet's account-type choices as the page keeps them (spec §3: per namespace, in
// localStorage), read by every request that answers with the user.
import type { AccountType } from '../../codec/protocol.gen'
import type { DefaultAccountTypes } from '../config/accountTypes'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'

/** The account types each namespace's stored choice may be; a value edited by hand is ignored. */
const CHOOSABLE: Readonly<Record<string, readonly AccountType[]>> = { eip155: ['eoa', 'smartAccount'] }

/** The account-type choices kept per namespace, `{}` when none or unreadable. */
function storedAccountTypes(storage: SafeStorage): Record<string, unknown> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.embeddedPreferredAccountTypes) ?? '{}')
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * Keeps `accountType` as the choice of `namespace`.
 *
 * @example
 * keepAccountType(storage, 'eip155', 'eoa')
 */
export function keepAccountType(storage: SafeStorage, namespace: string, accountType: AccountType): void {
  storage.setItem(STORAGE_KEYS.embeddedPreferredAccountTypes, JSON.stringify({ ...storedAccountTypes(storage), [namespace]: accountType }))
}

/**
 * The account type to ask for on `chainId`: the namespace's kept choice, else the configured
 * default. Only eip155 has a choice; the frame's other namespaces have one type (none sent).
 *
 * @example
 * preferredAccountType(storage, DEFAULT_ACCOUNT_TYPES, 'eip155:1') // 'smartAccount'
 */
export function preferredAccountType(
  storage: SafeStorage,
  defaults: Readonly<DefaultAccountTypes>,
  chainId: string,
): AccountType | undefined {
  const namespace = chainId.split(':')[0] ?? ''
  const choosable = CHOOSABLE[namespace]
  if (!choosable) return undefined
  const stored = storedAccountTypes(storage)[namespace]
  return choosable.find((type) => type === stored) ?? defaults[namespace as keyof DefaultAccountTypes]
}
