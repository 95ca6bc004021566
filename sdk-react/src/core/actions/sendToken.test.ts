import { afterEach, describe, expect, it, vi } from 'vitest'
import { BALANCES, stubFrameHostFetch } from '../../test/balances'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { SUFFIX, stubNamesFetch } from '../../test/names'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { FrameRequestError } from '../frame/errors'
import { EMPTY_SEND, editSend, getSendStore } from '../send/sendStore'
import { encodeTransfer } from '../send/transaction'
import { sendToken } from './sendToken'
import { getSendTokens } from './sendTokens'
import { refreshTokenBalances } from './tokenBalances'

freshEachTest()

const FROM = '0x1234567890abcdef1234567890abcdef1234abcd'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const HASH = `0x${'ab'.repeat(32)}`

/** A logged-in client on Ethereum with the balance list read, the modal on Account → Send. */
async function onSendView(answer: (method: string) => unknown) {
  stubFrameHostFetch()
  const { client } = createTestClient()
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method) => answer(method)
  }
  const { seen, unmount } = await logInRecordingEvents(client)
  await refreshTokenBalances(client)
  client.modal.reset('Account')
  client.modal.push('Send')
  seen.length = 0
  return { client, seen, unmount, frame: FakeFrameClient.instances[0]! }
}

const mined = (status: string) => (method: string) => {
  if (method === 'eth_sendTransaction') return HASH
  if (method === 'eth_getTransactionReceipt') return { transactionHash: HASH, blockNumber: '0x10', status }
  if (method === 'eth_getBalance') return '0x0'
  throw new Error(`unexpected ${method}`)
}

describe('sendToken (spec §4 send flow)', () => {
  afterEach(() => {
    FakeFrameClient.onCreate = undefined
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('sends an ERC-20 transfer through the wallet, emits SEND_INITIATED then SEND_SUCCESS, resets, shows Account and refreshes balances', async () => {
    const { client, seen, frame, unmount } = await onSendView(mined('0x1'))
    const spy = vi.fn(fetch)
    vi.stubGlobal('fetch', spy)
    editSend(client, { tokenKey: USDC, amount: '1.5', receiver: TO.toLowerCase() })
    const loading: boolean[] = []
    const stop = getSendStore(client).subscribe(() => loading.push(getSendStore(client).getSnapshot().loading))

    expect(await sendToken(client, { receipt: { sleep: async () => {} } })).toEqual({ transactionHash: HASH, blockNumber: 16n, status: 'success' })
    expect(frame.rpcCalls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([
      { from: FROM, to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', value: '0x0', data: encodeTransfer(TO, 1_500_000n) },
    ])
    const summary = { network: 'eip155:1', token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', amount: '1.5' }
    expect(seen).toEqual([
      `SEND_INITIATED ${JSON.stringify({ ...summary, isSmartAccount: false })}`,
      `SEND_SUCCESS ${JSON.stringify({ ...summary, hash: HASH, isSmartAccount: false })}`,
    ])
    expect(loading[0]).toBe(true)
    expect(getSendStore(client).getSnapshot()).toEqual(EMPTY_SEND)
    expect(client.modal.getSnapshot().history.map((e) => e.view)).toEqual(['Account'])
    await vi.waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('forceUpdate=true'))).toBe(true))
    await vi.waitFor(() => expect(frame.rpcCalls.some((c) => c.method === 'eth_getBalance')).toBe(true))
    stop()
    unmount()
  })

  it('sends the native coin as { from, to, value }', async () => {
    const { client, frame, unmount } = await onSendView(mined('0x1'))
    editSend(client, { tokenKey: 'eip155:1:native', amount: '0.25', receiver: TO })
    await sendToken(client)
    expect(frame.rpcCalls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([{ from: FROM, to: TO, value: '0x3782dace9d90000' }])
    unmount()
  })

  it('sends to the address a name resolves to (spec: a name in the receiver field)', async () => {
    const { client, frame, unmount } = await onSendView(mined('0x1'))
    stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: TO, coinType: 60 }])
    editSend(client, { tokenKey: 'eip155:1:native', amount: '0.25', receiver: `Bobby.${SUFFIX}` })
    await sendToken(client)
    expect(frame.rpcCalls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([{ from: FROM, to: TO, value: '0x3782dace9d90000' }])
    unmount()
  })

  it("a rejection in the wallet is 'Signature declined', shown in place: the form stays, no SEND_SUCCESS", async () => {
    const { client, seen, unmount } = await onSendView((method) => {
      throw new FrameRequestError({ code: { Rpc: 4001 }, message: 'User rejected the request.', request: method })
    })
    editSend(client, { tokenKey: USDC, amount: '1.5', receiver: TO })
    await expect(sendToken(client)).rejects.toThrow('Signature declined')
    expect(getSendStore(client).getSnapshot()).toMatchObject({ loading: false, error: 'Signature declined', amount: '1.5', tokenKey: USDC })
    expect(seen.map((line) => line.split(' ')[0])).toEqual(['SEND_INITIATED'])
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Send')
    // Editing clears the error.
    editSend(client, { amount: '1' })
    expect(getSendStore(client).getSnapshot().error).toBeUndefined()
    unmount()
  })

  it('a receipt with status 0 is a failure with a clear message', async () => {
    const { client, seen, unmount } = await onSendView(mined('0x0'))
    editSend(client, { tokenKey: USDC, amount: '1.5', receiver: TO })
    await expect(sendToken(client)).rejects.toThrow('Transaction failed on chain')
    expect(getSendStore(client).getSnapshot()).toMatchObject({ loading: false, error: 'Transaction failed on chain' })
    expect(seen.some((line) => line.startsWith('SEND_SUCCESS'))).toBe(false)
    unmount()
  })

  it("checks the form first: 'A token is required', then the spec's amount and receiver text, with nothing sent", async () => {
    const { client, seen, frame, unmount } = await onSendView(mined('0x1'))
    await expect(sendToken(client)).rejects.toThrow('A token is required')
    expect(getSendStore(client).getSnapshot().error).toBe('A token is required')
    editSend(client, { tokenKey: USDC })
    await expect(sendToken(client)).rejects.toThrow('An amount and receiver address are required')
    editSend(client, { amount: '13', receiver: TO })
    await expect(sendToken(client)).rejects.toThrow('Insufficient USDC balance')
    expect(seen).toEqual([])
    expect(frame.rpcCalls.some((c) => c.method === 'eth_sendTransaction')).toBe(false)
    unmount()
  })

  it('the form resets when the account changes', async () => {
    const { client, unmount } = await onSendView(mined('0x1'))
    editSend(client, { tokenKey: USDC, amount: '1.5', receiver: TO })
    expect(getSendTokens(client).map((t) => t.symbol)).toEqual(BALANCES.balances.slice(0, 2).map((b) => b.symbol))
    client.account.setState({ address: TO })
    expect(getSendStore(client).getSnapshot()).toEqual(EMPTY_SEND)
    unmount()
  })
})

describe('sendToken failures from the wallet', () => {
  afterEach(() => {
    FakeFrameClient.onCreate = undefined
    vi.unstubAllGlobals()
  })

  it("shows the wallet's reason for a refusal other than the user's", async () => {
    const { client, unmount } = await onSendView((method) => {
      throw new FrameRequestError({ code: { Rpc: -32000 }, message: 'insufficient funds for gas * price + value', request: method })
    })
    editSend(client, { tokenKey: USDC, amount: '1', receiver: TO })
    await expect(sendToken(client)).rejects.toThrow('Transaction failed')
    expect(getSendStore(client).getSnapshot().error).toBe('Transaction failed: insufficient funds for gas * price + value')
    unmount()
  })
})
