import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE, ROUTER, USDC, USER, stubConvertFetch, swapReceipt } from '../../test/convert'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { FrameRequestError } from '../frame/errors'
import { base, ethereum } from '../networks'
import { editSwap, getSwapStore } from '../swap/swapStore'
import { loadSwapTokens } from './loadSwapTokens'
import { getMaxSwapAmount, previewSwap } from './previewSwap'
import { approveSwap, executeSwap } from './swap'
import { refreshTokenBalances } from './tokenBalances'

freshEachTest()

const HASH = `0x${'ab'.repeat(32)}`
const USDC_CONTRACT = USDC.split(':')[2]!
const noWait = { receipt: { sleep: async () => {} } }

/** A logged-in client on Ethereum with its balances and the swap tokens read; `chain` answers the frame's RPC. */
async function swapClient(chain: (method: string, params: unknown) => unknown, networks = [ethereum]) {
  const convert = stubConvertFetch()
  const { client } = createTestClient({ networks })
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method, params) => chain(method, params)
  }
  const { unmount } = await logInRecordingEvents(client)
  await refreshTokenBalances(client)
  await loadSwapTokens(client)
  return { client, convert, unmount, frame: FakeFrameClient.instances[0]! }
}

const tokensOf = (client: Parameters<typeof getSwapStore>[0]) => {
  const { tokens } = getSwapStore(client).getSnapshot()
  if (tokens.status !== 'ready') throw new Error(`tokens ${tokens.status}`)
  return tokens.tokens
}

/** A chain where every transaction is mined at once with `receipt`. */
const mined = (receipt: unknown) => (method: string) => {
  if (method === 'eth_sendTransaction') return HASH
  if (method === 'eth_getTransactionReceipt') return receipt
  if (method === 'eth_getBalance') return '0x0'
  throw new Error(`unexpected ${method}`)
}

afterEach(() => {
  FakeFrameClient.onCreate = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('swap tokens', () => {
  it('lists the network tokens once and starts from the native coin', async () => {
    const { client, convert, unmount } = await swapClient(mined(null))
    expect(tokensOf(client).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI'])
    expect(getSwapStore(client).getSnapshot().from).toBe(NATIVE)
    await loadSwapTokens(client)
    expect(convert.requests.filter((r) => r.path === '/v1/convert/tokens')).toHaveLength(1)
    unmount()
  })

  it("keeps 'Network not supported for Swaps' for a network without an exchange, and outside eip155 without asking", async () => {
    const { client, convert, unmount } = await swapClient(mined(null))
    convert.refuse = 'Network not supported for Swaps'
    await loadSwapTokens(client, { force: true })
    const unsupported = { status: 'error', chainId: 'eip155:1', message: 'Network not supported for Swaps', unsupported: true }
    expect(getSwapStore(client).getSnapshot().tokens).toEqual(unsupported)
    convert.requests.length = 0
    client.account.setState({ namespace: 'solana' })
    await loadSwapTokens(client, { force: true })
    expect(getSwapStore(client).getSnapshot().tokens).toEqual(unsupported)
    expect(convert.requests).toEqual([])
    unmount()
  })
})

describe('previewSwap', () => {
  it('quotes, finds the allowance short for a token, and prices the approval first', async () => {
    const { client, unmount } = await swapClient(mined(null))
    const [eth, usdc] = tokensOf(client)
    const preview = await previewSwap(client, { from: usdc!, to: eth!, amount: 1_500_000n, withFee: true })
    expect(preview).toMatchObject({ minimum: 29_318_891n, slippage: 1, needsApproval: true, fee: { kind: 'approval', wei: 46_000n * 2_000_000_000n } })
    expect(preview.quote.toAmount).toBe(29_615_042n)
    unmount()
  })

  it("prices the swap itself when nothing needs approving, and says why when frame-host cannot estimate it", async () => {
    const { client, convert, unmount } = await swapClient(mined(null))
    const [eth, usdc] = tokensOf(client)
    const swap = await previewSwap(client, { from: eth!, to: usdc!, amount: 10n ** 17n, withFee: true })
    expect(swap).toMatchObject({ needsApproval: false, fee: { kind: 'swap', wei: 120_000n * 2_000_000_000n } })
    expect(convert.requests.some((r) => r.path === '/v1/convert/allowance')).toBe(false)
    convert.refuseBuild = 'The transaction would fail: insufficient funds for gas * price + value'
    const refused = await previewSwap(client, { from: eth!, to: usdc!, amount: 10n ** 17n, withFee: true })
    expect(refused.fee).toEqual({ kind: 'unavailable', message: 'The transaction would fail: insufficient funds for gas * price + value' })
    unmount()
  })

  it('Max leaves room for the swap fee on the native coin and takes a whole token balance', async () => {
    const { client, unmount } = await swapClient((method) => {
      if (method === 'eth_estimateGas') return '0x1d4c0' // 120000
      if (method === 'eth_getBlockByNumber') return { baseFeePerGas: '0x3b9aca00' } // 1 gwei
      if (method === 'eth_maxPriorityFeePerGas') return '0x1'
      throw new Error(`unexpected ${method}`)
    })
    const [eth, usdc] = tokensOf(client)
    // 1.5 ETH − 120000 gas × (2 × 1 gwei + 1 wei).
    expect(await getMaxSwapAmount(client, { from: eth!, to: usdc!, balance: 15n * 10n ** 17n })).toBe(15n * 10n ** 17n - 120_000n * 2_000_000_001n)
    expect(await getMaxSwapAmount(client, { from: usdc!, to: eth!, balance: 12_345_000n })).toBe(12_345_000n)
    unmount()
  })
})

describe('approveSwap and executeSwap', () => {
  it('approves the amount of the token through the wallet, then the form reads the allowance again', async () => {
    const { client, frame, convert, unmount } = await swapClient(mined({ status: '0x1', blockNumber: '0x10', logs: [] }))
    editSwap(client, { from: USDC, to: NATIVE, amount: '1.5' })
    expect(await approveSwap(client, noWait)).toBe(HASH)
    expect(convert.requests.find((r) => r.path === '/v1/convert/build-approve')?.query.get('amount')).toBe('1500000')
    expect(frame.rpcCalls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([
      { from: USER, to: USDC_CONTRACT, value: '0x0', data: `0x095ea7b3${(1_500_000).toString(16).padStart(64, '0')}` },
    ])
    expect(getSwapStore(client).getSnapshot()).toMatchObject({ step: 'idle', revision: 1, error: undefined, amount: '1.5' })
    unmount()
  })

  it('swaps 0.1 ETH through the router, reads what it paid from the receipt, clears the amount and refreshes the balances', async () => {
    const { client, frame, convert, unmount } = await swapClient(mined(swapReceipt(USDC_CONTRACT, 29_700_000n)))
    const fetchSpy = vi.fn(fetch)
    vi.stubGlobal('fetch', fetchSpy)
    editSwap(client, { to: USDC, amount: '0.1' })
    const steps: string[] = []
    const stop = getSwapStore(client).subscribe(() => steps.push(getSwapStore(client).getSnapshot().step))
    const result = await executeSwap(client, noWait)
    expect(result).toEqual({ hash: HASH, received: 29_700_000n, summary: 'Swapped 0.1 ETH for 29.7 USDC' })
    expect(convert.requests.find((r) => r.path === '/v1/convert/build-transaction')?.body).toMatchObject({ amount: '100000000000000000', eip155: { slippage: '1' } })
    expect(frame.rpcCalls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([
      { from: USER, to: ROUTER, value: '0x16345785d8a0000', data: '0x7ff36ab5' },
    ])
    expect(steps[0]).toBe('swapping')
    expect(getSwapStore(client).getSnapshot()).toMatchObject({ step: 'idle', amount: '', done: 'Swapped 0.1 ETH for 29.7 USDC', revision: 1 })
    expect(client.snackbar.getSnapshot()).toMatchObject({ message: 'Swapped 0.1 ETH for 29.7 USDC', variant: 'success' })
    await vi.waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('forceUpdate=true'))).toBe(true))
    stop()
    unmount()
  })

  it("a rejection in the wallet is 'Signature declined' in place; a reverted swap says it failed on chain", async () => {
    const { client, unmount } = await swapClient((method) => {
      throw new FrameRequestError({ code: { Rpc: 4001 }, message: 'User rejected the request.', request: method })
    })
    editSwap(client, { to: USDC, amount: '0.1' })
    await expect(executeSwap(client)).rejects.toThrow('Signature declined')
    expect(getSwapStore(client).getSnapshot()).toMatchObject({ step: 'idle', error: 'Signature declined', amount: '0.1' })
    editSwap(client, { amount: '0.2' })
    expect(getSwapStore(client).getSnapshot().error).toBeUndefined()
    unmount()

    const reverted = await swapClient(mined(swapReceipt(USDC_CONTRACT, 0n, { status: '0x0' })))
    editSwap(reverted.client, { to: USDC, amount: '0.1' })
    await expect(executeSwap(reverted.client, noWait)).rejects.toThrow('Transaction failed on chain')
    expect(getSwapStore(reverted.client).getSnapshot()).toMatchObject({ error: 'Transaction failed on chain', done: undefined })
    reverted.unmount()
  })

  it("shows frame-host's refusal and checks the form before anything is built", async () => {
    const { client, convert, frame, unmount } = await swapClient(mined(null))
    await expect(executeSwap(client)).rejects.toThrow('Choose a token to receive')
    editSwap(client, { to: USDC, amount: '2' })
    await expect(executeSwap(client)).rejects.toThrow('Insufficient ETH balance')
    expect(convert.requests.some((r) => r.path === '/v1/convert/build-transaction')).toBe(false)
    convert.refuseBuild = 'The transaction would fail: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'
    editSwap(client, { amount: '0.1' })
    await expect(executeSwap(client)).rejects.toThrow('The transaction would fail')
    expect(getSwapStore(client).getSnapshot().error).toBe('The transaction would fail: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT')
    expect(frame.rpcCalls.some((c) => c.method === 'eth_sendTransaction')).toBe(false)
    unmount()
  })

  it('the form resets when the network changes', async () => {
    const { client, unmount } = await swapClient(mined(null), [ethereum, base])
    editSwap(client, { to: USDC, amount: '0.1' })
    await client.connection.switchNetwork(base)
    expect(getSwapStore(client).getSnapshot()).toMatchObject({ amount: '', to: undefined, tokens: { status: 'idle' } })
    unmount()
  })
})
