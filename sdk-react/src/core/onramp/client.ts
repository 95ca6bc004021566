import type { OrielClient } from '../client/createClient'
import { HttpStatusError } from '../errors/registry'
import { errorMessage, frameHostQuery } from '../wallets/registry'
import { InvalidOnrampParameterError, InvalidOnrampResponseError, OnrampApiUnreachableError, OnrampRequestError } from './errors'
import {
  type OnrampOptions,
  type OnrampPurchasePage,
  type OnrampQuote,
  parseCheckoutUrl,
  parseOnrampOptions,
  parseOnrampPurchases,
  parseOnrampQuote,
} from './parse'

export type OnrampErrorType = OnrampRequestError | OnrampApiUnreachableError | InvalidOnrampResponseError | InvalidOnrampParameterError | HttpStatusError

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

export type CreateOnrampApiClientParameters = {
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  /** Default: the global `fetch`, read on each call. */
  fetch?: typeof fetch | undefined
}

const FIAT = /^\d{1,9}(\.\d{1,2})?$/
const ADDRESS = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/

function checked(name: string, value: string, pattern: RegExp, rule: string): string {
  if (value.length > 128 || !pattern.test(value)) throw new InvalidOnrampParameterError({ name, reason: rule })
  return value
}
const fiat = (name: string, value: string) => checked(name, value, FIAT, 'expected a decimal with at most 2 fraction digits, such as 50 or 49.99')
const id = (name: string, value: string) => checked(name, value, /^[\x21-\x7e]+$/, 'expected 1 to 128 visible characters')

/**
 * A client of frame-host's on-ramp routes. Every call carries `projectId`, `st` and `sv`, checks
 * its parameters before sending, and checks the answer's shape. A refusal frame-host explains
 * (400, 404, 429, 502) throws `OnrampRequestError` with its text.
 *
 * @example
 * const api = createOnrampApiClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const options = await api.getOptions()
 * const quote = await api.getQuote({ purchaseCurrency: 'eth', paymentCurrency: 'USD', amount: '50', network: 'base' })
 */
export function createOnrampApiClient(parameters: CreateOnrampApiClientParameters): OnrampApiClient {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  const url = (path: string, extra: Record<string, string | undefined> = {}) => {
    const query = frameHostQuery(parameters.projectId)
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) query.set(key, value)
    return `${base}${path}?${query}`
  }
  const request = async (target: string, init: RequestInit, options: OnrampCallOptions = {}) => {
    const fetchFn = parameters.fetch ?? fetch
    let response: Response
    try {
      response = await fetchFn(target, { ...init, signal: options.signal, credentials: 'omit' })
    } catch (cause) {
      if (options.signal?.aborted) throw cause
      throw new OnrampApiUnreachableError({ url: target, cause })
    }
    if (!response.ok) {
      const message = await errorMessage(response)
      if (message && [400, 404, 429, 502].includes(response.status)) throw new OnrampRequestError({ status: response.status, message, url: target })
      throw new HttpStatusError({ status: response.status, url: target, message })
    }
    try {
      return (await response.json()) as unknown
    } catch (cause) {
      throw new InvalidOnrampResponseError({ reason: `not JSON: ${String(cause)}` })
    }
  }
  const post = (path: string, body: unknown, options?: OnrampCallOptions) =>
    request(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, options)

  return {
    async getOptions({ provider } = {}, options) {
      return parseOnrampOptions(await request(url('/v1/onramp/options', { provider: provider && id('provider', provider) }), { method: 'GET' }, options))
    },
    async getQuote(p, options) {
      const body = {
        provider: p.provider && id('provider', p.provider),
        purchaseCurrency: id('purchaseCurrency', p.purchaseCurrency),
        paymentCurrency: id('paymentCurrency', p.paymentCurrency),
        amount: fiat('amount', p.amount),
        network: id('network', p.network),
        paymentMethod: p.paymentMethod && id('paymentMethod', p.paymentMethod),
      }
      return parseOnrampQuote(await post('/v1/onramp/quote', body, options))
    },
    async getCheckoutUrl(p, options) {
      const address = checked('address', p.address, ADDRESS, 'expected an EVM address or a Solana public key')
      const body = {
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
      return parseCheckoutUrl(await post('/v1/generators/onrampurl', body, options))
    },
    async getPurchases({ address, provider, cursor }, options) {
      const path = `/v1/account/${encodeURIComponent(checked('address', address, ADDRESS, 'expected an EVM address or a Solana public key'))}/history`
      const target = url(path, { onramp: id('provider', provider), cursor: cursor && id('cursor', cursor) })
      return parseOnrampPurchases(await request(target, { method: 'GET' }, options))
    },
  }
}

const clients = new WeakMap<OrielClient, OnrampApiClient>()

/**
 * The on-ramp client of an SDK client (its config's frame-host and project), created on first use
 * so that it loads with the Buy view, not with the page.
 *
 * @example
 * const options = await getOnrampApi(client).getOptions()
 */
export function getOnrampApi(client: OrielClient): OnrampApiClient {
  let api = clients.get(client)
  if (!api) {
    api = createOnrampApiClient({ baseUrl: client.config.frameHostUrl, projectId: client.config.projectId })
    clients.set(client, api)
  }
  return api
}
