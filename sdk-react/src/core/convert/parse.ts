// The convert API's answers (frame-host/API.md "Convert API"), read after their generated
// checks: amounts become bigints, tokens stay CAIP-10 (`eip155:{chain}:0x…`, lowercase), a built
// transaction's `from` and `to` become plain addresses on its network.
import { imageUrl, type Fail } from '../blockchain/validate'
import { InvalidFrameHostResponseError } from '../frameHost/errors'
import {
  type BuiltTransaction,
  checkApproveReply,
  checkBuildSwapReply,
  checkSwapQuotesReply,
  checkSwapTokensReply,
  checkAllowanceReply,
  checkGasPriceReply,
} from '../frameHost/convert.gen'
import { parseAnswer } from '../frameHost/transport'
import { CONVERT_SERVICE } from './errors'

/** The address the convert API gives the network's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The largest amount of base units (2^256 − 1). */
export const UINT256_MAX = (1n << 256n) - 1n

/** A token of `GET /v1/convert/tokens`. */
export interface SwapToken {
  readonly name: string
  readonly symbol: string
  /** `eip155:{chain}:{address}`, lowercase; the native coin's address is {@link NATIVE_TOKEN_ADDRESS}. */
  readonly address: string
  readonly decimals: number
  /** An `http(s)` or `data:image` URL; `undefined` when frame-host gave none the widget loads. */
  readonly logoUri: string | undefined
}

/** The quote of `GET /v1/convert/quotes`. */
export interface SwapQuote {
  /** Base units of `from` swapped. */
  readonly fromAmount: bigint
  /** CAIP-10 of the token swapped. */
  readonly from: string
  /** Base units of `to` the swap pays out at the pools' current reserves. */
  readonly toAmount: bigint
  /** CAIP-10 of the token paid out. */
  readonly to: string
  /** The pools' tokens in order (CAIP-10; the native coin as its wrapped token). */
  readonly path: readonly string[]
  /** How far below the pools' mid price the swap pays, in percent (the pools' fee included). */
  readonly priceImpact: number
}

/** `GET /v1/convert/gas-price`: wei per gas. */
export interface GasPrices {
  readonly standard: bigint
  readonly fast: bigint
  readonly instant: bigint
}

/** A transaction frame-host built for the user to send. */
export interface ConvertTransaction {
  /** CAIP-2 id of its network, e.g. `eip155:31337`. */
  readonly chainId: string
  readonly from: `0x${string}`
  /** The contract to call: the token (approve) or the router (swap). */
  readonly to: `0x${string}`
  readonly data: `0x${string}`
  /** Wei sent along. */
  readonly value: bigint
  /** The node's gas estimate; `undefined` when the request disabled it. */
  readonly gas: bigint | undefined
  /** The node's gas price, wei. */
  readonly gasPrice: bigint
}

/** `POST /v1/convert/build-transaction`: the swap to send and what it pays. */
export interface BuiltSwap {
  readonly tx: ConvertTransaction
  readonly toAmount: bigint
  /** The least the swap pays out (the slippage applied), else the router reverts. */
  readonly toAmountMin: bigint
  /** Percent. */
  readonly slippage: number
  readonly path: readonly string[]
  /** Unix seconds after which the router refuses the swap. */
  readonly deadline: number
}

const fail: Fail = (reason) => {
  throw new InvalidFrameHostResponseError({ service: CONVERT_SERVICE, reason })
}

const CAIP10 = /^(eip155:\d{1,20}):(0x[0-9a-f]{40})$/

/** A CAIP-10 eip155 account or token, lowercase as frame-host writes it. */
function caip10(text: string, what: string): string {
  if (!CAIP10.test(text)) fail(`${what} is not eip155:{chain}:{address}`)
  return text
}

/** A decimal string of base units, at most 2^256 − 1. */
function units(text: string, what: string): bigint {
  if (!/^(0|[1-9]\d*)$/.test(text)) fail(`${what} is not a whole number of base units`)
  const value = BigInt(text)
  if (value > UINT256_MAX) fail(`${what} is above 2^256 - 1`)
  return value
}

function route(path: readonly string[], what: string): string[] {
  if (path.length < 2) fail(`${what} has fewer than 2 tokens`)
  return path.map((token, i) => caip10(token, `${what}[${i}]`))
}

const percent = (value: number, max: number) => value >= 0 && value <= max

/**
 * Reads `{ tokens: [{ name, symbol, address, decimals, logoUri }] }`.
 *
 * @example
 * parseSwapTokens({ tokens: [{ name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeee…eeee', decimals: 18, logoUri: 'https://…' }] })
 */
export function parseSwapTokens(body: unknown): SwapToken[] {
  return parseAnswer(CONVERT_SERVICE, checkSwapTokensReply, body).tokens.map((token, i) => ({
    name: token.name,
    symbol: token.symbol,
    address: caip10(token.address, `tokens[${i}].address`),
    decimals: token.decimals,
    logoUri: imageUrl(token.logoUri),
  }))
}

/** Reads `{ quotes: [{ fromAmount, fromAccount, toAmount, toAccount, path, priceImpact }] }` and returns its one quote. */
export function parseQuote(body: unknown): SwapQuote {
  const [quote] = parseAnswer(CONVERT_SERVICE, checkSwapQuotesReply, body).quotes
  if (!quote) return fail('quotes does not hold one quote')
  if (!percent(quote.priceImpact, 100)) fail('quotes[0].priceImpact is not a percentage')
  return {
    fromAmount: units(quote.fromAmount, 'quotes[0].fromAmount'),
    from: caip10(quote.fromAccount, 'quotes[0].fromAccount'),
    toAmount: units(quote.toAmount, 'quotes[0].toAmount'),
    to: caip10(quote.toAccount, 'quotes[0].toAccount'),
    path: route(quote.path, 'quotes[0].path'),
    priceImpact: quote.priceImpact,
  }
}

/** Reads `{ allowance }` and returns it. */
export function parseAllowance(body: unknown): bigint {
  return units(parseAnswer(CONVERT_SERVICE, checkAllowanceReply, body).allowance, 'allowance')
}

/** Reads `{ standard, fast, instant }`. */
export function parseGasPrices(body: unknown): GasPrices {
  const prices = parseAnswer(CONVERT_SERVICE, checkGasPriceReply, body)
  return { standard: units(prices.standard, 'standard'), fast: units(prices.fast, 'fast'), instant: units(prices.instant, 'instant') }
}

/** Reads a built `tx`: `from` and `to` on one network, hex calldata, value and fees in base units. */
function readTransaction(tx: BuiltTransaction, what = 'tx'): ConvertTransaction {
  const [, chainId = '', from = ''] = CAIP10.exec(caip10(tx.from, `${what}.from`)) ?? []
  const [, toChain = '', to = ''] = CAIP10.exec(caip10(tx.to, `${what}.to`)) ?? []
  if (toChain !== chainId) fail(`${what}.to is not on ${chainId}`)
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(tx.data)) fail(`${what}.data is not hex bytes`)
  return {
    chainId,
    from: from as `0x${string}`,
    to: to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: units(tx.value, `${what}.value`),
    gas: tx.eip155.gas === null ? undefined : units(tx.eip155.gas, `${what}.eip155.gas`),
    gasPrice: units(tx.eip155.gasPrice, `${what}.eip155.gasPrice`),
  }
}

/** Reads `{ tx }` of `build-approve`. */
export function parseApprove(body: unknown): ConvertTransaction {
  return readTransaction(parseAnswer(CONVERT_SERVICE, checkApproveReply, body).tx)
}

/** Reads `{ tx, toAmount, toAmountMin, slippage, path, deadline }` of `build-transaction`. */
export function parseBuiltSwap(body: unknown): BuiltSwap {
  const built = parseAnswer(CONVERT_SERVICE, checkBuildSwapReply, body)
  if (!percent(built.slippage, 50)) fail('slippage is not a percentage from 0 to 50')
  if (built.deadline <= 0) fail('deadline is not Unix seconds')
  const toAmount = units(built.toAmount, 'toAmount')
  const toAmountMin = units(built.toAmountMin, 'toAmountMin')
  if (toAmountMin > toAmount) fail('toAmountMin is above toAmount')
  return {
    tx: readTransaction(built.tx),
    toAmount,
    toAmountMin,
    slippage: built.slippage,
    path: route(built.path, 'path'),
    deadline: built.deadline,
  }
}
