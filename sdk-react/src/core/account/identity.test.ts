import { afterEach, describe, expect, it, vi } from 'vitest'
import { testFrameHost } from '../../test/frameHost'
import { HttpStatusError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { createQueryClient } from '../query/queryClient'
import { storage } from '../storage/storage'
import { createStore } from '../store/createStore'
import { DISCONNECTED_ACCOUNT, createAccountStore } from './accountStore'
import {
  IDENTITY_CACHE_ENTRIES,
  IDENTITY_CACHE_MS,
  avatarImageUrl,
  fetchIdentity,
  identityKey,
  persistIdentities,
  setIdentity,
  watchIdentity,
  type Identity,
} from './identity'

const ADA = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const connected = (address: string, namespace: 'eip155' | 'solana' = 'eip155') =>
  ({ status: 'connected', address, caipAddress: `${namespace}:1:${address}`, namespace, connectorId: 'AUTH', user: undefined }) as const

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('fetchIdentity', () => {
  it('GETs /v1/identity/{address} with projectId, st and sv', async () => {
    const urls: string[] = []
    const fetch = (async (url: string) => {
      urls.push(url)
      return Response.json({ name: 'ada.oriel', avatar: null })
    }) as unknown as typeof globalThis.fetch
    const identity = await fetchIdentity(testFrameHost(fetch, 'http://127.0.0.1:8787/'), ADA)
    expect(identity).toEqual({ name: 'ada.oriel', avatar: null })
    const url = new URL(urls[0]!)
    expect(url.pathname).toBe(`/v1/identity/${ADA}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', st: 'appkit', sv: 'oriel-react-0.1.0' })
  })

  it('refuses a wrong shape and reports a non-OK answer', async () => {
    const answer = (response: Response) => (async () => response) as unknown as typeof globalThis.fetch
    const host = (response: Response) => testFrameHost(answer(response), 'http://h')
    await expect(fetchIdentity(host(Response.json({ name: 1, avatar: null })), ADA)).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
    const error = await fetchIdentity(host(new Response('{}', { status: 500 })), ADA).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 500')
  })
})

describe('the identity cache', () => {
  /** The identity of `address` a page loaded at `now` finds in localStorage. */
  const cachedIdentity = (address: string, now: number) => {
    const query = createQueryClient({ now: () => now })
    persistIdentities(query, storage)
    return query.get<Identity>(identityKey(address))?.data
  }
  const cacheIdentity = (address: string, identity: Identity, now: number) => setIdentity(createQueryClient({ now: () => now }), storage, address, identity)

  it('keeps an identity 5 minutes, by address in any case', () => {
    cacheIdentity(ADA, { name: 'ada.oriel', avatar: 'https://img.test/a.png' }, 1_000)
    expect(cachedIdentity(ADA.toLowerCase(), 1_000 + IDENTITY_CACHE_MS - 1)).toEqual({
      name: 'ada.oriel',
      avatar: 'https://img.test/a.png',
    })
    expect(cachedIdentity(ADA, 1_000 + IDENTITY_CACHE_MS)).toBeUndefined()
  })

  it('keeps the newest entries and survives a garbled value', () => {
    let now = 0
    const query = createQueryClient({ now: () => now })
    for (let i = 0; i < IDENTITY_CACHE_ENTRIES + 3; i++) {
      now = i
      setIdentity(query, storage, `0x${i.toString(16).padStart(40, '0')}`, { name: null, avatar: null })
    }
    expect(Object.keys(JSON.parse(localStorage.getItem('@oriel/identity_cache')!))).toHaveLength(IDENTITY_CACHE_ENTRIES)
    expect(cachedIdentity(`0x${'0'.repeat(40)}`, 10)).toBeUndefined()
    localStorage.setItem('@oriel/identity_cache', 'not json')
    expect(cachedIdentity(ADA, 0)).toBeUndefined()
    cacheIdentity(ADA, { name: 'ada.oriel', avatar: null }, 0)
    expect(cachedIdentity(ADA, 0)?.name).toBe('ada.oriel')
  })
})

describe('watchIdentity', () => {
  function setup(answers: Record<string, Identity | Error>) {
    let now = 0
    const account = createAccountStore()
    const fetchIdentity = vi.fn(async (address: string) => {
      const answer = answers[address]
      if (!answer) throw new Error(`unexpected ${address}`)
      if (answer instanceof Error) throw answer
      return answer
    })
    const modal = createStore({ open: true })
    const stop = watchIdentity({ account, query: createQueryClient({ now: () => now }), storage, fetchIdentity, inUse: modal })
    return { account, fetchIdentity, modal, stop, advance: (ms: number) => (now += ms) }
  }

  it('asks frame-host only while the widget is in use (the modal open)', async () => {
    const t = setup({ [ADA.toLowerCase()]: { name: 'ada.oriel', avatar: null } })
    t.modal.setState({ open: false })
    t.account.setState(connected(ADA))
    await new Promise((r) => setTimeout(r, 10))
    expect(t.fetchIdentity).not.toHaveBeenCalled()
    t.modal.setState({ open: true })
    await vi.waitFor(() => expect(t.account.getSnapshot().profileName).toBe('ada.oriel'))
    expect(t.fetchIdentity).toHaveBeenCalledTimes(1)
  })

  it('sets profileName and profileImage of the connected address, read once per 5 minutes', async () => {
    const t = setup({ [ADA.toLowerCase()]: { name: 'ada.oriel', avatar: 'https://img.test/a.png' } })
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(t.account.getSnapshot().profileName).toBe('ada.oriel'))
    expect(t.account.getSnapshot().profileImage).toBe('https://img.test/a.png')
    // The connection store writes a fresh account (a network switch): the cache restores them.
    t.account.setState(connected(ADA))
    expect(t.account.getSnapshot().profileName).toBe('ada.oriel')
    expect(t.fetchIdentity).toHaveBeenCalledTimes(1)
    t.advance(IDENTITY_CACHE_MS)
    t.account.setState({ status: 'reconnecting' })
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(t.fetchIdentity).toHaveBeenCalledTimes(2))
    t.stop()
  })

  it('an address without a name has none; another account drops the first one', async () => {
    const t = setup({
      [ADA.toLowerCase()]: { name: 'ada.oriel', avatar: null },
      [BOB.toLowerCase()]: { name: null, avatar: null },
    })
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(t.account.getSnapshot().profileName).toBe('ada.oriel'))
    t.account.setState(connected(BOB))
    expect(t.account.getSnapshot().profileName, 'cleared at once').toBeUndefined()
    await vi.waitFor(() => expect(t.fetchIdentity).toHaveBeenCalledTimes(2))
    expect(t.account.getSnapshot()).toMatchObject({ address: BOB, profileName: undefined, profileImage: undefined })
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(t.account.getSnapshot().profileName).toBe('ada.oriel'))
    t.account.setState(DISCONNECTED_ACCOUNT)
    expect(t.account.getSnapshot().profileName).toBeUndefined()
    t.stop()
  })

  it('asks nothing for other namespaces or without a connection, and logs a failed read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const t = setup({ [ADA.toLowerCase()]: new Error('frame-host down') })
    t.account.setState(connected(ADA, 'solana'))
    t.account.setState({ ...connected(ADA), status: 'connecting' })
    expect(t.fetchIdentity).not.toHaveBeenCalled()
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(t.account.getSnapshot().profileName).toBeUndefined()
    t.account.setState({ ...connected(ADA), status: 'reconnecting' })
    t.account.setState(connected(ADA))
    await vi.waitFor(() => expect(t.fetchIdentity).toHaveBeenCalledTimes(2))
    t.stop()
  })
})

describe('avatarImageUrl', () => {
  it('passes http(s) and data:image URLs only', () => {
    expect(avatarImageUrl('https://img.test/a.png')).toBe('https://img.test/a.png')
    expect(avatarImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    for (const bad of [undefined, '', 'ipfs://bafy', 'javascript:alert(1)', 'eip155:1/erc721:0xb47e/1', 'data:text/html,x']) {
      expect(avatarImageUrl(bad)).toBeUndefined()
    }
  })
})
