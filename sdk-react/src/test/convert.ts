// Test fixture: frame-host's convert API (frame-host/API.md "Convert API") on Ethereum, with
// the balance list of test/balances.ts (1.5 ETH, 12.345 USDC). Answers are scripted per test.
import { vi } from 'vitest'
import { TRANSFER_TOPIC, WITHDRAWAL_TOPIC } from '../core/swap/received'
import { BALANCES } from './balances'

export const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
export const DAI = 'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f'
export const WETH = 'eip155:1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
export const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
export const USER = '0x1234567890abcdef1234567890abcdef1234abcd'

export const SWAP_TOKENS = {
  tokens: [
    { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: 'https://example.com/eth.png' },
    { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: 'https://example.com/usdc.png' },
    { name: 'Dai', symbol: 'DAI', address: DAI, decimals: 18, logoUri: 'ipfs://dai' },
  ],
}

/** A built transaction as frame-host writes it. */
export function builtTx(to: string, data: string, value = '0', gas: string | null = '120000') {
  return { from: `eip155:1:${USER}`, to: `eip155:1:${to}`, data, value, eip155: { gas, gasPrice: '2000000000' } }
}

/** The fake convert API's state: what it answers, and every request it got. */
export type FakeConvert = {
  /** The router's allowance of every token. */
  allowance: bigint
  /** What a quote or a swap of any amount pays, base units of `to`. */
  toAmount: bigint
  /** Answers every convert route with this 400 message instead. */
  refuse: string | undefined
  /** Answers `build-transaction` with this 400 message instead. */
  refuseBuild: string | undefined
  requests: { path: string; query: URLSearchParams; body: unknown }[]
}

/**
 * Stubs the global `fetch` as frame-host: the balance route answers `BALANCES`, the convert routes
 * answer from the returned state, `/getWallets` no wallets.
 */
export function stubConvertFetch(): FakeConvert {
  const fake: FakeConvert = { allowance: 0n, toAmount: 29_615_042n, refuse: undefined, refuseBuild: undefined, requests: [] }
  const refused = (message: string) => Response.json({ error: { code: 'invalid_params', message } }, { status: 400 })
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const { pathname, searchParams: q } = new URL(url)
    if (pathname.startsWith('/v1/account/')) return Response.json(BALANCES)
    if (pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    if (!pathname.startsWith('/v1/convert/')) return Response.json({ data: [], count: 0 })
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    fake.requests.push({ path: pathname, query: q, body })
    if (fake.refuse) return refused(fake.refuse)
    switch (pathname) {
      case '/v1/convert/tokens':
        return Response.json(SWAP_TOKENS)
      case '/v1/convert/quotes': {
        const path = q.get('from') === NATIVE ? [WETH, q.get('to')] : [q.get('from'), WETH]
        const quote = { fromAmount: q.get('amount'), fromAccount: q.get('from'), toAmount: String(fake.toAmount), toAccount: q.get('to'), path, priceImpact: 0.33 }
        return Response.json({ quotes: [quote] })
      }
      case '/v1/convert/allowance':
        return Response.json({ allowance: String(fake.allowance) })
      case '/v1/convert/build-approve':
        return Response.json({ tx: builtTx(q.get('from')!.split(':')[2]!, `0x095ea7b3${BigInt(q.get('amount')!).toString(16).padStart(64, '0')}`, '0', '46000') })
      case '/v1/convert/build-transaction': {
        if (fake.refuseBuild) return refused(fake.refuseBuild)
        const native = body.from === NATIVE
        const min = (fake.toAmount * 99n) / 100n
        return Response.json({
          tx: builtTx(ROUTER, '0x7ff36ab5', native ? body.amount : '0', body.disableEstimate ? null : '120000'),
          toAmount: String(fake.toAmount),
          toAmountMin: String(min),
          slippage: 1,
          path: native ? [WETH, body.to] : [body.from, WETH],
          deadline: 1_900_000_000,
        })
      }
      default:
        return Response.json({ error: { code: 'not_found', message: 'not found' } }, { status: 404 })
    }
  })
  return fake
}

/**
 * A receipt of a swap that paid `amount` of the token `contract` to the user and, when `unwrapped`
 * is given, had the router unwrap that much WETH (as a swap paying the native coin does).
 */
export function swapReceipt(contract: string, amount: bigint, { status = '0x1', unwrapped }: { status?: string; unwrapped?: bigint } = {}) {
  const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
  const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`
  const transfer = { address: contract, topics: [TRANSFER_TOPIC, topic(ROUTER), topic(USER)], data: word(amount) }
  const withdrawal = { address: WETH.split(':')[2], topics: [WITHDRAWAL_TOPIC, topic(ROUTER)], data: word(unwrapped ?? 0n) }
  return { status, blockNumber: '0x10', logs: unwrapped === undefined ? [transfer] : [transfer, withdrawal] }
}
