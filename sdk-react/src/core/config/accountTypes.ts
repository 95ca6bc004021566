import type { AccountType } from '../../codec/protocol.gen'
import { InvalidDefaultAccountTypeError } from '../errors/config'

/**
 * The account type an embedded-wallet user starts on, per namespace (spec §6), until they
 * choose one in the Account view. Only eip155 has a choice (an EOA or an ERC-4337 smart
 * account); Solana and Polkadot accounts are EOAs, Bitcoin accounts payment addresses.
 */
export type DefaultAccountTypes = {
  eip155: 'eoa' | 'smartAccount'
  solana: 'eoa'
  polkadot: 'eoa'
  bip122: 'payment'
}

/** The spec's defaults (§6): eip155 smartAccount, solana and polkadot eoa, bip122 payment. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<DefaultAccountTypes> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
})

/** The account types each namespace accepts. */
const ALLOWED: { readonly [N in keyof DefaultAccountTypes]: readonly AccountType[] } = {
  eip155: ['eoa', 'smartAccount'],
  solana: ['eoa'],
  polkadot: ['eoa'],
  bip122: ['payment'],
}

/**
 * Fills unset namespaces with the defaults. Throws `InvalidDefaultAccountTypeError` for a type
 * the namespace does not have or a namespace the wallet has no account types for.
 *
 * @example
 * resolveDefaultAccountTypes({ eip155: 'eoa' }) // { eip155: 'eoa', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' }
 */
export function resolveDefaultAccountTypes(types: Partial<DefaultAccountTypes> = {}): DefaultAccountTypes {
  const resolved: DefaultAccountTypes = { ...DEFAULT_ACCOUNT_TYPES }
  for (const [namespace, accountType] of Object.entries(types)) {
    if (accountType === undefined) continue
    const allowed = Object.hasOwn(ALLOWED, namespace) ? ALLOWED[namespace as keyof DefaultAccountTypes] : undefined
    if (!allowed?.includes(accountType)) throw new InvalidDefaultAccountTypeError({ namespace, accountType, allowed })
    Object.assign(resolved, { [namespace]: accountType })
  }
  return resolved
}
