import { afterEach, describe, expect, it, vi } from 'vitest'
import { frameHostFetch, hash, nftTransfer, type FrameHostAnswers, wireTransaction } from '../../test/history'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { switchNetwork } from '../actions/switchNetwork'
import { ethereum, localDevnet } from '../networks'
import { FAILED_TO_FETCH_TRANSACTIONS, fetchTransactions, MissingAccountAddressError } from './fetchTransactions'
import { getHistoryStore } from './historyStore'

freshEachTest()

const tx = (n: number, minedAt: string, chain = 'eip155:1') => wireTransaction({ hash: hash(n), minedAt, chain })

/**
 * A logged-in client on Ethereum and the devnet whose frame-host answers `answers`. After `hold()`
 * the history answers wait until `release()`; `hold()` returns that hold's own release, so
 * answers can be let go in another order than asked.
 */
async function loggedIn(answers: FrameHostAnswers) {
  const { client } = createTestClient({ networks: [ethereum, localDevnet] })
  const host = frameHostFetch(answers)
  let gate: Promise<void> | undefined
  let open = () => {}
  vi.stubGlobal('fetch', async (url: string) => {
    if (gate && url.includes('/history')) await gate
    return host.fetch(url)
  })
  const { unmount } = await logInRecordingEvents(client)
  const hold = () => {
    let resolve = () => {}
    gate = new Promise<void>((r) => (resolve = r))
    open = resolve
    return resolve
  }
  const release = () => {
    gate = undefined
    open()
  }
  const state = () => getHistoryStore(client).getSnapshot()
  const hashes = () => state().transactions.map((t) => t.metadata.hash)
  return { client, host, hold, release, state, hashes, unmount }
}

describe('fetchTransactions (spec §4 transaction history loading)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it("throws 'Transactions can't be fetched without an accountAddress' without an account", async () => {
    const { client } = createTestClient()
    const error = await fetchTransactions(client).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingAccountAddressError)
    expect((error as MissingAccountAddressError).shortMessage).toBe("Transactions can't be fetched without an accountAddress")
  })

  it('sets loading, then keeps the shown transactions (this chain, no all-spam), groups them, sets empty from the length and keeps the cursor', async () => {
    const spam = wireTransaction({ hash: hash(9), minedAt: '2026-11-21T12:00:00Z', transfers: [nftTransfer('in', 'Free', true)] })
    const page = [tx(3, '2026-11-22T12:00:00Z'), tx(4, '2026-11-22T11:00:00Z', 'eip155:8453'), spam, tx(2, '2025-12-01T12:00:00Z')]
    const { client, host, hold, release, state, hashes, unmount } = await loggedIn({ history: { '': { body: { data: page, next: 'p2' } } }, nfts: { body: { nfts: [] } } })
    hold()
    const read = fetchTransactions(client)
    expect(state()).toMatchObject({ loading: true, empty: false, lastNetworkInView: 'eip155:1', address: client.account.getSnapshot().address })
    release()
    await read
    expect(host.history()[0]!.searchParams.get('chainId')).toBe('eip155:1')
    expect(hashes()).toEqual([hash(3), hash(2)])
    expect(state()).toMatchObject({ loading: false, empty: false, next: 'p2', failed: false, fetched: true })
    expect(state().transactionsByYear[2026]?.[10]?.map((t) => t.metadata.hash)).toEqual([hash(3)])
    expect(state().transactionsByYear[2025]?.[11]?.map((t) => t.metadata.hash)).toEqual([hash(2)])
    unmount()
  })

  it('an empty first page is empty, with no cursor', async () => {
    const { client, state, unmount } = await loggedIn({ history: { '': { body: { data: [], next: null } } }, nfts: { body: { nfts: [] } } })
    await fetchTransactions(client)
    expect(state()).toMatchObject({ transactions: [], empty: true, next: undefined, loading: false, failed: false })
    unmount()
  })

  it('pages by cursor: more appends the next page (no duplicates), the last page ends it, the first page replaces the list', async () => {
    const history = {
      '': { body: { data: [tx(5, '2026-11-22T12:00:00Z'), tx(4, '2026-11-22T11:00:00Z')], next: 'p2' } },
      p2: { body: { data: [tx(4, '2026-11-22T11:00:00Z'), tx(3, '2026-10-02T11:00:00Z')], next: 'p3' } },
      p3: { body: { data: [tx(1, '2025-01-02T11:00:00Z')], next: null } },
    }
    const { client, host, state, hashes, unmount } = await loggedIn({ history, nfts: { body: { nfts: [] } } })
    await fetchTransactions(client)
    await fetchTransactions(client, { more: true })
    expect(hashes()).toEqual([hash(5), hash(4), hash(3)])
    expect(state().next).toBe('p3')
    await fetchTransactions(client, { more: true })
    expect(hashes()).toEqual([hash(5), hash(4), hash(3), hash(1)])
    expect(state()).toMatchObject({ next: undefined, empty: false })
    await fetchTransactions(client, { more: true })
    expect(host.history().map((url) => url.searchParams.get('cursor'))).toEqual([null, 'p2', 'p3'])
    await fetchTransactions(client)
    expect(hashes()).toEqual([hash(5), hash(4)])
    expect(state().next).toBe('p2')
    unmount()
  })

  it('never fetches the same page twice at once', async () => {
    const history = { '': { body: { data: [tx(5, '2026-11-22T12:00:00Z')], next: 'p2' } }, p2: { body: { data: [], next: null } } }
    const { client, host, hold, release, unmount } = await loggedIn({ history, nfts: { body: { nfts: [] } } })
    hold()
    const reads = [fetchTransactions(client), fetchTransactions(client)]
    release()
    await Promise.all(reads)
    hold()
    const more = [fetchTransactions(client, { more: true }), fetchTransactions(client, { more: true })]
    release()
    await Promise.all(more)
    expect(host.history().map((url) => url.searchParams.get('cursor'))).toEqual([null, 'p2'])
    unmount()
  })

  it.each([
    ['a 500', { status: 500, body: { error: { code: 'internal', message: 'boom' } } }],
    ['garbage', { body: { data: 'nope' } }],
  ])("on failure (%s) sets empty, clears the cursor and shows 'Failed to fetch transactions'", async (_, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const history: FrameHostAnswers['history'] = { '': { body: { data: [tx(5, '2026-11-22T12:00:00Z')], next: 'p2' } }, p2: answer }
    const { client, state, hashes, unmount } = await loggedIn({ history, nfts: { body: { nfts: [] } } })
    await fetchTransactions(client)
    await fetchTransactions(client, { more: true })
    expect(state()).toMatchObject({ empty: true, next: undefined, failed: true, loading: false })
    expect(hashes()).toEqual([hash(5)])
    expect(client.snackbar.getSnapshot()).toMatchObject({ open: true, message: FAILED_TO_FETCH_TRANSACTIONS, variant: 'error' })
    history[''] = answer
    await fetchTransactions(client)
    expect(state()).toMatchObject({ empty: true, next: undefined, failed: true })
    unmount()
  })

  it('switching network resets the list (lastNetworkInView) and drops a late page of the old network', async () => {
    const history = {
      '': { body: { data: [tx(5, '2026-11-22T12:00:00Z'), tx(6, '2026-11-22T12:00:00Z', 'eip155:31337')], next: 'p2' } },
      p2: { body: { data: [tx(7, '2026-11-21T12:00:00Z')], next: null } },
    }
    const { client, host, hold, release, state, hashes, unmount } = await loggedIn({ history, nfts: { body: { nfts: [] } } })
    await fetchTransactions(client)
    expect(hashes()).toEqual([hash(5)])
    const releaseLate = hold()
    const late = fetchTransactions(client, { more: true })
    await switchNetwork(client, { network: localDevnet })
    hold()
    const fresh = fetchTransactions(client)
    expect(state()).toMatchObject({ transactions: [], next: undefined, loading: true, lastNetworkInView: 'eip155:31337' })
    releaseLate()
    await late
    expect(state()).toMatchObject({ transactions: [], next: undefined, loading: true, lastNetworkInView: 'eip155:31337' })
    release()
    await fresh
    expect(host.history().map((url) => url.searchParams.get('chainId'))).toEqual(['eip155:1', 'eip155:1', 'eip155:31337'])
    expect(hashes()).toEqual([hash(6)])
    expect(state()).toMatchObject({ loading: false, lastNetworkInView: 'eip155:31337', next: 'p2' })
    unmount()
  })
})
