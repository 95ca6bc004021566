import { describe, expect, it, vi } from 'vitest'
import { BALANCE_CACHE_MS, NATIVE_BALANCE_STORAGE, type NativeBalance } from '../account/balance'
import { TOKEN_BALANCES_STORAGE, type TokenBalanceList } from '../account/tokens'
import type { TokenBalance } from '../blockchain/client'
import { STORAGE_KEYS, type StorageKey } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import { createQueryClient, PERSISTED_QUERY_ENTRIES, type QueryClient } from './queryClient'

function memoryStorage(initial: Partial<Record<StorageKey, string>> = {}): SafeStorage & { items: Map<StorageKey, string> } {
  const items = new Map(Object.entries(initial) as [StorageKey, string][])
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const USDC: TokenBalance = {
  name: 'Devnet Dollar',
  symbol: 'dUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  value: 1000,
  price: 1,
  quantity: { decimals: '6', numeric: '1000' },
  verified: true,
}

const persistBalances = (query: QueryClient, storage: SafeStorage) =>
  query.persist<NativeBalance>('balance', { storage, key: STORAGE_KEYS.balanceCache, ...NATIVE_BALANCE_STORAGE })
const persistTokens = (query: QueryClient, storage: SafeStorage) =>
  query.persist<TokenBalanceList>('tokens', { storage, key: STORAGE_KEYS.portfolioCache, ...TOKEN_BALANCES_STORAGE })
const ETH = { value: 1_234_000_000_000_000_000n, decimals: 18 }

describe('the query cache', () => {
  it('reads once while fresh, shares a read under way, and reads again when stale or forced', async () => {
    let now = 0
    const query = createQueryClient({ now: () => now })
    const read = vi.fn(async () => 'answer')
    const q = { key: ['thing', 'a'] as const, read, staleMs: BALANCE_CACHE_MS }
    expect(await Promise.all([query.fetch(q), query.fetch(q)])).toEqual(['answer', 'answer'])
    expect(read).toHaveBeenCalledTimes(1)
    now = BALANCE_CACHE_MS - 1
    await query.fetch(q)
    expect(read).toHaveBeenCalledTimes(1)
    now = BALANCE_CACHE_MS
    await query.fetch(q)
    expect(read).toHaveBeenCalledTimes(2)
    await query.fetch(q, { force: true })
    expect(read).toHaveBeenCalledTimes(3)
    expect(query.get(q.key)).toMatchObject({ data: 'answer', updatedAt: BALANCE_CACHE_MS, fetching: false })
  })

  it('answers a failure again without reading within its pause, even when forced, then reads', async () => {
    let now = 100
    const query = createQueryClient({ now: () => now })
    const read = vi.fn(async () => {
      throw new Error('down')
    })
    const q = { key: ['thing', 'b'] as const, read, staleMs: 30_000, retryAfterMs: 30_000 }
    await expect(query.fetch(q)).rejects.toThrow('down')
    now = 100 + 30_000 - 1
    await expect(query.fetch(q, { force: true })).rejects.toThrow('down')
    expect(read).toHaveBeenCalledTimes(1)
    now = 100 + 30_000
    await expect(query.fetch(q)).rejects.toThrow('down')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('makes invalidated values stale (still shown), by key prefix only', async () => {
    const query = createQueryClient({ now: () => 0 })
    const read = vi.fn(async () => 1)
    for (const key of [['names', 'a'], ['names', 'b'], ['namesake', 'c']] as const) await query.fetch({ key, read, staleMs: Number.POSITIVE_INFINITY })
    query.invalidate(['names'])
    expect([query.get(['names', 'a'])?.updatedAt, query.get(['names', 'b'])?.data, query.get(['namesake', 'c'])?.updatedAt]).toEqual([undefined, 1, 0])
    await query.fetch({ key: ['names', 'a'], read, staleMs: Number.POSITIVE_INFINITY })
    expect(read).toHaveBeenCalledTimes(4)
  })

  it('aborts a read only when every caller waiting for it gave up', async () => {
    const query = createQueryClient({ now: () => 0 })
    let signal: AbortSignal | undefined
    const read = (s: AbortSignal) => {
      signal = s
      return new Promise<number>(() => {})
    }
    const q = { key: ['slow'] as const, read, staleMs: 0 }
    const [first, second] = [new AbortController(), new AbortController()]
    const a = query.fetch(q, { signal: first.signal })
    const b = query.fetch(q, { signal: second.signal })
    first.abort()
    await expect(a).rejects.toBeDefined()
    expect(signal?.aborted).toBe(false)
    second.abort()
    await expect(b).rejects.toBeDefined()
    expect(signal?.aborted).toBe(true)
  })
})

describe('the stored caches (spec §3)', () => {
  it('keeps native balances across a reload within 30 s, and not after', () => {
    let now = 1_000_000
    const storage = memoryStorage()
    const first = createQueryClient({ now: () => now })
    persistBalances(first, storage)
    first.set(['balance', 'eip155:1:0xabc'], ETH)

    now += BALANCE_CACHE_MS - 1
    const reloaded = createQueryClient({ now: () => now })
    persistBalances(reloaded, storage)
    expect(reloaded.get(['balance', 'eip155:1:0xabc'])).toMatchObject({ data: ETH, updatedAt: 1_000_000 })

    now += 1
    const late = createQueryClient({ now: () => now })
    persistBalances(late, storage)
    expect(late.get(['balance', 'eip155:1:0xabc'])).toBeUndefined()
  })

  it('ignores what it did not write: garbage, wrong shapes, a malformed balance', () => {
    const now = () => 5_000
    const storage = memoryStorage({
      [STORAGE_KEYS.balanceCache]: JSON.stringify({
        a: { value: '1.5', decimals: 18, fetchedAt: 5_000 },
        b: { value: '2000', decimals: 18, fetchedAt: '5000' },
        c: null,
        d: { value: '3000', decimals: 3, fetchedAt: 4_999 },
      }),
      [STORAGE_KEYS.portfolioCache]: '{not json',
    })
    const query = createQueryClient({ now })
    persistBalances(query, storage)
    persistTokens(query, storage)
    expect(Object.keys(query.getSnapshot().entries)).toEqual([JSON.stringify(['balance', 'd'])])
    expect(query.get(['balance', 'd'])?.data).toEqual({ value: 3000n, decimals: 3 })
  })

  it('stores token lists without their failures, and reads back only lists that pass the shape check', async () => {
    let now = 10_000
    const storage = memoryStorage()
    const query = createQueryClient({ now: () => now })
    persistTokens(query, storage)
    query.set<TokenBalanceList>(['tokens', 'good'], { balances: [USDC], unavailable: false })
    await query.fetch({ key: ['tokens', 'failedOnly'], read: () => Promise.reject(new Error('down')), staleMs: 30_000 }).catch(() => {})
    expect(JSON.parse(storage.items.get(STORAGE_KEYS.portfolioCache)!)).toEqual({ good: { balances: [USDC], fetchedAt: 10_000 } })

    const stored = JSON.parse(storage.items.get(STORAGE_KEYS.portfolioCache)!)
    stored.bad = { balances: [{ name: 'x' }], fetchedAt: now }
    storage.setItem(STORAGE_KEYS.portfolioCache, JSON.stringify(stored))
    now += 1
    const reloaded = createQueryClient({ now: () => now })
    persistTokens(reloaded, storage)
    expect(Object.keys(reloaded.getSnapshot().entries)).toEqual([JSON.stringify(['tokens', 'good'])])
    expect(reloaded.get(['tokens', 'good'])).toMatchObject({ data: { balances: [USDC], unavailable: false }, updatedAt: 10_000 })
  })

  it(`writes the newest ${PERSISTED_QUERY_ENTRIES} entries only, and stops writing when stopped`, () => {
    let now = 90_000
    const storage = memoryStorage()
    const query = createQueryClient({ now: () => now })
    const stop = persistBalances(query, storage)
    for (let i = 0; i < PERSISTED_QUERY_ENTRIES + 5; i++) {
      now = 90_000 + i
      query.set(['balance', `k${i}`], ETH)
    }
    const kept = Object.keys(JSON.parse(storage.items.get(STORAGE_KEYS.balanceCache)!))
    expect(kept).toHaveLength(PERSISTED_QUERY_ENTRIES)
    expect(kept[0]).toBe(`k${PERSISTED_QUERY_ENTRIES + 4}`)
    expect(kept).not.toContain('k0')
    stop()
    query.set(['balance', 'later'], ETH)
    expect(Object.keys(JSON.parse(storage.items.get(STORAGE_KEYS.balanceCache)!))).not.toContain('later')
  })
})
