import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT, stubOnrampFetch } from '../../test/onramp'
import { createOnrampApiClient } from './client'
import { testFrameHost } from '../../test/frameHost'
import { FrameHostRequestError, FrameHostUnreachableError, InvalidFrameHostParameterError } from '../frameHost/errors'

const api = () => createOnrampApiClient(testFrameHost())
const USER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

afterEach(() => vi.unstubAllGlobals())

describe('the on-ramp client', () => {
  it('asks the routes with the common query and the spec payloads', async () => {
    const fake = stubOnrampFetch()
    await api().getOptions({ provider: 'sandbox' })
    await api().getQuote({ purchaseCurrency: 'eth-id', paymentCurrency: 'USD', amount: '50', network: 'ethereum', paymentMethod: 'card' })
    expect(
      await api().getCheckoutUrl({ address: USER, network: 'ethereum', asset: 'eth-id', symbol: 'ETH', presetFiatAmount: '50', fiatCurrency: 'USD', quoteId: 'q-1' }),
    ).toBe(CHECKOUT)
    await api().getPurchases({ address: USER, provider: 'sandbox' })
    const [options, quote, url, history] = fake.requests
    expect(options?.query.get('provider')).toBe('sandbox')
    expect(options?.query.get('projectId')).toBe('demo')
    expect(options?.query.get('st')).toBe('appkit')
    expect(quote?.body).toEqual({ purchaseCurrency: 'eth-id', paymentCurrency: 'USD', amount: '50', network: 'ethereum', paymentMethod: 'card' })
    expect(url?.body).toEqual({
      destinationWallets: [{ address: USER, blockchains: ['ethereum'], assets: ['ETH'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: USER,
      defaultExperience: 'buy',
      defaultAsset: 'eth-id',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      quoteId: 'q-1',
    })
    expect(history?.path).toBe(`/v1/account/${USER}/history`)
    expect(history?.query.get('onramp')).toBe('sandbox')
  })

  it("throws frame-host's refusal, an unreachable host and bad parameters as typed errors", async () => {
    const fake = stubOnrampFetch()
    fake.quote = () => 'Invalid amount: at least 10.00 USD by card'
    const refused = await api()
      .getQuote({ purchaseCurrency: 'eth-id', paymentCurrency: 'USD', amount: '5', network: 'ethereum' })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FrameHostRequestError)
    expect((refused as FrameHostRequestError).shortMessage).toBe('Invalid amount: at least 10.00 USD by card')
    fake.refuseUrl = [502, 'Oriel Sandbox could not open a checkout: try again later']
    const upstream = await api()
      .getCheckoutUrl({ address: USER, network: 'ethereum', asset: 'eth-id', symbol: 'ETH' })
      .catch((e: unknown) => e)
    expect((upstream as FrameHostRequestError).status).toBe(502)
    fake.options = undefined
    expect(await api().getOptions().catch((e: unknown) => e)).toBeInstanceOf(FrameHostUnreachableError)
    const bad = await api()
      .getQuote({ purchaseCurrency: 'eth-id', paymentCurrency: 'USD', amount: '1e3', network: 'ethereum' })
      .catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(InvalidFrameHostParameterError)
    expect(await api().getPurchases({ address: 'nope', provider: 'sandbox' }).catch((e: unknown) => e)).toBeInstanceOf(InvalidFrameHostParameterError)
  })
})
