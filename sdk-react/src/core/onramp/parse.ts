// The on-ramp routes' answers (frame-host/API.md "On-ramp"; the bodies are
// `oriel_protocol::http::onramp`), read after their generated checks; anything else throws
// `InvalidFrameHostResponseError`.
import { date, decimal, type Fail } from '../blockchain/validate'
import { InvalidFrameHostResponseError } from '../frameHost/errors'
import {
  checkOnrampHistoryReply,
  checkOnrampOptions,
  checkOnrampQuote,
  checkOnrampUrlReply,
  type OnrampAmount,
  type OnrampOptions as WireOptions,
  type OnrampProvider as WireProvider,
  type OnrampStatus,
  type PaymentCurrency,
  type PaymentMethodLimit,
  type PurchaseCurrency,
  type PurchaseNetwork,
} from '../frameHost/onramp.gen'
import { parseAnswer } from '../frameHost/transport'
import { ONRAMP_SERVICE } from './errors'

export type { OnrampAmount, OnrampStatus, PaymentCurrency, PaymentMethodLimit, PurchaseCurrency, PurchaseNetwork }

/** A provider the operator configured. */
export type OnrampProvider = Omit<WireProvider, 'namespaces'> & {
  /** The chain namespaces it delivers to. */
  readonly namespaces: readonly ('eip155' | 'solana')[]
}

/** `GET /v1/onramp/options`. */
export type OnrampOptions = Omit<WireOptions, 'providers'> & { readonly providers: readonly OnrampProvider[] }

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
  throw new InvalidFrameHostResponseError({ service: ONRAMP_SERVICE, reason })
}

const NAMESPACES = ['eip155', 'solana'] as const

function amount(value: OnrampAmount, what: string): OnrampAmount {
  decimal(value.amount, `${what}.amount`, fail)
  return value
}

/**
 * Reads `GET /v1/onramp/options`.
 *
 * @example
 * const { paymentCurrencies, purchaseCurrencies, sample } = parseOnrampOptions(await response.json())
 */
export function parseOnrampOptions(body: unknown): OnrampOptions {
  const options = parseAnswer(ONRAMP_SERVICE, checkOnrampOptions, body)
  for (const [i, currency] of options.paymentCurrencies.entries()) {
    for (const [j, limit] of currency.payment_method_limits.entries()) {
      const at = `paymentCurrencies[${i}].payment_method_limits[${j}]`
      decimal(limit.min, `${at}.min`, fail)
      decimal(limit.max, `${at}.max`, fail)
    }
  }
  for (const [i, provider] of options.providers.entries()) {
    for (const [j, namespace] of provider.namespaces.entries()) {
      if (!(NAMESPACES as readonly string[]).includes(namespace)) fail(`providers[${i}].namespaces[${j}] is not one of ${NAMESPACES.join(', ')}`)
    }
  }
  return options as OnrampOptions
}

/** Reads `POST /v1/onramp/quote`. */
export function parseOnrampQuote(body: unknown): OnrampQuote {
  const q = parseAnswer(ONRAMP_SERVICE, checkOnrampQuote, body)
  return {
    coinbaseFee: amount(q.coinbaseFee, 'coinbaseFee'),
    networkFee: amount(q.networkFee, 'networkFee'),
    paymentSubtotal: amount(q.paymentSubtotal, 'paymentSubtotal'),
    paymentTotal: amount(q.paymentTotal, 'paymentTotal'),
    purchaseAmount: q.purchaseAmount === null ? undefined : amount(q.purchaseAmount, 'purchaseAmount'),
    quoteId: q.quoteId,
    provider: q.provider,
    estimated: q.estimated,
  }
}

/** Reads `POST /v1/generators/onrampurl` and returns its http(s) URL. */
export function parseCheckoutUrl(body: unknown): string {
  const { url } = parseAnswer(ONRAMP_SERVICE, checkOnrampUrlReply, body)
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    fail('url is not a URL')
  }
  if (parsed?.protocol !== 'https:' && parsed?.protocol !== 'http:') fail('url is not an http(s) URL')
  return url
}

/** Reads a page of `GET /v1/account/{account}/history?onramp={provider}`. */
export function parseOnrampPurchases(body: unknown): OnrampPurchasePage {
  const page = parseAnswer(ONRAMP_SERVICE, checkOnrampHistoryReply, body)
  const data = page.data.map((p, i) => {
    const at = `data[${i}]`
    return {
      id: p.id,
      provider: p.provider,
      status: p.status,
      purchaseAmount: amount(p.purchaseAmount, `${at}.purchaseAmount`),
      paymentTotal: amount(p.paymentTotal, `${at}.paymentTotal`),
      network: p.network,
      chain: p.chain ?? undefined,
      walletAddress: p.walletAddress,
      txHash: p.txHash ?? undefined,
      createdAt: date(p.createdAt, `${at}.createdAt`, fail),
      completedAt: p.completedAt === null ? undefined : date(p.completedAt, `${at}.completedAt`, fail),
    }
  })
  return { data, next: page.next ?? undefined }
}
