import type { FrameHostService } from '../frameHost/errors'
import { checkIdentityReply, type IdentityReply } from '../frameHost/identity.gen'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import { PERSISTED_QUERY_ENTRIES, type QueryClient } from '../query/queryClient'
import type { SafeStorage } from '../storage/storage'
import { STORAGE_KEYS } from '../storage/keys'
import type { AccountStore } from './accountStore'

/** How long an address's identity is reused (spec §9: identity 5 min). */
export const IDENTITY_CACHE_MS = 5 * 60_000

/** Addresses kept in the stored cache; the oldest go first. */
export const IDENTITY_CACHE_ENTRIES = PERSISTED_QUERY_ENTRIES

/** An address's name and avatar (spec §3 identity), `null` when it has none. */
export type Identity = IdentityReply

/** The identity route: its failures' words. */
export const IDENTITY_SERVICE: FrameHostService = {
  name: 'identity',
  unreachable: 'Could not reach the identity service',
  invalid: 'Invalid identity response',
}

/**
 * `GET /v1/identity/{address}` of frame-host: the address's name and avatar.
 *
 * @example
 * const { name, avatar } = await fetchIdentity(client.frameHost, '0x8ba1…')
 */
export function fetchIdentity(frameHost: FrameHost, address: string): Promise<Identity> {
  return frameHost.request({
    service: IDENTITY_SERVICE,
    path: `/v1/identity/${encodeURIComponent(address)}`,
    read: (body) => parseAnswer(IDENTITY_SERVICE, checkIdentityReply, body),
  })
}

/** The query key of an address's identity (spec §3 identity cache). */
export const identityKey = (address: string) => ['identity', address.toLowerCase()] as const

/** How identities are kept in localStorage (`@oriel/identity_cache`, 5 minutes, by lowercased address). */
export const IDENTITY_STORAGE = {
  maxAgeMs: IDENTITY_CACHE_MS,
  toStored: (identity: Identity) => ({ name: identity.name, avatar: identity.avatar }),
  fromStored: (stored: Record<string, unknown>): Identity => ({
    name: typeof stored['name'] === 'string' ? stored['name'] : null,
    avatar: typeof stored['avatar'] === 'string' ? stored['avatar'] : null,
  }),
} as const

/** Keeps the identities of `query` in `storage` (once per query cache). */
export function persistIdentities(query: QueryClient, storage: SafeStorage): void {
  query.persist('identity', { storage, key: STORAGE_KEYS.identityCache, ...IDENTITY_STORAGE })
}

/**
 * Sets the identity of `address` as known now (a name just registered), kept 5 minutes in the
 * dapp's localStorage.
 *
 * @example
 * setIdentity(client.query, storage, '0x7099…', { name: 'alice.oriel.id', avatar: null })
 */
export function setIdentity(query: QueryClient, storage: SafeStorage, address: string, identity: Identity): void {
  persistIdentities(query, storage)
  query.set(identityKey(address), identity)
}

export type WatchIdentityParameters = {
  account: AccountStore
  /** The client's query cache: identities are its `['identity', address]` keys. */
  query: QueryClient
  /** Where the identities are kept between visits. */
  storage: SafeStorage
  /** Reads an identity from frame-host (e.g. {@link fetchIdentity} bound to the config). */
  fetchIdentity: (address: string) => Promise<Identity>
  /**
   * Whether the widget is in use (the modal open). frame-host is asked only then, so a page
   * that reconnects a wallet and never opens the widget makes no request; a stored identity
   * applies at any time.
   */
  inUse: { getSnapshot(): { readonly open: boolean }; subscribe(listener: () => void): () => void }
}

/**
 * Keeps the account's `profileName` and `profileImage` to the connected eip155 address's
 * identity: from the query cache (and the stored one) while fresh, else from frame-host, then
 * kept 5 min in the dapp's localStorage. A failed read leaves them unset (the header shows the
 * generated avatar) and is logged; it is asked again at the next change. Returns the stop function.
 *
 * @example
 * const stop = watchIdentity({ account, query, storage, fetchIdentity: (address) => fetchIdentity(frameHost, address), inUse: modal })
 */
export function watchIdentity(parameters: WatchIdentityParameters): () => void {
  const { account, query } = parameters
  persistIdentities(query, parameters.storage)
  let stopped = false
  /** The address whose identity the account shows. */
  let shownFor: string | undefined

  const apply = (address: string, identity: Identity) => {
    const s = account.getSnapshot()
    if (stopped || s.address?.toLowerCase() !== address) return
    const profileName = identity.name ?? undefined
    const profileImage = identity.avatar ?? undefined
    shownFor = address
    if (s.profileName === profileName && s.profileImage === profileImage) return
    account.setState({ profileName, profileImage })
  }

  const sync = () => {
    const { status, namespace, address: raw, profileName, profileImage } = account.getSnapshot()
    const address = status === 'connected' && namespace === 'eip155' ? raw?.toLowerCase() : undefined
    const entry = address ? query.get<Identity>(identityKey(address)) : undefined
    // A fresh identity applies at once (also one a name registration just wrote).
    if (address && entry?.data && entry.updatedAt !== undefined && query.now() - entry.updatedAt < IDENTITY_CACHE_MS) return apply(address, entry.data)
    // Another account (or none): never show the previous one's name, even for a moment.
    if ((profileName !== undefined || profileImage !== undefined) && shownFor !== address) {
      shownFor = undefined
      account.setState({ profileName: undefined, profileImage: undefined })
      return
    }
    if (!address || entry?.fetching || !parameters.inUse.getSnapshot().open) return
    query.fetch({ key: identityKey(address), read: () => parameters.fetchIdentity(address), staleMs: IDENTITY_CACHE_MS }).then(
      (identity) => apply(address, identity),
      (error: unknown) => console.warn('oriel: the identity of the account could not be read', error),
    )
  }

  const unsubscribe = account.subscribe(sync)
  const unsubscribeInUse = parameters.inUse.subscribe(sync)
  sync()
  return () => {
    stopped = true
    unsubscribe()
    unsubscribeInUse()
  }
}

/**
 * The avatar record as an image URL the widget may show: `https:`, `http:` or a `data:image/`
 * URL. Other forms (ENSIP-12 NFT references, `ipfs://`, scripts) give `undefined`, and the
 * generated avatar shows instead.
 *
 * @example
 * avatarImageUrl('https://example.com/a.png') // 'https://example.com/a.png'
 * avatarImageUrl('eip155:1/erc721:0xb47e…/2430') // undefined
 */
export function avatarImageUrl(avatar: string | undefined): string | undefined {
  if (!avatar) return undefined
  if (/^data:image\//i.test(avatar)) return avatar
  try {
    const url = new URL(avatar)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    // Not a URL (an NFT reference, a bare name): no image.
    return undefined
  }
}
