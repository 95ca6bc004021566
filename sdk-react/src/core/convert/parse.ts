// The convert API's answers (frame-host/API.md "Convert API"), checked field by field: amounts
// become bigints, tokens stay CAIP-10 (`eip155:{chain}:0x…`, lowercase), a built transaction's
// `from` and `to` become plain addresses on its network.
import { asArray, asImageUrl, asObject, asString, type Fail } from '../blockchain/validate'
import { InvalidConvertResponseError } from './errors'

/** The address the convert API gives the network's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The largest amount of base units (2^256 − 1). */
export const UINT256_MAX = (1n << 256n) - 1n
/** The most tokens a network's list may hold. */
export const MAX_SWAP_TOKENS = 1000
/** The most pools a route may cross. */
const MAX_PATH = 8
/** The longest calldata accepted, in hex characters (a V2 swap is about 600). */
const MAX_DATA_LENGTH = 100_000

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
  throw new InvalidConvertResponseError({ reason })
}

const CAIP10 = /^(eip155:\d{1,20}):(0x[0-9a-f]{40})$/

/** A CAIP-10 eip155 account or token, lowercase as frame-host writes it. */
function asCaip10(value: unknown, what: string): string {
  const text = asString(value, what, fail, 64)
  if (!CAIP10.test(text)) fail(`${what} is not eip155:{chain}:{address}`)
  return text
}

/** A decimal string of base units, at most 2^256 − 1. */
function asUnits(value: unknown, what: string): bigint {
  const text = asString(value, what, fail, 78)
  if (!/^(0|[1-9]\d*)$/.test(text)) fail(`${what} is not a whole number of base units`)
  const units = BigInt(text)
  if (units > UINT256_MAX) fail(`${what} is above 2^256 - 1`)
  return units
}

function asPath(value: unknown, what: string): string[] {
  const path = asArray(value, what, fail, MAX_PATH).map((entry, i) => asCaip10(entry, `${what}[${i}]`))
  if (path.length < 2) fail(`${what} has fewer than 2 tokens`)
  return path
}

/**
 * Checks `{ tokens: [{ name, symbol, address, decimals, logoUri }] }`.
 *
 * @example
 * parseSwapTokens({ tokens: [{ name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeee…eeee', decimals: 18, logoUri: 'https://…' }] })
 */
export function parseSwapTokens(body: unknown): SwapToken[] {
  const list = asArray(asObject(body, 'the answer', fail)['tokens'], 'tokens', fail, MAX_SWAP_TOKENS)
  return list.map((entry, i) => {
    const token = asObject(entry, `tokens[${i}]`, fail)
    const decimals = token['decimals']
    if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 77) {
      fail(`tokens[${i}].decimals is not a whole number from 0 to 77`)
    }
    return {
      name: asString(token['name'], `tokens[${i}].name`, fail),
      symbol: asString(token['symbol'], `tokens[${i}].symbol`, fail, 32),
      address: asCaip10(token['address'], `tokens[${i}].address`),
      decimals: decimals as number,
      logoUri: asImageUrl(token['logoUri'], `tokens[${i}].logoUri`, fail),
    }
  })
}

/** Checks `{ quotes: [{ fromAmount, fromAccount, toAmount, toAccount, path, priceImpact }] }` and returns its one quote. */
export function parseQuote(body: unknown): SwapQuote {
  const quotes = asArray(asObject(body, 'the answer', fail)['quotes'], 'quotes', fail, 1)
  if (quotes.length !== 1) fail('quotes does not hold one quote')
  const quote = asObject(quotes[0], 'quotes[0]', fail)
  const impact = quote['priceImpact']
  if (typeof impact !== 'number' || !Number.isFinite(impact) || impact < 0 || impact > 100) {
    fail('quotes[0].priceImpact is not a percentage')
  }
  return {
    fromAmount: asUnits(quote['fromAmount'], 'quotes[0].fromAmount'),
    from: asCaip10(quote['fromAccount'], 'quotes[0].fromAccount'),
    toAmount: asUnits(quote['toAmount'], 'quotes[0].toAmount'),
    to: asCaip10(quote['toAccount'], 'quotes[0].toAccount'),
    path: asPath(quote['path'], 'quotes[0].path'),
    priceImpact: impact as number,
  }
}

/** Checks `{ allowance }` and returns it. */
export function parseAllowance(body: unknown): bigint {
  return asUnits(asObject(body, 'the answer', fail)['allowance'], 'allowance')
}

/** Checks `{ standard, fast, instant }`. */
export function parseGasPrices(body: unknown): GasPrices {
  const prices = asObject(body, 'the answer', fail)
  return { standard: asUnits(prices['standard'], 'standard'), fast: asUnits(prices['fast'], 'fast'), instant: asUnits(prices['instant'], 'instant') }
}

/** Checks a built `tx`: `from` and `to` on one network, hex calldata, value and fees in base units. */
export function parseTransaction(value: unknown, what = 'tx'): ConvertTransaction {
  const tx = asObject(value, what, fail)
  const [, chainId = '', from = ''] = CAIP10.exec(asCaip10(tx['from'], `${what}.from`)) ?? []
  const [, toChain = '', to = ''] = CAIP10.exec(asCaip10(tx['to'], `${what}.to`)) ?? []
  if (toChain !== chainId) fail(`${what}.to is not on ${chainId}`)
  const data = asString(tx['data'], `${what}.data`, fail, MAX_DATA_LENGTH)
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) fail(`${what}.data is not hex bytes`)
  const fees = asObject(tx['eip155'], `${what}.eip155`, fail)
  return {
    chainId,
    from: from as `0x${string}`,
    to: to as `0x${string}`,
    data: data as `0x${string}`,
    value: asUnits(tx['value'], `${what}.value`),
    gas: fees['gas'] === null ? undefined : asUnits(fees['gas'], `${what}.eip155.gas`),
    gasPrice: asUnits(fees['gasPrice'], `${what}.eip155.gasPrice`),
  }
}

/** Checks `{ tx }` of `build-approve`. */
export function parseApprove(body: unknown): ConvertTransaction {
  return parseTransaction(asObject(body, 'the answer', fail)['tx'])
}

/** Checks `{ tx, toAmount, toAmountMin, slippage, path, deadline }` of `build-transaction`. */
export function parseBuiltSwap(body: unknown): BuiltSwap {
  const built = asObject(body, 'the answer', fail)
  const slippage = built['slippage']
  if (typeof slippage !== 'number' || !(slippage >= 0 && slippage <= 50)) fail('slippage is not a percentage from 0 to 50')
  const deadline = built['deadline']
  if (typeof deadline !== 'number' || !Number.isSafeInteger(deadline) || deadline <= 0) fail('deadline is not Unix seconds')
  const toAmount = asUnits(built['toAmount'], 'toAmount')
  const toAmountMin = asUnits(built['toAmountMin'], 'toAmountMin')
  if (toAmountMin > toAmount) fail('toAmountMin is above toAmount')
  return {
    tx: parseTransaction(built['tx']),
    toAmount,
    toAmountMin,
    slippage: slippage as number,
    path: asPath(built['path'], 'path'),
    deadline: deadline as number,
  }
}
