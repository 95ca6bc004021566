import { afterEach, describe, expect, it, vi } from 'vitest'
import { ethereum, localDevnet } from '../networks'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { BALANCES } from '../../test/balances'
import { switchNetwork } from './switchNetwork'
import { getBalance } from './getBalance'
import { refreshBalance } from './refreshBalance'
import { getTokenBalances, refreshTokenBalances, watchTokenBalances } from './tokenBalances'

freshEachTest()

/** A logged-in client on Ethereum and the devnet; `fetch` answers the balance route from `answer`. */
async function loggedIn() {
  let time = 0
  const { client } = createTestClient({ networks: [ethereum, localDevnet] }, () => time)
  const answer = { status: 200, body: BALANCES as unknown }
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer.body), { status: answer.status }))
  vi.stubGlobal('fetch', fetchMock)
  const { unmount } = await logInRecordingEvents(client)
  const calls = () => fetchMock.mock.calls.map(([url]) => new URL(url)).filter((url) => url.pathname.startsWith('/v1/account/'))
  return { client, answer, calls, unmount, tick: (ms: number) => (time += ms) }
}

describe('getTokenBalances / refreshTokenBalances', () => {
  afterEach(() => {
    FakeFrameClient.onCreate = undefined
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('reads the balance route with projectId, st, sv, currency and chainId, then lists the tokens and the total', async () => {
    const { client, calls, unmount } = await loggedIn()
    expect(getTokenBalances(client)).toMatchObject({ balances: [], totalUsd: 0, loaded: false, failed: false })
    const seen: number[] = []
    const stop = watchTokenBalances(client, { onChange: ({ balances }) => seen.push(balances.length) })
    await refreshTokenBalances(client)
    const [url] = calls()
    const { address } = client.account.getSnapshot()
    expect(url!.pathname).toBe(`/v1/account/${address}/balance`)
    expect(Object.fromEntries(url!.searchParams)).toMatchObject({ projectId: 'demo', st: 'appkit', currency: 'usd', chainId: 'eip155:1' })
    expect(url!.searchParams.get('sv')).toMatch(/^oriel-react-/)
    expect(getTokenBalances(client)).toMatchObject({ balances: BALANCES.balances, totalUsd: 4512.345, loaded: true, failed: false })
    expect(getTokenBalances(client)).toBe(getTokenBalances(client))
    expect(seen).toEqual([3])
    stop()
    unmount()
  })

  it('keeps the list 30 s per (address, network); force asks frame-host to read the chain', async () => {
    const { client, calls, tick, unmount } = await loggedIn()
    await refreshTokenBalances(client)
    tick(29_999)
    await refreshTokenBalances(client)
    expect(calls()).toHaveLength(1)
    await refreshTokenBalances(client, { force: true })
    expect(calls()).toHaveLength(2)
    expect(calls()[1]!.searchParams.get('forceUpdate')).toBe('true')
    tick(30_000)
    await refreshTokenBalances(client)
    expect(calls()).toHaveLength(3)
    await switchNetwork(client, { network: localDevnet })
    expect(getTokenBalances(client).loaded).toBe(false)
    await refreshTokenBalances(client)
    expect(calls().at(-1)!.searchParams.get('chainId')).toBe('eip155:31337')
    unmount()
  })

  it("shows 'Token Balance Unavailable' when the fetch fails (400 unsupported chainId) and retries only after 30 s", async () => {
    const { client, answer, calls, tick, unmount } = await loggedIn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    answer.status = 400
    answer.body = { error: { code: 'invalid_params', message: 'Unsupported chainId: eip155:1' } }
    await refreshTokenBalances(client)
    expect(client.snackbar.getSnapshot()).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error' })
    expect(getTokenBalances(client)).toMatchObject({ failed: true, loaded: false })
    answer.status = 200
    answer.body = BALANCES
    tick(29_999)
    await refreshTokenBalances(client)
    await refreshTokenBalances(client, { force: true })
    expect(calls()).toHaveLength(1)
    tick(1)
    await refreshTokenBalances(client)
    expect(calls()).toHaveLength(2)
    expect(getTokenBalances(client)).toMatchObject({ failed: false, loaded: true })
    unmount()
  })

  it('shows the coin as the native balance the header shows: the list stands for it until the wallet answers', async () => {
    const { client, unmount } = await loggedIn()
    const frame = FakeFrameClient.instances[0]!
    frame.rpc = async (method) => {
      if (method !== 'eth_getBalance') throw new Error(`unexpected ${method}`)
      return `0x${(10n * 10n ** 18n).toString(16)}`
    }
    await refreshTokenBalances(client)
    // frame-host's list says 1.5 ETH; nothing was read from the wallet yet: both show that.
    expect(getBalance(client).balance).toBe('1.500')
    expect(getTokenBalances(client).balances[0]).toMatchObject({ symbol: 'ETH', quantity: { numeric: '1.5' }, value: 4500 })
    // The wallet answers 10 ETH: the header and the Tokens tab both show it, at frame-host's price.
    await refreshBalance(client)
    expect(getBalance(client).balance).toBe('10.000')
    expect(getTokenBalances(client).balances[0]).toMatchObject({ symbol: 'ETH', quantity: { decimals: '18', numeric: '10' }, value: 30_000 })
    expect(getTokenBalances(client).totalUsd).toBe(30_012.345)
    unmount()
  })
})
