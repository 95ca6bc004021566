// Generated from the oriel-protocol crate (http::convert) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, integer, nullable, number, object, string } from './check'
import { union } from './checkForms'

/** The query of `GET /v1/convert/tokens` and `GET /v1/convert/gas-price`. */
export type ConvertChainQuery = {
  /** The network, CAIP-2 (`eip155:1`). */
  readonly chainId: string
}

export const checkConvertChainQuery: Check<ConvertChainQuery> = /*#__PURE__*/ object<ConvertChainQuery>({ chainId: string })

/** A token the exchange trades. */
export type SwapToken = {
  /** Its name, such as `Ether`. */
  readonly name: string
  /** Its symbol, such as `ETH`. */
  readonly symbol: string
  /** `eip155:{chain}:{contract}`; the native coin `eip155:{chain}:0xeeee…eeee`. */
  readonly address: string
  /** Its decimals (never 0). */
  readonly decimals: number
  /** The operator's icon, else frame-host's `/public/getTokenImage/{symbol}`. */
  readonly logoUri: string
}

export const checkSwapToken: Check<SwapToken> = /*#__PURE__*/ object<SwapToken>({ name: string, symbol: string, address: string, decimals: integer(0, 255), logoUri: string })

/**
 * The answer of `GET /v1/convert/tokens`: the tokens the network's exchange trades, the native
 * coin first.
 */
export type SwapTokensReply = {
  /** The tokens. */
  readonly tokens: readonly SwapToken[]
}

export const checkSwapTokensReply: Check<SwapTokensReply> = /*#__PURE__*/ object<SwapTokensReply>({ tokens: array(checkSwapToken) })

/** The query of `GET /v1/convert/quotes`. */
export type SwapQuoteQuery = {
  /** Base units of `from` to swap, above 0. */
  readonly amount: string
  /** The account, `eip155:{chain}:0x…` or a bare address (checked, not used). */
  readonly userAddress: string
  /** The token swapped. */
  readonly from: string
  /** The token bought. */
  readonly to: string
  /** Wei per gas (checked, not used). */
  readonly gasPrice?: string
  /** The tokens' network, when given. */
  readonly chainId?: string
}

export const checkSwapQuoteQuery: Check<SwapQuoteQuery> = /*#__PURE__*/ object<SwapQuoteQuery>({ amount: string, userAddress: string, from: string, to: string }, { gasPrice: string, chainId: string })

/** A quote. */
export type SwapQuote = {
  /** The amount swapped (the request's). */
  readonly fromAmount: string
  /** The token swapped (the request's `from`). */
  readonly fromAccount: string
  /** What the swap pays out at the pools' current reserves. */
  readonly toAmount: string
  /** The token paid out (the request's `to`). */
  readonly toAccount: string
  /** The pools' tokens in order (the native coin as the wrapped token it trades as). */
  readonly path: readonly string[]
  /**
   * How far below the pools' mid price the swap pays, in percent with two decimals (the
   * pools' fee included).
   */
  readonly priceImpact: number
}

export const checkSwapQuote: Check<SwapQuote> = /*#__PURE__*/ object<SwapQuote>({ fromAmount: string, fromAccount: string, toAmount: string, toAccount: string, path: array(string), priceImpact: number })

/** The answer of `GET /v1/convert/quotes`: one quote, the best route's. */
export type SwapQuotesReply = {
  /** The quote. */
  readonly quotes: readonly SwapQuote[]
}

export const checkSwapQuotesReply: Check<SwapQuotesReply> = /*#__PURE__*/ object<SwapQuotesReply>({ quotes: array(checkSwapQuote, 1) })

/** The query of `GET /v1/convert/allowance`. */
export type AllowanceQuery = {
  /** The token. */
  readonly tokenAddress: string
  /** The owner. */
  readonly userAddress: string
}

export const checkAllowanceQuery: Check<AllowanceQuery> = /*#__PURE__*/ object<AllowanceQuery>({ tokenAddress: string, userAddress: string })

/** The answer of `GET /v1/convert/allowance`. */
export type AllowanceReply = {
  /** How much of the token the router may move, base units (2^256 − 1 for the native coin). */
  readonly allowance: string
}

export const checkAllowanceReply: Check<AllowanceReply> = /*#__PURE__*/ object<AllowanceReply>({ allowance: string })

/** The answer of `GET /v1/convert/gas-price`: wei per gas, each speed at least the one before. */
export type GasPriceReply = {
  /** The node's `eth_gasPrice`. */
  readonly standard: string
  /** The next block's base fee plus the recent 50th percentile priority fee. */
  readonly fast: string
  /** The next block's base fee plus the recent 90th percentile priority fee. */
  readonly instant: string
}

export const checkGasPriceReply: Check<GasPriceReply> = /*#__PURE__*/ object<GasPriceReply>({ standard: string, fast: string, instant: string })

/** The query of `GET /v1/convert/build-approve`. */
export type ApproveQuery = {
  /** The owner, who sends the approval. */
  readonly userAddress: string
  /** The token the router may then move. */
  readonly from: string
  /** The token the swap buys (checked like a swap's). */
  readonly to: string
  /** Base units to allow; without it 2^256 − 1. */
  readonly amount?: string
}

export const checkApproveQuery: Check<ApproveQuery> = /*#__PURE__*/ object<ApproveQuery>({ userAddress: string, from: string, to: string }, { amount: string })

/** The gas of a built transaction. */
export type TransactionFees = {
  /** The node's estimate (`eth_estimateGas`); `null` when the request disabled it. */
  readonly gas: string | null
  /** The node's gas price (`eth_gasPrice`), wei. */
  readonly gasPrice: string
}

export const checkTransactionFees: Check<TransactionFees> = /*#__PURE__*/ object<TransactionFees>({ gas: nullable(string), gasPrice: string })

/** A transaction to sign and send, as frame-host built it. */
export type BuiltTransaction = {
  /** The sender (the request's `userAddress`), `eip155:{chain}:0x…`. */
  readonly from: string
  /**
   * The contract called (the token for an approval, the router for a swap),
   * `eip155:{chain}:0x…`.
   */
  readonly to: string
  /** The calldata, `0x` hex. */
  readonly data: string
  /** Wei sent along. */
  readonly value: string
  /** Its gas. */
  readonly eip155: TransactionFees
}

export const checkBuiltTransaction: Check<BuiltTransaction> = /*#__PURE__*/ object<BuiltTransaction>({ from: string, to: string, data: string, value: string, eip155: checkTransactionFees })

/**
 * The answer of `GET /v1/convert/build-approve`: the `approve(router, amount)` call of the
 * `from` token.
 */
export type ApproveReply = {
  /** The transaction. */
  readonly tx: BuiltTransaction
}

export const checkApproveReply: Check<ApproveReply> = /*#__PURE__*/ object<ApproveReply>({ tx: checkBuiltTransaction })

/**
 * A number, or the same number written as a decimal string (`1`, `"0.5"`). Named only by
 * the schemas of fields that take either.
 */
export type NumberOrText = number | string

export const checkNumberOrText: Check<NumberOrText> = /*#__PURE__*/ union(number, string)

/** `eip155` of a build request. */
export type SwapOptions = {
  /**
   * Percent, 0 to 50 with at most two decimals (default 1, spec §9): a number or a decimal
   * string.
   */
  readonly slippage?: NumberOrText
}

export const checkSwapOptions: Check<SwapOptions> = /*#__PURE__*/ object<SwapOptions>({}, { slippage: checkNumberOrText })

/** `POST /v1/convert/build-transaction` (at most 4096 bytes, unknown fields refused). */
export type BuildSwapRequest = {
  /** The project; when given it must be the `projectId` of the query. */
  readonly projectId?: string
  /** Base units of `from` to swap, above 0. */
  readonly amount: string
  /** The token swapped. */
  readonly from: string
  /** The token bought. */
  readonly to: string
  /** The account that sends the swap and receives its output. */
  readonly userAddress: string
  /** The slippage tolerance. */
  readonly eip155?: SwapOptions
  /** Leave out the node's gas estimate (`tx.eip155.gas` is then `null`). */
  readonly disableEstimate?: boolean
}

export const checkBuildSwapRequest: Check<BuildSwapRequest> = /*#__PURE__*/ object<BuildSwapRequest>({ amount: string, from: string, to: string, userAddress: string }, { projectId: string, eip155: checkSwapOptions, disableEstimate: boolean })

/** The answer of `POST /v1/convert/build-transaction`. */
export type BuildSwapReply = {
  /** The router call. */
  readonly tx: BuiltTransaction
  /** What the swap would pay out now. */
  readonly toAmount: string
  /** The least it may pay out (the slippage applied), else the router reverts. */
  readonly toAmountMin: string
  /** The slippage applied, percent. */
  readonly slippage: number
  /** The pools' tokens in order. */
  readonly path: readonly string[]
  /** Unix seconds after which the router refuses the swap. */
  readonly deadline: number
}

export const checkBuildSwapReply: Check<BuildSwapReply> = /*#__PURE__*/ object<BuildSwapReply>({ tx: checkBuiltTransaction, toAmount: string, toAmountMin: string, slippage: number, path: array(string), deadline: integer(0) })
