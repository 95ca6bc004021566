import type { FrameHostService } from '../frameHost/errors'
import { checkIdentityReply, type IdentityReply } from '../frameHost/identity.gen'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import type { SafeStorage } from '../storage/storage'
import { STORAGE_KEYS } from '../storage/keys'
import type { AccountStore } from './accountStore'

/** How long an address's identity is reused (spec §9: identity 5 min). */
export const IDENTITY_CACHE_MS = 5 * 60_000

/** Addresses kept in the stored cache; the oldest go first. */
export const IDENTITY_CACHE_ENTRIES = 20

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

type CacheEntry = Identity & { readonly fetchedAt: number }

/** The stored cache, by lowercased address; anything unreadable counts as empty. */
function readCache(storage: SafeStorage): Record<string, CacheEntry> {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEYS.identityCache) ?? '{}') as unknown
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, CacheEntry>) : {}
  } catch {
    // A value another version wrote: start again.
    return {}
  }
}

/** The cached identity of `address`, if read less than {@link IDENTITY_CACHE_MS} before `now`. */
export function cachedIdentity(storage: SafeStorage, address: string, now: number): Identity | undefined {
  const entry = readCache(storage)[address.toLowerCase()]
  if (!entry || typeof entry.fetchedAt !== 'number' || now - entry.fetchedAt >= IDENTITY_CACHE_MS) return undefined
  return { name: typeof entry.name === 'string' ? entry.name : null, avatar: typeof entry.avatar === 'string' ? entry.avatar : null }
}

/** Stores the identity of `address` read at `now`, keeping the newest {@link IDENTITY_CACHE_ENTRIES}. */
export function cacheIdentity(storage: SafeStorage, address: string, identity: Identity, now: number): void {
  const entries = Object.entries({ ...readCache(storage), [address.toLowerCase()]: { ...identity, fetchedAt: now } })
    .sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt)
    .slice(0, IDENTITY_CACHE_ENTRIES)
  storage.setItem(STORAGE_KEYS.identityCache, JSON.stringify(Object.fromEntries(entries)))
}

export type WatchIdentityParameters = {
  account: AccountStore
  storage: SafeStorage
  now: () => number
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
 * identity: from the stored cache when it is fresh, else from frame-host (then cached 5 min in
 * the dapp's localStorage). A failed read leaves them unset (the header shows the generated
 * avatar) and is logged. Returns the stop function.
 *
 * @example
 * const stop = watchIdentity({ account, storage, now: Date.now, fetchIdentity: (address) => fetchIdentity(frameHost, address), inUse: modal })
 */
export function watchIdentity(parameters: WatchIdentityParameters): () => void {
  const { account, storage, now } = parameters
  /** The address last asked about and when: asked again only after the cache lifetime. */
  let asked: { address: string; at: number } | undefined
  let stopped = false

  const apply = (address: string, identity: Identity) => {
    const s = account.getSnapshot()
    if (stopped || s.address?.toLowerCase() !== address) return
    const profileName = identity.name ?? undefined
    const profileImage = identity.avatar ?? undefined
    shownFor = address
    if (s.profileName === profileName && s.profileImage === profileImage) return
    account.setState({ profileName, profileImage })
  }

  /** The address whose identity the account shows. */
  let shownFor: string | undefined

  const sync = () => {
    const { status, namespace, address: raw, profileName, profileImage } = account.getSnapshot()
    const address = status === 'connected' && namespace === 'eip155' ? raw?.toLowerCase() : undefined
    // A fresh stored identity applies at once (also one a name registration just wrote).
    const cached = address && cachedIdentity(storage, address, now())
    if (cached) return apply(address, cached)
    // Another account (or none): never show the previous one's name, even for a moment.
    if ((profileName !== undefined || profileImage !== undefined) && shownFor !== address) {
      shownFor = undefined
      account.setState({ profileName: undefined, profileImage: undefined })
      return
    }
    if (!address) {
      asked = undefined
      return
    }
    if (asked?.address === address && now() - asked.at < IDENTITY_CACHE_MS) return
    if (!parameters.inUse.getSnapshot().open) return
    const ask = { address, at: now() }
    asked = ask
    parameters.fetchIdentity(address).then(
      (identity) => {
        cacheIdentity(storage, address, identity, now())
        apply(address, identity)
      },
      (error: unknown) => {
        // Asked again on the next account change.
        if (asked === ask) asked = undefined
        console.warn('oriel: the identity of the account could not be read', error)
      },
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
