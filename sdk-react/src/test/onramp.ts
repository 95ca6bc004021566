// Test fixture: frame-host's on-ramp routes (frame-host/API.md "On-ramp") with one provider that
// sells ETH and USDC on Ethereum and Base, answers scripted per test, beside the balance list
// of test/balances.ts.
import { vi } from 'vitest'
import { BALANCES } from './balances'

export const PROVIDER = { id: 'sandbox', name: 'Oriel Sandbox', feeRange: '1-2%', namespaces: ['eip155'] }
export const CHECKOUT = 'https://pay.example.com/buy/select-asset?sessionToken=t0k3n'

export const OPTIONS = {
  provider: 'sandbox',
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
  ],
  purchaseCurrencies: [
    {
      id: 'eth-id',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
      ],
    },
    {
      id: 'usdc-id',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }],
    },
  ],
  providers: [PROVIDER],
  sample: false,
}

/** A quote of `amount` USD as the sandbox answers it (1.5% fee, 0.10 network fee, 3000 USD per ETH). */
export function quoteOf(amount: string, { estimated = false } = {}) {
  const cents = Math.round(Number(amount) * 100)
  const fee = estimated ? Math.ceil(cents * 0.02) : Math.round(cents * 0.015)
  const network = estimated ? 0 : 10
  const money = (c: number) => ({ amount: (c / 100).toFixed(2), currency: 'USD' })
  return {
    coinbaseFee: money(fee),
    networkFee: money(network),
    paymentSubtotal: money(cents - fee - network),
    paymentTotal: money(cents),
    purchaseAmount: { amount: ((cents - fee - network) / 100 / 3000).toFixed(8), currency: 'ETH' },
    quoteId: estimated ? 'estimate' : 'q-1',
    provider: 'sandbox',
    estimated,
  }
}

/** A purchase as the history route's `onramp` answers it. */
export function purchase(id: string, status: 'pending' | 'success' | 'failed', wallet: string, txHash: string | null = null) {
  return {
    id,
    provider: 'sandbox',
    status,
    purchaseAmount: { amount: '0.01638333', currency: 'ETH' },
    paymentTotal: { amount: '50.00', currency: 'USD' },
    network: 'ethereum',
    chain: 'eip155:1',
    walletAddress: wallet,
    txHash,
    createdAt: '2026-11-23T20:00:00Z',
    completedAt: status === 'pending' ? null : '2026-11-23T20:00:05Z',
  }
}

/** The fake routes' state: what they answer, and every request they got. */
export type FakeOnramp = {
  /** `undefined`: the network fails (frame-host cannot be reached). */
  options: unknown
  /** A quote for a body, or a 400 message. */
  quote: (body: { amount: string; paymentMethod?: string }) => unknown
  /** The purchases the provider lists, newest first. */
  purchases: ReturnType<typeof purchase>[]
  /** Answers the URL generator with this status and message instead. */
  refuseUrl: [number, string] | undefined
  requests: { path: string; query: URLSearchParams; body: unknown }[]
}

/** Stubs the global `fetch` as frame-host with the on-ramp routes of the returned state. */
export function stubOnrampFetch(): FakeOnramp {
  const fake: FakeOnramp = { options: OPTIONS, quote: (body) => quoteOf(body.amount), purchases: [], refuseUrl: undefined, requests: [] }
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const { pathname, searchParams: query } = new URL(url)
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    if (pathname.startsWith('/v1/onramp') || pathname.startsWith('/v1/generators') || query.has('onramp')) fake.requests.push({ path: pathname, query, body })
    if (pathname === '/v1/onramp/options') {
      if (fake.options === undefined) throw new TypeError('fetch failed')
      return Response.json(fake.options)
    }
    if (pathname === '/v1/onramp/quote') {
      const answer = fake.quote(body)
      if (typeof answer === 'string') return Response.json({ error: { code: 'invalid_params', message: answer } }, { status: 400 })
      return Response.json(answer)
    }
    if (pathname === '/v1/generators/onrampurl') {
      if (fake.refuseUrl) return Response.json({ error: { code: 'upstream', message: fake.refuseUrl[1] } }, { status: fake.refuseUrl[0] })
      return Response.json({ url: CHECKOUT })
    }
    if (query.has('onramp')) return Response.json({ data: fake.purchases, next: null })
    if (pathname.endsWith('/history')) return Response.json({ data: [], next: null })
    if (pathname.startsWith('/v1/account/')) return Response.json(BALANCES)
    if (pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    return Response.json({ data: [], count: 0 })
  })
  return fake
}
