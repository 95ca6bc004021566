import type { Connection } from '../connectors/types'
import { InvalidCaip10AddressError } from '../errors/caip'
import { NoSessionAccountsError } from '../errors/walletconnect'
import type { CaipNetworkId, ChainNamespace, Network } from '../networks'

const NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']

/** The parts of a WalletConnect session the SDK reads. */
export interface SessionLike {
  readonly topic: string
  /** Per namespace: CAIP-10 accounts, and the methods and events the wallet agreed to. */
  readonly namespaces: Readonly<Record<string, { readonly accounts: readonly string[]; readonly methods: readonly string[] }>>
  /** The wallet's own description of itself. */
  readonly peer: { readonly metadata: { readonly name: string; readonly icons: readonly string[]; readonly url: string } }
}

/** A CAIP-10 account split into its parts. */
export interface CaipAccount {
  readonly namespace: ChainNamespace
  readonly caipNetworkId: CaipNetworkId
  readonly address: string
}

/**
 * Splits a CAIP-10 account (`namespace:reference:address`, spec §5): exactly three non-empty
 * parts and a known namespace.
 *
 * @example
 * parseCaipAccount('eip155:1:0xab…') // { namespace: 'eip155', caipNetworkId: 'eip155:1', address: '0xab…' }
 * parseCaipAccount('eip155:1') // throws InvalidCaip10AddressError: 'Invalid CAIP-10 address: eip155:1'
 */
export function parseCaipAccount(value: string): CaipAccount {
  const parts = value.split(':')
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !namespace || !reference || !address || !NAMESPACES.includes(namespace as ChainNamespace)) {
    throw new InvalidCaip10AddressError({ value })
  }
  return {
    namespace: namespace as ChainNamespace,
    caipNetworkId: `${namespace as ChainNamespace}:${reference}`,
    address,
  }
}

export type SessionToConnectionParameters = {
  session: SessionLike
  networks: readonly Network[]
  /** Its account is chosen first when the wallet shared one on it. */
  activeNetwork?: Network | undefined
}

/**
 * The connection a session gives: the account on the active network if the wallet shared one,
 * else the first on any of the dapp's networks (eip155 first). Every address on the dapp's
 * networks is listed, active first.
 *
 * @example
 * sessionToConnection({ session, networks: [ethereum, base], activeNetwork: base })
 * // { address: '0x7099…', caipNetworkId: 'eip155:8453', addresses: ['0x7099…'] }
 */
export function sessionToConnection({ session, networks, activeNetwork }: SessionToConnectionParameters): Connection {
  const supported = new Set(networks.map((n) => n.caipNetworkId as string))
  const accounts = Object.values(session.namespaces)
    .flatMap((namespace) => namespace.accounts.map(parseCaipAccount))
    .filter((account) => supported.has(account.caipNetworkId))
  const rank = (account: CaipAccount) =>
    account.caipNetworkId === activeNetwork?.caipNetworkId ? 0 : account.namespace === 'eip155' ? 1 : 2
  const ordered = [...accounts].sort((a, b) => rank(a) - rank(b))
  const first = ordered[0]
  if (!first) throw new NoSessionAccountsError()
  const addresses = [...new Set(ordered.filter((a) => a.namespace === first.namespace).map((a) => a.address))]
  return { address: first.address, caipNetworkId: first.caipNetworkId, addresses }
}
