// The on-ramp routes' answers (frame-host/API.md "On-ramp"; the bodies are
// `oriel_protocol::http::onramp`), checked field by field; anything else throws
// `InvalidOnrampResponseError`.
import { asArray, asDecimal, asObject, asOneOf, asString, type Fail } from '../blockchain/validate'
import { InvalidOnrampResponseError } from './errors'

/** A payment method's limits (spec §3): decimals with two fraction digits. */
export interface PaymentMethodLimit {
  /** `card`, `ach_bank_account`, or another method the provider names. */
  readonly id: string
  readonly min: string
  readonly max: string
}

/** A fiat currency (spec §3). */
export interface PaymentCurrency {
  /** ISO 4217, e.g. `USD`. */
  readonly id: string
  readonly payment_method_limits: readonly PaymentMethodLimit[]
}

/** A network an asset can be delivered on (spec §3). */
export interface PurchaseNetwork {
  /** The provider's name of the network, e.g. `base`. */
  readonly name: string
  readonly display_name: string
  /** The network's CAIP-2 reference: `8453`, or a Solana cluster's. */
  readonly chain_id: string
  /** The token's contract; empty for the native coin. */
  readonly contract_address: string
}

/** A crypto asset (spec §3). */
export interface PurchaseCurrency {
  readonly id: string
  readonly name: string
  readonly symbol: string
  readonly networks: readonly PurchaseNetwork[]
}

/** A provider the operator configured. */
export interface OnrampProvider {
  readonly id: string
  readonly name: string
  /** e.g. `1-2%`. */
  readonly feeRange: string
  readonly namespaces: readonly ('eip155' | 'solana')[]
}

/** `GET /v1/onramp/options`. */
export interface OnrampOptions {
  /** The provider these are of; empty for the sample options of an operator without one. */
  readonly provider: string
  readonly paymentCurrencies: readonly PaymentCurrency[]
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
  readonly providers: readonly OnrampProvider[]
  /** The built-in sample options (spec §7): the provider's could not be read. */
  readonly sample: boolean
}

/** An amount of money or crypto. */
export interface OnrampAmount {
  readonly amount: string
  readonly currency: string
}

/** `POST /v1/onramp/quote` (spec §3). */
export interface OnrampQuote {
  readonly coinbaseFee: OnrampAmount
  readonly networkFee: OnrampAmount
  readonly paymentSubtotal: OnrampAmount
  readonly paymentTotal: OnrampAmount
  /** `undefined` in an estimate without a known price. */
  readonly purchaseAmount: OnrampAmount | undefined
  readonly quoteId: string
  readonly provider: string
  /** The provider could not quote: an estimate (spec §7 mock quote), labelled as such. */
  readonly estimated: boolean
}

/** Where a purchase stands. */
export type OnrampStatus = 'pending' | 'success' | 'failed'

/** One purchase of `GET /v1/account/{account}/history?onramp={provider}` (spec §3 `coinbaseTransactions`). */
export interface OnrampPurchase {
  readonly id: string
  readonly provider: string
  readonly status: OnrampStatus
  readonly purchaseAmount: OnrampAmount
  readonly paymentTotal: OnrampAmount
  /** The network's name, e.g. `base`. */
  readonly network: string
  /** Its CAIP-2 id when frame-host knows it. */
  readonly chain: string | undefined
  readonly walletAddress: string
  readonly txHash: string | undefined
  /** RFC 3339. */
  readonly createdAt: string
  readonly completedAt: string | undefined
}

/** A page of purchases, newest first. */
export interface OnrampPurchasePage {
  readonly data: readonly OnrampPurchase[]
  readonly next: string | undefined
}

const fail: Fail = (reason) => {
  throw new InvalidOnrampResponseError({ reason })
}

const NAMESPACES = ['eip155', 'solana'] as const
const STATUSES: readonly OnrampStatus[] = ['pending', 'success', 'failed']

function amount(value: unknown, what: string): OnrampAmount {
  const a = asObject(value, what, fail)
  return { amount: asDecimal(a['amount'], `${what}.amount`, fail), currency: asString(a['currency'], `${what}.currency`, fail, 16) }
}

function date(value: unknown, what: string): string {
  const text = asString(value, what, fail, 64)
  if (Number.isNaN(Date.parse(text))) fail(`${what} is not a date`)
  return text
}

/**
 * Checks `GET /v1/onramp/options`.
 *
 * @example
 * const { paymentCurrencies, purchaseCurrencies, sample } = parseOnrampOptions(await response.json())
 */
export function parseOnrampOptions(body: unknown): OnrampOptions {
  const o = asObject(body, 'the answer', fail)
  if (typeof o['sample'] !== 'boolean') fail('sample is not a boolean')
  return {
    provider: asString(o['provider'], 'provider', fail, 32),
    paymentCurrencies: asArray(o['paymentCurrencies'], 'paymentCurrencies', fail, 50).map((value, i) => {
      const c = asObject(value, `paymentCurrencies[${i}]`, fail)
      return {
        id: asString(c['id'], `paymentCurrencies[${i}].id`, fail, 16),
        payment_method_limits: asArray(c['payment_method_limits'], `paymentCurrencies[${i}].payment_method_limits`, fail, 20).map((l, j) => {
          const at = `paymentCurrencies[${i}].payment_method_limits[${j}]`
          const limit = asObject(l, at, fail)
          return { id: asString(limit['id'], `${at}.id`, fail, 32), min: asDecimal(limit['min'], `${at}.min`, fail), max: asDecimal(limit['max'], `${at}.max`, fail) }
        }),
      }
    }),
    purchaseCurrencies: asArray(o['purchaseCurrencies'], 'purchaseCurrencies', fail, 500).map((value, i) => {
      const at = `purchaseCurrencies[${i}]`
      const c = asObject(value, at, fail)
      return {
        id: asString(c['id'], `${at}.id`, fail, 64),
        name: asString(c['name'], `${at}.name`, fail, 64),
        symbol: asString(c['symbol'], `${at}.symbol`, fail, 16),
        networks: asArray(c['networks'], `${at}.networks`, fail, 50).map((n, j) => {
          const net = asObject(n, `${at}.networks[${j}]`, fail)
          return {
            name: asString(net['name'], `${at}.networks[${j}].name`, fail, 64),
            display_name: asString(net['display_name'], `${at}.networks[${j}].display_name`, fail, 64),
            chain_id: asString(net['chain_id'], `${at}.networks[${j}].chain_id`, fail, 64),
            contract_address: asString(net['contract_address'], `${at}.networks[${j}].contract_address`, fail, 64),
          }
        }),
      }
    }),
    providers: asArray(o['providers'], 'providers', fail, 10).map((value, i) => {
      const p = asObject(value, `providers[${i}]`, fail)
      return {
        id: asString(p['id'], `providers[${i}].id`, fail, 32),
        name: asString(p['name'], `providers[${i}].name`, fail, 64),
        feeRange: asString(p['feeRange'], `providers[${i}].feeRange`, fail, 16),
        namespaces: asArray(p['namespaces'], `providers[${i}].namespaces`, fail, 2).map((n, j) => asOneOf(n, NAMESPACES, `providers[${i}].namespaces[${j}]`, fail)),
      }
    }),
    sample: o['sample'] as boolean,
  }
}

/** Checks `POST /v1/onramp/quote`. */
export function parseOnrampQuote(body: unknown): OnrampQuote {
  const q = asObject(body, 'the answer', fail)
  if (typeof q['estimated'] !== 'boolean') fail('estimated is not a boolean')
  return {
    coinbaseFee: amount(q['coinbaseFee'], 'coinbaseFee'),
    networkFee: amount(q['networkFee'], 'networkFee'),
    paymentSubtotal: amount(q['paymentSubtotal'], 'paymentSubtotal'),
    paymentTotal: amount(q['paymentTotal'], 'paymentTotal'),
    purchaseAmount: q['purchaseAmount'] === null ? undefined : amount(q['purchaseAmount'], 'purchaseAmount'),
    quoteId: asString(q['quoteId'], 'quoteId', fail, 128),
    provider: asString(q['provider'], 'provider', fail, 32),
    estimated: q['estimated'] as boolean,
  }
}

/** Checks `POST /v1/generators/onrampurl` and returns its http(s) URL. */
export function parseCheckoutUrl(body: unknown): string {
  const url = asString(asObject(body, 'the answer', fail)['url'], 'url', fail, 4096)
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    fail('url is not a URL')
  }
  if (parsed?.protocol !== 'https:' && parsed?.protocol !== 'http:') fail('url is not an http(s) URL')
  return url
}

/** Checks a page of `GET /v1/account/{account}/history?onramp={provider}`. */
export function parseOnrampPurchases(body: unknown): OnrampPurchasePage {
  const page = asObject(body, 'the answer', fail)
  const data = asArray(page['data'], 'data', fail, 100).map((value, i) => {
    const at = `data[${i}]`
    const p = asObject(value, at, fail)
    return {
      id: asString(p['id'], `${at}.id`, fail, 128),
      provider: asString(p['provider'], `${at}.provider`, fail, 32),
      status: asOneOf(p['status'], STATUSES, `${at}.status`, fail),
      purchaseAmount: amount(p['purchaseAmount'], `${at}.purchaseAmount`),
      paymentTotal: amount(p['paymentTotal'], `${at}.paymentTotal`),
      network: asString(p['network'], `${at}.network`, fail, 64),
      chain: p['chain'] === null ? undefined : asString(p['chain'], `${at}.chain`, fail, 128),
      walletAddress: asString(p['walletAddress'], `${at}.walletAddress`, fail, 64),
      txHash: p['txHash'] === null ? undefined : asString(p['txHash'], `${at}.txHash`, fail, 128),
      createdAt: date(p['createdAt'], `${at}.createdAt`),
      completedAt: p['completedAt'] === null ? undefined : date(p['completedAt'], `${at}.completedAt`),
    }
  })
  const next = page['next'] === null ? undefined : asString(page['next'], 'next', fail, 256)
  return { data, next }
}
