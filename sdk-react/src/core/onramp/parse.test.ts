import { describe, expect, it } from 'vitest'
import { ONRAMP_SAMPLE_OPTIONS } from '../../codec/onramp.gen'
import { OPTIONS, purchase, quoteOf } from '../../test/onramp'
import { InvalidFrameHostResponseError } from '../frameHost/errors'
import { parseCheckoutUrl, parseOnrampOptions, parseOnrampPurchases, parseOnrampQuote } from './parse'

const reason = (f: () => unknown) => {
  try {
    f()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidFrameHostResponseError)
    return (error as InvalidFrameHostResponseError).details
  }
  throw new Error('did not throw')
}

describe('the on-ramp answers', () => {
  it('reads the options, the sample ones frame-host falls back to included', () => {
    const options = parseOnrampOptions(OPTIONS)
    expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'USDC'])
    expect(options.paymentCurrencies[0]?.payment_method_limits[0]).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    const sample = parseOnrampOptions(ONRAMP_SAMPLE_OPTIONS)
    expect(sample.sample).toBe(true)
    // Spec §9: card 10.00 to 7500.00, bank account 10.00 to 25000.00, USD and EUR.
    expect(sample.paymentCurrencies.map((c) => [c.id, c.payment_method_limits.map((l) => `${l.id} ${l.min}-${l.max}`)])).toEqual([
      ['USD', ['card 10.00-7500.00', 'ach_bank_account 10.00-25000.00']],
      ['EUR', ['card 10.00-7500.00', 'ach_bank_account 10.00-25000.00']],
    ])
  })

  it('refuses options of another shape', () => {
    expect(reason(() => parseOnrampOptions({ ...OPTIONS, sample: 'no' }))).toBe('sample is not a boolean')
    expect(reason(() => parseOnrampOptions({ ...OPTIONS, providers: [{ ...OPTIONS.providers[0], namespaces: ['bip122'] }] }))).toBe(
      'providers[0].namespaces[0] is not one of eip155, solana',
    )
    const badLimit = { ...OPTIONS, paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: 'ten', max: '1' }] }] }
    expect(reason(() => parseOnrampOptions(badLimit))).toBe('paymentCurrencies[0].payment_method_limits[0].min is not a decimal number')
  })

  it('reads a quote, an estimate without an amount too', () => {
    expect(parseOnrampQuote(quoteOf('50')).purchaseAmount).toEqual({ amount: '0.01638333', currency: 'ETH' })
    const estimate = parseOnrampQuote({ ...quoteOf('50', { estimated: true }), purchaseAmount: null })
    expect([estimate.estimated, estimate.purchaseAmount]).toEqual([true, undefined])
    expect(reason(() => parseOnrampQuote({ ...quoteOf('50'), coinbaseFee: { amount: '-1', currency: 'USD' } }))).toBe('coinbaseFee.amount is not a decimal number')
  })

  it('takes only http(s) checkout URLs', () => {
    expect(parseCheckoutUrl({ url: 'https://pay.example.com/buy?x=1' })).toBe('https://pay.example.com/buy?x=1')
    expect(reason(() => parseCheckoutUrl({ url: 'javascript:alert(1)' }))).toBe('url is not an http(s) URL')
    expect(reason(() => parseCheckoutUrl({ url: 'not a url' }))).toBe('url is not a URL')
  })

  it('reads purchases, and refuses an unknown status or date', () => {
    const page = parseOnrampPurchases({ data: [purchase('p1', 'pending', '0xaa')], next: null })
    expect(page.data[0]).toMatchObject({ status: 'pending', txHash: undefined, completedAt: undefined, chain: 'eip155:1' })
    expect(reason(() => parseOnrampPurchases({ data: [{ ...purchase('p1', 'success', '0xaa'), status: 'done' }], next: null }))).toBe(
      'data[0].status is not one of pending, success, failed',
    )
    expect(reason(() => parseOnrampPurchases({ data: [{ ...purchase('p1', 'success', '0xaa'), createdAt: 'yesterday' }], next: null }))).toBe(
      'data[0].createdAt is not a date',
    )
  })
})
