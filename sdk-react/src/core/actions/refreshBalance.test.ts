import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../client/createClient'
import { createConfig } from '../config/createConfig'
import { ethereum, localDevnet, localSolana } from '../networks'
import { loadFakeFrameClient } from '../../test/fakeFrameClient'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { getBalance, watchBalance } from './getBalance'
import { connect } from './connect'
import { refreshBalance } from './refreshBalance'
import { switchNetwork } from './switchNetwork'

freshEachTest()

/** A logged-in client on Ethereum and the devnet whose frame answers `eth_getBalance` from `wei`. */
async function loggedIn() {
  let time = 0
  const { client } = createTestClient({ networks: [ethereum, localDevnet, localSolana] }, () => time)
  const wei = { value: 10n * 10n ** 18n }
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method) => {
      if (method !== 'eth_getBalance') throw new Error(`unexpected ${method}`)
      return `0x${wei.value.toString(16)}`
    }
  }
  const { unmount } = await logInRecordingEvents(client)
  const frame = FakeFrameClient.instances[0]!
  const reads = () => frame.rpcCalls.filter((call) => call.method === 'eth_getBalance').length
  return { client, frame, wei, reads, unmount, tick: (ms: number) => (time += ms) }
}

describe('getBalance / refreshBalance', () => {
  afterEach(() => {
    FakeFrameClient.onCreate = undefined
    vi.restoreAllMocks()
  })

  it('is 0.000 in the native symbol until read, then the truncated balance', async () => {
    const { client, frame, unmount } = await loggedIn()
    expect(getBalance(client)).toEqual({ balance: '0.000', balanceSymbol: 'ETH' })
    const seen: string[] = []
    const stop = watchBalance(client, { onChange: ({ balance }) => seen.push(balance) })
    await refreshBalance(client)
    expect(getBalance(client)).toEqual({ balance: '10.000', balanceSymbol: 'ETH' })
    expect(getBalance(client)).toBe(getBalance(client))
    expect(seen).toEqual(['10.000'])
    expect(frame.rpcCalls).toContainEqual({ method: 'eth_getBalance', params: [client.account.getSnapshot().address, 'latest'] })
    stop()
    unmount()
  })

  it('reuses a read for 30 s per (address, network), then reads again; force reads at once', async () => {
    const { client, wei, reads, tick, unmount } = await loggedIn()
    await Promise.all([refreshBalance(client), refreshBalance(client)])
    expect(reads()).toBe(1)
    wei.value = 2_345_600_000_000_000_000n
    tick(29_999)
    await refreshBalance(client)
    expect(reads()).toBe(1)
    expect(getBalance(client).balance).toBe('10.000')
    tick(1)
    await refreshBalance(client)
    expect(reads()).toBe(2)
    expect(getBalance(client).balance).toBe('2.345')
    await refreshBalance(client, { force: true })
    expect(reads()).toBe(3)
    unmount()
  })

  it('keeps each network its own entry: a switch shows 0.000 until read', async () => {
    const { client, reads, unmount } = await loggedIn()
    await switchNetwork(client, { network: localDevnet })
    await refreshBalance(client)
    expect(getBalance(client).balance).toBe('10.000')
    await switchNetwork(client, { network: ethereum })
    expect(getBalance(client)).toEqual({ balance: '0.000', balanceSymbol: 'ETH' })
    await refreshBalance(client)
    expect(reads()).toBe(2)
    unmount()
  })

  it('keeps the last value and logs when a read fails', async () => {
    const { client, frame, tick, unmount } = await loggedIn()
    await refreshBalance(client)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    frame.rpc = async () => {
      throw new Error('rpc down')
    }
    tick(30_000)
    await expect(refreshBalance(client)).resolves.toBeUndefined()
    expect(getBalance(client).balance).toBe('10.000')
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/^oriel: reading the balance of 0x.* failed$/), expect.anything())
    unmount()
  })

  it("reads SOL with Solana's getBalance on a solana network, and refuses a malformed answer", async () => {
    const { client, frame, tick, unmount } = await loggedIn()
    frame.rpc = async (method) => {
      if (method !== 'getBalance') throw new Error(`unexpected ${method}`)
      return { context: { slot: 7 }, value: 2_500_000_000 }
    }
    await switchNetwork(client, { network: localSolana })
    await refreshBalance(client)
    expect(getBalance(client)).toEqual({ balance: '2.500', balanceSymbol: 'SOL' })
    const { address } = client.account.getSnapshot()
    expect(frame.rpcCalls).toContainEqual({ method: 'getBalance', params: [address, { commitment: 'confirmed' }] })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    frame.rpc = async () => ({ context: { slot: 8 }, value: '2500000000' })
    tick(30_000)
    await refreshBalance(client)
    expect(getBalance(client).balance).toBe('2.500')
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/reading the balance of .* on solana:Ay2A.* failed$/), expect.any(TypeError))
    unmount()
  })

  it('reads nothing while disconnected', async () => {
    const { client } = createTestClient()
    await expect(refreshBalance(client)).resolves.toBeUndefined()
    expect(getBalance(client)).toEqual({ balance: '0.000', balanceSymbol: 'ETH' })
  })

  it("reads a wallet-standard Solana wallet's SOL from the network's RPC URL (the wallet answers no reads)", async () => {
    const SOL_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    const account = { address: SOL_ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:localnet'] as const, features: [] }
    const wallet: Wallet = {
      version: '1.0.0',
      name: 'Solana Test Wallet',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: ['solana:localnet'],
      accounts: [],
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) } },
    }
    const cluster = { ...localSolana, rpcUrls: { default: { http: ['http://127.0.0.1:18899'] } } }
    const client = createClient({
      config: createConfig({ projectId: 'demo', networks: [cluster], features: { email: false, socials: false } }),
      loadFrameClient: loadFakeFrameClient,
      isMobile: () => false,
      eip6963Target: () => new EventTarget(),
      injectedProvider: () => undefined,
      walletStandard: () => ({ get: () => [wallet], on: () => () => {} }),
    })
    const asked: { url: string; body: unknown }[] = []
    // The cluster answers getBalance; frame-host (analytics, wallet list) is not there.
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url !== 'http://127.0.0.1:18899') return new Response('{}', { status: 404 })
      const body = JSON.parse(String(init?.body)) as { id: number; method: string }
      asked.push({ url, body })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { context: { slot: 3 }, value: 1_249_995_000 } }))
    })
    const unmount = client.mount()
    const [connector] = client.connectors.getSnapshot().filter((c) => c.name === 'Solana Test Wallet')
    await connect(client, { connectorId: connector!.id })
    expect(client.account.getSnapshot().address).toBe(SOL_ADDRESS)
    await refreshBalance(client)
    expect(getBalance(client)).toEqual({ balance: '1.249', balanceSymbol: 'SOL' })
    expect(asked).toEqual([
      {
        url: 'http://127.0.0.1:18899',
        body: { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOL_ADDRESS, { commitment: 'confirmed' }] },
      },
    ])
    vi.unstubAllGlobals()
    unmount()
  })
})
