import { describe, expect, it, vi } from 'vitest'
import { DAI, NATIVE, ROUTER, SWAP_TOKENS, USDC, USER, WETH, builtTx } from '../../test/convert'
import { testFrameHost } from '../../test/frameHost'
import { FrameHostRequestError, FrameHostUnreachableError, HttpStatusError, InvalidFrameHostParameterError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { createConvertApiClient } from './client'
import { GasPriceNotSupportedError, SwapsNotSupportedError } from './errors'

/** A client whose fetch answers `answer` (JSON with `status`) and records each request. */
function clientAnswering(answer: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(answer, { status }))
  const api = createConvertApiClient(testFrameHost(fetch as unknown as typeof globalThis.fetch, 'http://frame.test/'))
  const sent = () => {
    const [url, init] = fetch.mock.calls.at(-1)!
    const parsed = new URL(url)
    return { path: parsed.pathname, query: Object.fromEntries(parsed.searchParams), init }
  }
  return { api, fetch, sent }
}

const refusal = (message: string) => ({ error: { code: 'invalid_params', message } })

describe('the convert API client', () => {
  it('lists the tokens of a network with the common query, keeping only images the widget loads', async () => {
    const { api, sent } = clientAnswering(SWAP_TOKENS)
    const tokens = await api.getTokens({ chainId: 'eip155:1' })
    expect(sent().path).toBe('/v1/convert/tokens')
    expect(sent().query).toEqual({ projectId: 'demo', st: 'appkit', sv: 'oriel-react-0.1.0', chainId: 'eip155:1' })
    expect(sent().init).toMatchObject({ method: 'GET', credentials: 'omit' })
    expect(tokens.map((t) => [t.symbol, t.decimals, t.logoUri])).toEqual([
      ['ETH', 18, 'https://example.com/eth.png'],
      ['USDC', 6, 'https://example.com/usdc.png'],
      ['DAI', 18, undefined],
    ])
  })

  it('quotes with exact base units and reads the answer as bigints', async () => {
    const answer = { quotes: [{ fromAmount: '100000000000000000', fromAccount: NATIVE, toAmount: '296150425', toAccount: USDC, path: [WETH, USDC], priceImpact: 0.33 }] }
    const { api, sent } = clientAnswering(answer)
    const quote = await api.getQuote({ amount: 10n ** 17n, userAddress: USER, from: NATIVE, to: USDC, gasPrice: 2_000_000_000n })
    expect(sent().query).toMatchObject({ amount: '100000000000000000', userAddress: USER, from: NATIVE, to: USDC, gasPrice: '2000000000' })
    expect(quote).toEqual({ fromAmount: 10n ** 17n, from: NATIVE, toAmount: 296_150_425n, to: USDC, path: [WETH, USDC], priceImpact: 0.33 })
  })

  it('reads the allowance and the gas prices', async () => {
    const allowance = clientAnswering({ allowance: '1500000' })
    expect(await allowance.api.getAllowance({ tokenAddress: USDC, userAddress: `eip155:1:${USER}` })).toBe(1_500_000n)
    expect(allowance.sent()).toMatchObject({ path: '/v1/convert/allowance', query: { tokenAddress: USDC, userAddress: `eip155:1:${USER}` } })
    const gas = clientAnswering({ standard: '1', fast: '2', instant: '3' })
    expect(await gas.api.getGasPrice({ chainId: 'eip155:1' })).toEqual({ standard: 1n, fast: 2n, instant: 3n })
    expect(gas.sent()).toMatchObject({ path: '/v1/convert/gas-price', query: { chainId: 'eip155:1' } })
  })

  it('builds the approval of an amount, its addresses as plain addresses on the network', async () => {
    const { api, sent } = clientAnswering({ tx: builtTx(USDC.split(':')[2]!, '0x095ea7b3', '0', '46000') })
    const tx = await api.buildApprove({ userAddress: USER, from: USDC, to: NATIVE, amount: 1_500_000n })
    expect(sent()).toMatchObject({ path: '/v1/convert/build-approve', query: { userAddress: USER, from: USDC, to: NATIVE, amount: '1500000' } })
    expect(tx).toEqual({
      chainId: 'eip155:1',
      from: USER,
      to: USDC.split(':')[2],
      data: '0x095ea7b3',
      value: 0n,
      gas: 46_000n,
      gasPrice: 2_000_000_000n,
    })
  })

  it('POSTs the swap with the default 1% slippage and reads the minimum out', async () => {
    const answer = {
      tx: builtTx(ROUTER, '0x7ff36ab5', '100000000000000000', null),
      toAmount: '296150425',
      toAmountMin: '293188920',
      slippage: 1,
      path: [WETH, USDC],
      deadline: 1_900_000_000,
    }
    const { api, sent } = clientAnswering(answer)
    const built = await api.buildTransaction({ amount: 10n ** 17n, from: NATIVE, to: USDC, userAddress: USER, disableEstimate: true })
    const { path, query, init } = sent()
    expect([path, query.projectId, init?.method]).toEqual(['/v1/convert/build-transaction', 'demo', 'POST'])
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json')
    expect(JSON.parse(String(init?.body))).toEqual({
      amount: '100000000000000000',
      eip155: { slippage: '1' },
      from: NATIVE,
      to: USDC,
      userAddress: USER,
      disableEstimate: true,
    })
    expect(built).toMatchObject({ toAmount: 296_150_425n, toAmountMin: 293_188_920n, slippage: 1, deadline: 1_900_000_000 })
    expect(built.tx).toMatchObject({ to: ROUTER, value: 10n ** 17n, gas: undefined })
  })

  it("answers a network without an exchange with 'Network not supported for Swaps'", async () => {
    const { api } = clientAnswering(refusal('Network not supported for Swaps'), 400)
    const error = await api.getTokens({ chainId: 'eip155:137' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapsNotSupportedError)
    expect((error as SwapsNotSupportedError).shortMessage).toBe('Network not supported for Swaps')
    const gas = clientAnswering(refusal('Network not supported for Gas Price'), 400)
    const gasError = await gas.api.getGasPrice({ chainId: 'eip155:10' }).catch((e: unknown) => e)
    expect(gasError).toBeInstanceOf(GasPriceNotSupportedError)
    expect((gasError as GasPriceNotSupportedError).shortMessage).toBe('Network not supported for Gas Price')
  })

  it("shows frame-host's reason for other refusals, and the status for failures without one", async () => {
    const route = `No pool route from ${USDC} to ${DAI}`
    const refused = await clientAnswering(refusal(route), 400).api.getQuote({ amount: 1n, userAddress: USER, from: USDC, to: DAI }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FrameHostRequestError)
    expect((refused as FrameHostRequestError).shortMessage).toBe(route)
    const limited = await clientAnswering(refusal('Please try again after 12 seconds'), 429).api.getTokens({ chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect((limited as FrameHostRequestError).shortMessage).toBe('Please try again after 12 seconds')
    const broken = await clientAnswering({ error: { code: 'internal', message: 'internal error' } }, 500).api.getTokens({ chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect(broken).toBeInstanceOf(HttpStatusError)
    expect((broken as HttpStatusError).shortMessage).toBe('HTTP status code: 500')
  })

  it('says when frame-host is unreachable, and passes an abort through', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const api = createConvertApiClient(testFrameHost(fetch as unknown as typeof globalThis.fetch, 'http://frame.test'))
    await expect(api.getTokens({ chainId: 'eip155:1' })).rejects.toBeInstanceOf(FrameHostUnreachableError)
    const controller = new AbortController()
    controller.abort()
    await expect(api.getTokens({ chainId: 'eip155:1' }, { signal: controller.signal })).rejects.toBeInstanceOf(TypeError)
  })

  it('refuses answers of another shape', async () => {
    const bad = [
      { tokens: [{ ...SWAP_TOKENS.tokens[0], address: '0xeeee' }] },
      { tokens: [{ ...SWAP_TOKENS.tokens[0], decimals: 1.5 }] },
      { tokens: 'ETH' },
    ]
    for (const answer of bad) {
      await expect(clientAnswering(answer).api.getTokens({ chainId: 'eip155:1' })).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
    }
    const quote = { fromAmount: '1', fromAccount: NATIVE, toAmount: '-5', toAccount: USDC, path: [WETH, USDC], priceImpact: 0 }
    await expect(clientAnswering({ quotes: [quote] }).api.getQuote({ amount: 1n, userAddress: USER, from: NATIVE, to: USDC })).rejects.toThrow(
      'quotes[0].toAmount is not a whole number of base units',
    )
    const crossChain = { tx: { ...builtTx(ROUTER, '0x'), to: `eip155:10:${ROUTER}` } }
    await expect(clientAnswering(crossChain).api.buildApprove({ userAddress: USER, from: USDC, to: NATIVE })).rejects.toThrow('tx.to is not on eip155:1')
  })

  it('checks its parameters before sending anything', async () => {
    const { api, fetch } = clientAnswering({})
    const cases: [() => Promise<unknown>, string][] = [
      [() => api.getQuote({ amount: 0n, userAddress: USER, from: NATIVE, to: USDC }), 'Invalid amount: must be above 0'],
      [() => api.getQuote({ amount: 1n << 256n, userAddress: USER, from: NATIVE, to: USDC }), 'Invalid amount: above 2^256 - 1'],
      [() => api.getQuote({ amount: 1n, userAddress: USER, from: 'ETH', to: USDC }), 'Invalid from: expected eip155:{chain}:{address}'],
      [() => api.getAllowance({ tokenAddress: USDC, userAddress: 'ada' }), 'Invalid userAddress: expected an address or eip155:{chain}:{address}'],
      [() => api.getTokens({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), 'Invalid chainId: expected eip155:{chain}'],
      [
        () => api.buildTransaction({ amount: 1n, from: NATIVE, to: USDC, userAddress: USER, slippage: 0.005 }),
        'Invalid eip155.slippage: expected a percentage from 0 to 50 with at most 2 decimals, such as 1 or 0.5',
      ],
    ]
    for (const [call, message] of cases) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidFrameHostParameterError)
      expect((error as InvalidFrameHostParameterError).shortMessage).toBe(message)
    }
    expect(fetch).not.toHaveBeenCalled()
  })
})
