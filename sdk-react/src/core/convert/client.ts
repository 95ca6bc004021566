import type { OrielClient } from '../client/createClient'
import { DEFAULT_SLIPPAGE_PERCENT } from '../constants'
import { FrameHostRequestError, type FrameHostErrorType, InvalidFrameHostParameterError } from '../frameHost/errors'
import type { AllowanceQuery, ApproveQuery, BuildSwapRequest, ConvertChainQuery, SwapQuoteQuery } from '../frameHost/convert.gen'
import type { FrameHost, FrameHostCall, QueryValues } from '../frameHost/transport'
import { CONVERT_SERVICE, GAS_PRICE_NOT_SUPPORTED, GasPriceNotSupportedError, SWAPS_NOT_SUPPORTED, SwapsNotSupportedError } from './errors'
import {
  type BuiltSwap,
  type ConvertTransaction,
  type GasPrices,
  type SwapQuote,
  type SwapToken,
  UINT256_MAX,
  parseAllowance,
  parseApprove,
  parseBuiltSwap,
  parseGasPrices,
  parseQuote,
  parseSwapTokens,
} from './parse'

export type ConvertErrorType = SwapsNotSupportedError | GasPriceNotSupportedError | FrameHostErrorType

/** Options every call takes. */
export type ConvertCallOptions = { signal?: AbortSignal | undefined }

export type GetSwapTokensParameters = { /** CAIP-2, e.g. `eip155:31337`. */ chainId: string }
export type GetSwapQuoteParameters = {
  /** Base units of `from`, above 0. */
  amount: bigint
  /** The account (`0x…` or CAIP-10). */
  userAddress: string
  /** CAIP-10 tokens of one network (the native coin: `eip155:{chain}:0xeeee…eeee`). */
  from: string
  to: string
  /** Wei per gas (frame-host checks it; a V2 route does not depend on it). */
  gasPrice?: bigint | undefined
}
export type GetAllowanceParameters = { /** CAIP-10 token. */ tokenAddress: string; userAddress: string }
export type BuildApproveParameters = {
  userAddress: string
  /** The token the router may then move. */
  from: string
  /** The token the swap buys (checked like a swap's). */
  to: string
  /** Base units to allow; without it, 2^256 − 1. */
  amount?: bigint | undefined
}
export type BuildSwapParameters = {
  amount: bigint
  from: string
  to: string
  userAddress: string
  /** Percent, 0 to 50, at most two decimals. Default {@link DEFAULT_SLIPPAGE_PERCENT}. */
  slippage?: number | undefined
  /** Leave out the node's gas estimate (`tx.eip155.gas` is then `undefined`). */
  disableEstimate?: boolean | undefined
}

/** A client of frame-host's convert API (spec §7 `/v1/convert/*`). */
export interface ConvertApiClient {
  /** `GET /v1/convert/tokens`: the tokens the network's exchange trades, the native coin first. */
  getTokens(parameters: GetSwapTokensParameters, options?: ConvertCallOptions): Promise<SwapToken[]>
  /** `GET /v1/convert/quotes`: what swapping `amount` of `from` pays in `to` now, over the best route. */
  getQuote(parameters: GetSwapQuoteParameters, options?: ConvertCallOptions): Promise<SwapQuote>
  /** `GET /v1/convert/allowance`: how much of the token the router may move (2^256 − 1 for the native coin). */
  getAllowance(parameters: GetAllowanceParameters, options?: ConvertCallOptions): Promise<bigint>
  /** `GET /v1/convert/gas-price`: standard, fast and instant wei per gas. */
  getGasPrice(parameters: GetSwapTokensParameters, options?: ConvertCallOptions): Promise<GasPrices>
  /** `GET /v1/convert/build-approve`: the `approve(router, amount)` transaction of the `from` token. */
  buildApprove(parameters: BuildApproveParameters, options?: ConvertCallOptions): Promise<ConvertTransaction>
  /** `POST /v1/convert/build-transaction`: the router call of the swap, with its minimum out. */
  buildTransaction(parameters: BuildSwapParameters, options?: ConvertCallOptions): Promise<BuiltSwap>
}

/** frame-host's limit on every parameter. */
const MAX_PARAMETER_LENGTH = 200
const TOKEN = /^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/
const ACCOUNT = /^(?:eip155:\d{1,20}:)?0x[0-9a-fA-F]{40}$/

function checkText(name: string, value: string, pattern: RegExp, rule: string): string {
  if (value.length > MAX_PARAMETER_LENGTH || !pattern.test(value)) throw new InvalidFrameHostParameterError({ service: CONVERT_SERVICE, name, reason: rule })
  return value
}
const token = (name: string, value: string) => checkText(name, value, TOKEN, 'expected eip155:{chain}:{address}')
const account = (name: string, value: string) => checkText(name, value, ACCOUNT, 'expected an address or eip155:{chain}:{address}')
const network = (value: string) => checkText('chainId', value, /^eip155:\d{1,20}$/, 'expected eip155:{chain}')

function units(name: string, value: bigint, { positive = true } = {}): string {
  if (positive ? value <= 0n : value < 0n) throw new InvalidFrameHostParameterError({ service: CONVERT_SERVICE, name, reason: positive ? 'must be above 0' : 'must not be negative' })
  if (value > UINT256_MAX) throw new InvalidFrameHostParameterError({ service: CONVERT_SERVICE, name, reason: 'above 2^256 - 1' })
  return value.toString()
}

function slippageText(value: number): string {
  if (!Number.isFinite(value) || value < 0 || value > 50 || Math.round(value * 100) !== value * 100) {
    throw new InvalidFrameHostParameterError({
      service: CONVERT_SERVICE,
      name: 'eip155.slippage',
      reason: 'expected a percentage from 0 to 50 with at most 2 decimals, such as 1 or 0.5',
    })
  }
  return String(value)
}

/** The network of a CAIP-10 token (`eip155:1:0x…` → `eip155:1`). */
const networkOf = (caip10: string) => caip10.split(':').slice(0, 2).join(':')

/**
 * A client of frame-host's convert API over a frame-host client. Every call checks its
 * parameters before sending (amounts above 0 and at most 2^256 − 1, CAIP-10 tokens, at most 200
 * characters each) and checks the answer's shape. A network without an exchange throws
 * `SwapsNotSupportedError` ('Network not supported for Swaps'); other refusals frame-host
 * explains (400, 429) throw `FrameHostRequestError` with its text.
 *
 * @example
 * const api = createConvertApiClient(client.frameHost)
 * const [eth, dusd] = await api.getTokens({ chainId: 'eip155:31337' })
 * const quote = await api.getQuote({ amount: 10n ** 17n, userAddress, from: eth.address, to: dusd.address })
 */
export function createConvertApiClient(frameHost: FrameHost): ConvertApiClient {
  /** Calls a route; the network's two spec refusals become their own errors. */
  const request = async <T>(forNetwork: string, call: Omit<FrameHostCall<T>, 'service'>, options: ConvertCallOptions = {}): Promise<T> => {
    try {
      return await frameHost.request({ ...call, service: CONVERT_SERVICE, signal: options.signal })
    } catch (error) {
      if (error instanceof FrameHostRequestError && error.shortMessage === SWAPS_NOT_SUPPORTED) throw new SwapsNotSupportedError({ network: forNetwork, status: error.status })
      if (error instanceof FrameHostRequestError && error.shortMessage === GAS_PRICE_NOT_SUPPORTED) throw new GasPriceNotSupportedError({ network: forNetwork, status: error.status })
      throw error
    }
  }
  const get = <T>(route: string, forNetwork: string, query: QueryValues, read: (body: unknown) => T, options?: ConvertCallOptions) =>
    request(forNetwork, { path: `/v1/convert/${route}`, query, read }, options)

  return {
    async getTokens({ chainId }, options) {
      const query: ConvertChainQuery = { chainId: network(chainId) }
      return get('tokens', chainId, query, parseSwapTokens, options)
    },
    async getQuote(p, options) {
      const query: SwapQuoteQuery = {
        amount: units('amount', p.amount),
        userAddress: account('userAddress', p.userAddress),
        from: token('from', p.from),
        to: token('to', p.to),
        gasPrice: p.gasPrice === undefined ? undefined : units('gasPrice', p.gasPrice, { positive: false }),
      }
      return get('quotes', networkOf(p.from), query, parseQuote, options)
    },
    async getAllowance(p, options) {
      const query: AllowanceQuery = { tokenAddress: token('tokenAddress', p.tokenAddress), userAddress: account('userAddress', p.userAddress) }
      return get('allowance', networkOf(p.tokenAddress), query, parseAllowance, options)
    },
    async getGasPrice({ chainId }, options) {
      const query: ConvertChainQuery = { chainId: network(chainId) }
      return get('gas-price', chainId, query, parseGasPrices, options)
    },
    async buildApprove(p, options) {
      const query: ApproveQuery = {
        userAddress: account('userAddress', p.userAddress),
        from: token('from', p.from),
        to: token('to', p.to),
        amount: p.amount === undefined ? undefined : units('amount', p.amount, { positive: false }),
      }
      return get('build-approve', networkOf(p.from), query, parseApprove, options)
    },
    async buildTransaction(p, options) {
      const body: BuildSwapRequest = {
        amount: units('amount', p.amount),
        eip155: { slippage: slippageText(p.slippage ?? DEFAULT_SLIPPAGE_PERCENT) },
        from: token('from', p.from),
        to: token('to', p.to),
        userAddress: account('userAddress', p.userAddress),
        disableEstimate: p.disableEstimate ?? false,
      }
      return request(networkOf(p.from), { method: 'POST', path: '/v1/convert/build-transaction', body, read: parseBuiltSwap }, options)
    },
  }
}

/**
 * The convert API client of an SDK client (its frame-host).
 *
 * @example
 * const tokens = await getConvertApi(client).getTokens({ chainId: 'eip155:31337' })
 */
export function getConvertApi(client: OrielClient): ConvertApiClient {
  return createConvertApiClient(client.frameHost)
}
