import { describe, expect, it } from 'vitest'
import { BALANCE_CACHE_MS, balanceEntryFromStored, createBalanceStore } from '../account/balance'
import { createTokenBalanceStore, tokenEntryFromStored, tokenEntryToStored } from '../account/tokens'
import type { TokenBalance } from '../blockchain/client'
import { STORAGE_KEYS, type StorageKey } from './keys'
import { PERSISTED_CACHE_ENTRIES, persistCache } from './persistedCache'
import type { SafeStorage } from './storage'

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
}

const balanceOptions = (storage: SafeStorage, now: () => number) => ({
  storage,
  key: STORAGE_KEYS.balanceCache,
  now,
  maxAgeMs: BALANCE_CACHE_MS,
  toStored: (entry: { balance: string; fetchedAt: number }) => entry,
  fromStored: balanceEntryFromStored,
})

describe('persistCache', () => {
  it('keeps native balances across a reload within 30 s, and not after', () => {
    let now = 1_000_000
    const storage = memoryStorage()
    const first = createBalanceStore({ now: () => now })
    persistCache(first, balanceOptions(storage, () => now))
    first.setState({ entries: { 'eip155:1:0xabc': { balance: '1.234', fetchedAt: now } } })

    now += BALANCE_CACHE_MS - 1
    const reloaded = createBalanceStore({ now: () => now })
    persistCache(reloaded, balanceOptions(storage, () => now))
    expect(reloaded.getSnapshot().entries).toEqual({ 'eip155:1:0xabc': { balance: '1.234', fetchedAt: 1_000_000 } })

    now += 1
    const late = createBalanceStore({ now: () => now })
    persistCache(late, balanceOptions(storage, () => now))
    expect(late.getSnapshot().entries).toEqual({})
  })

  it('ignores what it did not write: garbage, wrong shapes, a malformed balance', () => {
    const now = () => 5_000
    const storage = memoryStorage({
      [STORAGE_KEYS.balanceCache]: JSON.stringify({
        a: { balance: '1.5', fetchedAt: 5_000 },
        b: { balance: '2.000', fetchedAt: '5000' },
        c: null,
        d: { balance: '3.000', fetchedAt: 4_999 },
      }),
      [STORAGE_KEYS.portfolioCache]: '{not json',
    })
    const balances = createBalanceStore({ now })
    persistCache(balances, balanceOptions(storage, now))
    expect(balances.getSnapshot().entries).toEqual({ d: { balance: '3.000', fetchedAt: 4_999 } })
    const tokens = createTokenBalanceStore()
    persistCache(tokens, {
      storage,
      key: STORAGE_KEYS.portfolioCache,
      now,
      maxAgeMs: 30_000,
      toStored: tokenEntryToStored,
      fromStored: tokenEntryFromStored,
    })
    expect(tokens.getSnapshot().entries).toEqual({})
  })

  it('stores token lists without their failures, and reads back only lists that pass the shape check', () => {
    let now = 10_000
    const storage = memoryStorage()
    const options = {
      storage,
      key: STORAGE_KEYS.portfolioCache,
      now: () => now,
      maxAgeMs: 30_000,
      toStored: tokenEntryToStored,
      fromStored: tokenEntryFromStored,
    }
    const tokens = createTokenBalanceStore()
    persistCache(tokens, options)
    tokens.setState({
      entries: {
        good: { balances: [USDC], fetchedAt: now, failedAt: now + 5 },
        failedOnly: { failedAt: now },
      },
    })
    expect(JSON.parse(storage.items.get(STORAGE_KEYS.portfolioCache)!)).toEqual({ good: { balances: [USDC], fetchedAt: 10_000 } })

    const stored = JSON.parse(storage.items.get(STORAGE_KEYS.portfolioCache)!)
    stored.bad = { balances: [{ name: 'x' }], fetchedAt: now }
    storage.setItem(STORAGE_KEYS.portfolioCache, JSON.stringify(stored))
    now += 1
    const reloaded = createTokenBalanceStore()
    persistCache(reloaded, options)
    expect(reloaded.getSnapshot().entries).toEqual({ good: { balances: [USDC], fetchedAt: 10_000 } })
  })

  it(`writes the newest ${PERSISTED_CACHE_ENTRIES} entries only, and stops writing when stopped`, () => {
    const now = () => 100_000
    const storage = memoryStorage()
    const balances = createBalanceStore({ now })
    const stop = persistCache(balances, balanceOptions(storage, now))
    const entries = Object.fromEntries(
      Array.from({ length: PERSISTED_CACHE_ENTRIES + 5 }, (_, i) => [`k${i}`, { balance: '0.000', fetchedAt: 90_000 + i }]),
    )
    balances.setState({ entries })
    const kept = Object.keys(JSON.parse(storage.items.get(STORAGE_KEYS.balanceCache)!))
    expect(kept).toHaveLength(PERSISTED_CACHE_ENTRIES)
    expect(kept[0]).toBe(`k${PERSISTED_CACHE_ENTRIES + 4}`)
    expect(kept).not.toContain('k0')
    stop()
    balances.setState({ entries: {} })
    expect(Object.keys(JSON.parse(storage.items.get(STORAGE_KEYS.balanceCache)!))).toHaveLength(PERSISTED_CACHE_ENTRIES)
  })
})
