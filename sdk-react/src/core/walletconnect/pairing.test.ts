import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionDeclinedError, PairingCancelledError } from '../errors/walletconnect'
import { createPairingFlow, isPairingExpired, pairingExpiresAt, type PairingProposal } from './pairing'

const MINUTE = 60_000

/** A stand-in for the sign client's `connect()`: numbered URIs, approvals settled by the test. */
function proposals(query = '') {
  const made: { uri: string; approve(session: string): void; decline(error: unknown): void }[] = []
  const propose = vi.fn(async (): Promise<PairingProposal<string>> => {
    let approve!: (session: string) => void
    let decline!: (error: unknown) => void
    const answer = new Promise<string>((ok, fail) => {
      approve = ok
      decline = fail
    })
    const uri = `wc:topic${made.length + 1}@2?symKey=k${query}`
    made.push({ uri, approve, decline })
    return { uri, approval: () => answer }
  })
  return { made, propose }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('isPairingExpired', () => {
  it('counts a pairing as expired once under 10 s remain', () => {
    const now = Date.now()
    expect(isPairingExpired({ uri: 'wc:a', expiresAt: now + 10_001 }, now)).toBe(false)
    expect(isPairingExpired({ uri: 'wc:a', expiresAt: now + 10_000 }, now)).toBe(false)
    expect(isPairingExpired({ uri: 'wc:a', expiresAt: now + 9_999 }, now)).toBe(true)
    expect(isPairingExpired({ uri: 'wc:a', expiresAt: now - 1 }, now)).toBe(true)
  })
})

describe('pairingExpiresAt', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')
  const uri = (query: string) => `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'c'.repeat(64)}${query}`

  it('gives a pairing 4 minutes, or less when the URI’s expiryTimestamp comes first', () => {
    expect(pairingExpiresAt(uri(''), now)).toBe(now + 4 * MINUTE)
    // WalletConnect's sign client makes pairings that last 5 minutes: the 4 of the spec count.
    expect(pairingExpiresAt(uri(`&expiryTimestamp=${now / 1000 + 300}`), now)).toBe(now + 4 * MINUTE)
    expect(pairingExpiresAt(uri(`&expiryTimestamp=${now / 1000 + 90}`), now)).toBe(now + 90_000)
  })

  it('ignores an expiryTimestamp that is not a number of seconds', () => {
    expect(pairingExpiresAt(uri('&expiryTimestamp=soon'), now)).toBe(now + 4 * MINUTE)
    expect(pairingExpiresAt(uri('&expiryTimestamp=-5'), now)).toBe(now + 4 * MINUTE)
    expect(pairingExpiresAt('wc:topic@2', now)).toBe(now + 4 * MINUTE)
  })
})

describe('createPairingFlow', () => {
  it('offers a pairing that lasts 4 minutes and resolves with the wallet’s approval', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose })
    const connected = flow.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(flow.getSnapshot()).toMatchObject({ pending: true, pairing: { uri: made[0]!.uri } })
    expect(flow.getSnapshot().pairing!.expiresAt).toBe(Date.now() + 4 * MINUTE)

    made[0]!.approve('session-1')
    await expect(connected).resolves.toBe('session-1')
    expect(flow.getSnapshot()).toEqual({ pairing: undefined, pending: false, error: undefined })
  })

  it('while watched, replaces the pairing with a fresh one when under 10 s remain', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose })
    const connected = flow.start()
    const unwatch = flow.watch()
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 10_000)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[0]!.uri)
    expect(propose).toHaveBeenCalledTimes(1)

    await vi.advanceTimersByTimeAsync(1)
    expect(propose).toHaveBeenCalledTimes(2)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[1]!.uri)
    expect(flow.getSnapshot().pairing!.expiresAt).toBe(Date.now() + 4 * MINUTE)

    // And again four minutes later.
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 10_000 + 1)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[2]!.uri)

    // The expired proposal timing out is not a failure; a wallet approving any pairing is.
    made[0]!.decline(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(flow.getSnapshot().pending).toBe(true)
    made[2]!.approve('session-3')
    await expect(connected).resolves.toBe('session-3')
    unwatch()
  })

  it('replaces a pairing whose URI expires sooner 10 s before the URI’s expiry', async () => {
    const { made, propose } = proposals(`&expiryTimestamp=${Date.now() / 1000 + 60}`)
    const flow = createPairingFlow({ propose })
    const connected = flow.start()
    const unwatch = flow.watch()
    await vi.advanceTimersByTimeAsync(50_000)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[0]!.uri)
    await vi.advanceTimersByTimeAsync(1)
    expect(propose).toHaveBeenCalledTimes(2)
    unwatch()
    flow.cancel()
    await expect(connected).rejects.toThrow(PairingCancelledError)
  })

  it('does not refresh while nobody watches, and refreshes an expired pairing when watched again', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose })
    void flow.start()
    await vi.advanceTimersByTimeAsync(5 * MINUTE)
    expect(propose).toHaveBeenCalledTimes(1)

    flow.watch()
    await vi.advanceTimersByTimeAsync(0)
    expect(propose).toHaveBeenCalledTimes(2)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[1]!.uri)
  })

  it('makes a fresh pairing when connect starts again on other platforms', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose, reuse: () => false })
    const first = flow.start()
    await vi.advanceTimersByTimeAsync(MINUTE)
    const second = flow.start()
    expect(second).toBe(first)
    await vi.advanceTimersByTimeAsync(0)
    expect(propose).toHaveBeenCalledTimes(2)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[1]!.uri)
  })

  it('reuses an unexpired pairing on Telegram and iOS Safari, and not an expired one', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose, reuse: () => true })
    void flow.start()
    await vi.advanceTimersByTimeAsync(3 * MINUTE)
    void flow.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(propose).toHaveBeenCalledTimes(1)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[0]!.uri)

    await vi.advanceTimersByTimeAsync(50_001) // 9.999 s left: expired
    void flow.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(propose).toHaveBeenCalledTimes(2)
    expect(flow.getSnapshot().pairing?.uri).toBe(made[1]!.uri)
  })

  it('rejects with ConnectionDeclinedError when the wallet declines, and a new start makes a new pairing', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose, reuse: () => true })
    const connected = flow.start()
    await vi.advanceTimersByTimeAsync(0)
    made[0]!.decline({ code: 5000, message: 'User rejected.' })
    await expect(connected).rejects.toThrow(ConnectionDeclinedError)
    expect(flow.getSnapshot().error).toBeInstanceOf(ConnectionDeclinedError)
    expect(flow.getSnapshot().pairing).toBeUndefined()

    void flow.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(flow.getSnapshot()).toMatchObject({ pending: true, error: undefined, pairing: { uri: made[1]!.uri } })
  })

  it('rejects with the loader’s error when no pairing can be made', async () => {
    const failure = new Error('relay unreachable')
    const flow = createPairingFlow<string>({ propose: () => Promise.reject(failure) })
    await expect(flow.start()).rejects.toBe(failure)
    expect(flow.getSnapshot()).toEqual({ pairing: undefined, pending: false, error: failure })
  })

  it('cancel rejects the waiting connect and ignores a later approval', async () => {
    const { made, propose } = proposals()
    const flow = createPairingFlow({ propose })
    const connected = flow.start()
    await vi.advanceTimersByTimeAsync(0)
    flow.cancel()
    await expect(connected).rejects.toThrow(PairingCancelledError)
    made[0]!.approve('late')
    await vi.advanceTimersByTimeAsync(0)
    expect(flow.getSnapshot()).toEqual({ pairing: undefined, pending: false, error: undefined })
  })
})
