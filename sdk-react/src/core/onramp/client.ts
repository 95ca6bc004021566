import type { OrielClient } from '../client/createClient'
import { type FrameHostErrorType, InvalidFrameHostParameterError } from '../frameHost/errors'
import type { OnrampQuoteRequest, OnrampUrlRequest } from '../frameHost/onramp.gen'
import type { FrameHost } from '../frameHost/transport'
import { ONRAMP_SERVICE } from './errors'
import {
  type OnrampOptions,
  type OnrampPurchasePage,
  type OnrampQuote,
  parseCheckoutUrl,
  parseOnrampOptions,
  parseOnrampPurchases,
  parseOnrampQuote,
} from './parse'

export type OnrampErrorType = FrameHostErrorType

/** Options every call takes. */
export type OnrampCallOptions = { signal?: AbortSignal | undefined }

export type GetOnrampQuoteParameters = {
  /** The provider's id; default frame-host's first. */
  provider?: string | undefined
  /** The asset's `id` from the options. */
  purchaseCurrency: string
  /** The fiat's `id`, e.g. `USD`. */
  paymentCurrency: string
  /** Fiat, fees included: a decimal with at most two fraction digits. */
  amount: string
  /** The network's `name` from the options. */
  network: string
  /** `card` (the default) or `ach_bank_account`. */
  paymentMethod?: string | undefined
}

export type GetCheckoutUrlParameters = {
  provider?: string | undefined
  /** Where the purchase goes: `0x…` or a Solana public key. */
  address: string
  /** The network's `name`. */
  network: string
  /** The asset's `id`. */
  asset: string
  /** The asset's symbol (the wallet may receive only it). */
  symbol: string
  /** Fiat, fees included. */
  presetFiatAmount?: string | undefined
  fiatCurrency?: string | undefined
  paymentMethod?: string | undefined
  /** The provider's quote (not an estimate's). */
  quoteId?: string | undefined
}

export type GetPurchasesParameters = {
  /** The buyer's address. */
  address: string
  provider: string
  cursor?: string | undefined
}

/** A client of frame-host's on-ramp routes (spec §7). */
export interface OnrampApiClient {
  /** `GET /v1/onramp/options`: what a provider sells and takes, with every provider configured. */
  getOptions(parameters?: { provider?: string | undefined }, options?: OnrampCallOptions): Promise<OnrampOptions>
  /** `POST /v1/onramp/quote`: the provider's quote, or frame-host's estimate when it cannot. */
  getQuote(parameters: GetOnrampQuoteParameters, options?: OnrampCallOptions): Promise<OnrampQuote>
  /** `POST /v1/generators/onrampurl`: the provider's checkout for the address. */
  getCheckoutUrl(parameters: GetCheckoutUrlParameters, options?: OnrampCallOptions): Promise<string>
  /** `GET /v1/account/{address}/history?onramp={provider}`: the address's purchases, newest first. */
  getPurchases(parameters: GetPurchasesParameters, options?: OnrampCallOptions): Promise<OnrampPurchasePage>
}

const FIAT = /^\d{1,9}(\.\d{1,2})?$/
const ADDRESS = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/

function checked(name: string, value: string, pattern: RegExp, rule: string): string {
  if (value.length > 128 || !pattern.test(value)) throw new InvalidFrameHostParameterError({ service: ONRAMP_SERVICE, name, reason: rule })
  return value
}
const fiat = (name: string, value: string) => checked(name, value, FIAT, 'expected a decimal with at most 2 fraction digits, such as 50 or 49.99')
const id = (name: string, value: string) => checked(name, value, /^[\x21-\x7e]+$/, 'expected 1 to 128 visible characters')

/**
 * A client of frame-host's on-ramp routes over a frame-host client. Every call checks its
 * parameters before sending, and checks the answer's shape. A refusal frame-host explains (400,
 * 404, 429, 502) throws `FrameHostRequestError` with its text.
 *
 * @example
 * const api = createOnrampApiClient(client.frameHost)
 * const options = await api.getOptions()
 * const quote = await api.getQuote({ purchaseCurrency: 'eth', paymentCurrency: 'USD', amount: '50', network: 'base' })
 */
export function createOnrampApiClient(frameHost: FrameHost): OnrampApiClient {
  const service = ONRAMP_SERVICE
  return {
    async getOptions({ provider } = {}, options = {}) {
      const query = { provider: provider && id('provider', provider) }
      return frameHost.request({ service, path: '/v1/onramp/options', query, signal: options.signal, read: parseOnrampOptions })
    },
    async getQuote(p, options = {}) {
      const body: OnrampQuoteRequest = {
        provider: p.provider && id('provider', p.provider),
        purchaseCurrency: id('purchaseCurrency', p.purchaseCurrency),
        paymentCurrency: id('paymentCurrency', p.paymentCurrency),
        amount: fiat('amount', p.amount),
        network: id('network', p.network),
        paymentMethod: p.paymentMethod && id('paymentMethod', p.paymentMethod),
      }
      // A quote changes nothing: asking again is harmless.
      const call = { service, method: 'POST', path: '/v1/onramp/quote', body, idempotent: true, signal: options.signal } as const
      return frameHost.request({ ...call, read: parseOnrampQuote })
    },
    async getCheckoutUrl(p, options = {}) {
      const address = checked('address', p.address, ADDRESS, 'expected an EVM address or a Solana public key')
      const body: OnrampUrlRequest = {
        provider: p.provider && id('provider', p.provider),
        destinationWallets: [{ address, blockchains: [id('network', p.network)], assets: [id('symbol', p.symbol)] }],
        defaultNetwork: p.network,
        partnerUserId: address,
        defaultExperience: 'buy',
        defaultAsset: id('asset', p.asset),
        presetFiatAmount: p.presetFiatAmount && fiat('presetFiatAmount', p.presetFiatAmount),
        fiatCurrency: p.fiatCurrency && id('fiatCurrency', p.fiatCurrency),
        defaultPaymentMethod: p.paymentMethod && id('paymentMethod', p.paymentMethod),
        quoteId: p.quoteId && id('quoteId', p.quoteId),
      }
      return frameHost.request({ service, method: 'POST', path: '/v1/generators/onrampurl', body, signal: options.signal, read: parseCheckoutUrl })
    },
    async getPurchases({ address, provider, cursor }, options = {}) {
      const path = `/v1/account/${encodeURIComponent(checked('address', address, ADDRESS, 'expected an EVM address or a Solana public key'))}/history`
      const query = { onramp: id('provider', provider), cursor: cursor && id('cursor', cursor) }
      return frameHost.request({ service, path, query, signal: options.signal, read: parseOnrampPurchases })
    },
  }
}

/** How long a provider's options are kept, ms (frame-host keeps them as long). */
export const ONRAMP_OPTIONS_MS = 10 * 60_000

/**
 * A provider's options (default frame-host's first), through the client's query cache: kept 10
 * minutes, one read at a time (`force` reads again).
 *
 * @example
 * const { providers } = await readOnrampOptions(client)
 */
export function readOnrampOptions(client: OrielClient, { provider, force }: { provider?: string | undefined; force?: boolean } = {}): Promise<OnrampOptions> {
  const read = (signal: AbortSignal) => getOnrampApi(client).getOptions({ provider }, { signal })
  return client.query.fetch({ key: ['onrampOptions', provider ?? ''], read, staleMs: ONRAMP_OPTIONS_MS }, { force })
}

/**
 * The first page of the account's purchases through a provider, as the provider reports them at
 * that moment (never cached: the query cache only shares a read under way).
 *
 * @example
 * const { data } = await readPurchases(client, { address, provider: 'sandbox' })
 */
export function readPurchases(client: OrielClient, { address, provider }: { address: string; provider: string }): Promise<OnrampPurchasePage> {
  const read = (signal: AbortSignal) => getOnrampApi(client).getPurchases({ address, provider }, { signal })
  return client.query.fetch({ key: ['onrampPurchases', `${provider}:${address.toLowerCase()}`], read, staleMs: 0 })
}

/**
 * The on-ramp client of an SDK client (its frame-host).
 *
 * @example
 * const options = await getOnrampApi(client).getOptions()
 */
export function getOnrampApi(client: OrielClient): OnrampApiClient {
  return createOnrampApiClient(client.frameHost)
}
