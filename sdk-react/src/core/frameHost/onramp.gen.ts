// Generated from the oriel-protocol crate (http::onramp) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, nullable, object, oneOf, string } from './check'

/** The query of `GET /v1/onramp/options`. */
export type OnrampOptionsQuery = {
  /** The provider (its `id`); default the first configured. */
  readonly provider?: string
}

export const checkOnrampOptionsQuery: Check<OnrampOptionsQuery> = /*#__PURE__*/ object<OnrampOptionsQuery>({}, { provider: string })

/** How much one payment method takes (spec §3, §9). */
export type PaymentMethodLimit = {
  /** `CARD`, `BANK_ACCOUNT` or another method the provider names (lowercase). */
  readonly id: string
  /** The least, a decimal with two fraction digits such as `10.00`. */
  readonly min: string
  /** The most, such as `7500.00`. */
  readonly max: string
}

export const checkPaymentMethodLimit: Check<PaymentMethodLimit> = /*#__PURE__*/ object<PaymentMethodLimit>({ id: string, min: string, max: string })

/** A fiat currency (spec §3). */
export type PaymentCurrency = {
  /** Its ISO 4217 code, such as `USD`. */
  readonly id: string
  /** Each payment method's limits in this currency. */
  readonly payment_method_limits: readonly PaymentMethodLimit[]
}

export const checkPaymentCurrency: Check<PaymentCurrency> = /*#__PURE__*/ object<PaymentCurrency>({ id: string, payment_method_limits: array(checkPaymentMethodLimit) })

/** A provider the operator configured (spec §9 "On-ramp fee range"). */
export type OnrampProvider = {
  /** Its id in frame-host's config (`[[onramp_providers]]`), such as `coinbase`. */
  readonly id: string
  /** Its name for people. */
  readonly name: string
  /** The fees it takes, such as `1-2%`. */
  readonly feeRange: string
  /** The chain namespaces it delivers to (`eip155`, `solana`). */
  readonly namespaces: readonly string[]
}

export const checkOnrampProvider: Check<OnrampProvider> = /*#__PURE__*/ object<OnrampProvider>({ id: string, name: string, feeRange: string, namespaces: array(string) })

/** A network an asset can be delivered on (spec §3). */
export type PurchaseNetwork = {
  /** The provider's name of the network, such as `ethereum` (spec §9's on-ramp chains). */
  readonly name: string
  /** Its name for people, such as `Ethereum`. */
  readonly display_name: string
  /**
   * The network's CAIP-2 reference: the EIP-155 chain id such as `1`, or a Solana
   * cluster's genesis hash prefix.
   */
  readonly chain_id: string
  /** The token's contract on that network; empty for the network's native coin. */
  readonly contract_address: string
}

export const checkPurchaseNetwork: Check<PurchaseNetwork> = /*#__PURE__*/ object<PurchaseNetwork>({ name: string, display_name: string, chain_id: string, contract_address: string })

/** A crypto asset (spec §3). */
export type PurchaseCurrency = {
  /** The provider's id of the asset (what the quote and the URL name it by). */
  readonly id: string
  /** Its name, such as `Ether`. */
  readonly name: string
  /** Its symbol, such as `ETH`. */
  readonly symbol: string
  /** The networks it can be delivered on. */
  readonly networks: readonly PurchaseNetwork[]
}

export const checkPurchaseCurrency: Check<PurchaseCurrency> = /*#__PURE__*/ object<PurchaseCurrency>({ id: string, name: string, symbol: string, networks: array(checkPurchaseNetwork) })

/** The answer of `GET /v1/onramp/options`. */
export type OnrampOptions = {
  /**
   * The provider these options are of (its `id`); empty for the sample options of an
   * operator with no provider.
   */
  readonly provider: string
  /** The fiat currencies a buyer can pay in, with each payment method's limits. */
  readonly paymentCurrencies: readonly PaymentCurrency[]
  /** The crypto assets a buyer can buy, with their networks. */
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
  /** Every provider the operator configured, for the buyer's choice. */
  readonly providers: readonly OnrampProvider[]
  /**
   * `true` when the provider's options could not be read (or no provider is configured):
   * these are the built-in sample options (spec §7), which the widget labels as such.
   */
  readonly sample: boolean
}

export const checkOnrampOptions: Check<OnrampOptions> = /*#__PURE__*/ object<OnrampOptions>({ provider: string, paymentCurrencies: array(checkPaymentCurrency), purchaseCurrencies: array(checkPurchaseCurrency), providers: array(checkOnrampProvider), sample: boolean })

/** `POST /v1/onramp/quote` (spec §7). */
export type OnrampQuoteRequest = {
  /** The project; when given it must be the `projectId` of the query. */
  readonly projectId?: string
  /** The provider (its `id`); default the first configured. */
  readonly provider?: string
  /** The asset's `id` from the options. */
  readonly purchaseCurrency: string
  /** The fiat currency's `id`, such as `USD`. */
  readonly paymentCurrency: string
  /** What the buyer pays, fees included: a decimal of at most two fraction digits. */
  readonly amount: string
  /** The network's `name` from the options. */
  readonly network: string
  /** The payment method (default `CARD`). */
  readonly paymentMethod?: string
}

export const checkOnrampQuoteRequest: Check<OnrampQuoteRequest> = /*#__PURE__*/ object<OnrampQuoteRequest>({ purchaseCurrency: string, paymentCurrency: string, amount: string, network: string }, { projectId: string, provider: string, paymentMethod: string })

/** An amount of money or crypto (spec §3 quote fields). */
export type OnrampAmount = {
  /** A decimal such as `50.00` or `0.01633333`. */
  readonly amount: string
  /** A fiat code such as `USD`, or the asset's symbol. */
  readonly currency: string
}

export const checkOnrampAmount: Check<OnrampAmount> = /*#__PURE__*/ object<OnrampAmount>({ amount: string, currency: string })

/** The answer of `POST /v1/onramp/quote` (spec §3 "Onramp quote"). */
export type OnrampQuote = {
  /** The provider's fee. */
  readonly coinbaseFee: OnrampAmount
  /** The fee of sending the asset to the wallet. */
  readonly networkFee: OnrampAmount
  /** What the asset itself costs: the total less the fees. */
  readonly paymentSubtotal: OnrampAmount
  /** What the buyer pays. */
  readonly paymentTotal: OnrampAmount
  readonly purchaseAmount: OnrampAmount | null
  /**
   * The provider's id of the quote, passed on to its checkout; `estimate` for an estimated
   * quote.
   */
  readonly quoteId: string
  /** The provider that quoted. */
  readonly provider: string
  /**
   * `true` when the provider could not quote and frame-host estimated instead (spec §7
   * "mock quote"): today's price, the top of the provider's fee range, no network fee.
   */
  readonly estimated: boolean
}

export const checkOnrampQuote: Check<OnrampQuote> = /*#__PURE__*/ object<OnrampQuote>({ coinbaseFee: checkOnrampAmount, networkFee: checkOnrampAmount, paymentSubtotal: checkOnrampAmount, paymentTotal: checkOnrampAmount, purchaseAmount: nullable(checkOnrampAmount), quoteId: string, provider: string, estimated: boolean })

/** One wallet a purchase may be delivered to (`POST /v1/generators/onrampurl`). */
export type DestinationWallet = {
  /** The address: `0x` and 40 hex digits, or a Solana base58 public key. */
  readonly address: string
  /** The networks (their `name`s) it may receive on. */
  readonly blockchains: readonly string[]
  /** The assets (symbols) it may receive; empty: any. */
  readonly assets?: readonly string[]
}

export const checkDestinationWallet: Check<DestinationWallet> = /*#__PURE__*/ object<DestinationWallet>({ address: string, blockchains: array(string) }, { assets: array(string) })

/** `POST /v1/generators/onrampurl` (spec §7). */
export type OnrampUrlRequest = {
  /** The project; when given it must be the `projectId` of the query. */
  readonly projectId?: string
  /** The provider (its `id`); default the first configured. */
  readonly provider?: string
  /** Where the purchase may go (at most 5 wallets). */
  readonly destinationWallets: readonly DestinationWallet[]
  /** The network the checkout opens on; unset or unknown: `ONRAMP_FALLBACK_NETWORK`. */
  readonly defaultNetwork?: string
  /**
   * Who buys, in the dapp's terms (the SDK sends the account's address); frame-host hands
   * the provider a keyed hash of it, never the value itself.
   */
  readonly partnerUserId: string
  /** `buy` (the only experience). */
  readonly defaultExperience?: string
  /** An amount of the asset to preset. */
  readonly presetCryptoAmount?: string
  /** An amount of fiat to preset, fees included. */
  readonly presetFiatAmount?: string
  /** The fiat currency of `presetFiatAmount`, such as `USD`. */
  readonly fiatCurrency?: string
  /** The asset to preset (its `id` or symbol). */
  readonly defaultAsset?: string
  /** The payment method to preset. */
  readonly defaultPaymentMethod?: string
  /** The quote the checkout should honour. */
  readonly quoteId?: string
}

export const checkOnrampUrlRequest: Check<OnrampUrlRequest> = /*#__PURE__*/ object<OnrampUrlRequest>({ destinationWallets: array(checkDestinationWallet), partnerUserId: string }, { projectId: string, provider: string, defaultNetwork: string, defaultExperience: string, presetCryptoAmount: string, presetFiatAmount: string, fiatCurrency: string, defaultAsset: string, defaultPaymentMethod: string, quoteId: string })

/** The answer of `POST /v1/generators/onrampurl`. */
export type OnrampUrlReply = {
  /** The provider's checkout, to open in a popup. */
  readonly url: string
}

export const checkOnrampUrlReply: Check<OnrampUrlReply> = /*#__PURE__*/ object<OnrampUrlReply>({ url: string })

/** Where a purchase stands. */
export type OnrampStatus = 'pending' | 'success' | 'failed'

export const checkOnrampStatus: Check<OnrampStatus> = /*#__PURE__*/ oneOf(['pending', 'success', 'failed'])

/** One purchase. */
export type OnrampPurchase = {
  /** The provider's id of the purchase. */
  readonly id: string
  /** The provider (its `id`). */
  readonly provider: string
  /** Where it stands. */
  readonly status: OnrampStatus
  /** What was bought (the asset's symbol as `currency`). */
  readonly purchaseAmount: OnrampAmount
  /** What the buyer paid. */
  readonly paymentTotal: OnrampAmount
  /** The network's `name`, such as `base`. */
  readonly network: string
  /** The network's CAIP-2 id when frame-host knows it, such as `eip155:8453`. */
  readonly chain: string | null
  /** The wallet it goes to. */
  readonly walletAddress: string
  /** The delivery's transaction hash, once sent. */
  readonly txHash: string | null
  /** When it was made, RFC 3339 UTC. */
  readonly createdAt: string
  /** When it was delivered or failed, RFC 3339 UTC. */
  readonly completedAt: string | null
}

export const checkOnrampPurchase: Check<OnrampPurchase> = /*#__PURE__*/ object<OnrampPurchase>({ id: string, provider: string, status: checkOnrampStatus, purchaseAmount: checkOnrampAmount, paymentTotal: checkOnrampAmount, network: string, chain: nullable(string), walletAddress: string, txHash: nullable(string), createdAt: string, completedAt: nullable(string) })

/**
 * The answer of `GET /v1/account/{account}/history?onramp={provider}` (spec §3 history
 * state `coinbaseTransactions`): the account's purchases through that provider, newest
 * first, as the provider reports them.
 */
export type OnrampHistoryReply = {
  /** At most 20 purchases. */
  readonly data: readonly OnrampPurchase[]
  /** The opaque cursor of the next page; `null` on the last page. */
  readonly next: string | null
}

export const checkOnrampHistoryReply: Check<OnrampHistoryReply> = /*#__PURE__*/ object<OnrampHistoryReply>({ data: array(checkOnrampPurchase, 20), next: nullable(string) })
