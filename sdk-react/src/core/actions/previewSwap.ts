import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { createLiveRead, type LiveRead, type LiveReadState } from '../query/liveRead'
import { type WatchParameters, type WatchReturnType, watch } from './cache'
import { DEFAULT_SLIPPAGE_PERCENT } from '../constants'
import { getConvertApi } from '../convert/client'
import type { SwapQuote, SwapToken } from '../convert/parse'
import { UINT256_MAX } from '../convert/parse'
import { getErrorMessage } from '../errors/base'
import { maxSendable } from '../send/amount'
import { NoSendWalletError } from '../send/errors'
import { estimateNetworkFee } from '../send/fee'
import { toQuantity } from '../send/transaction'
import { isNativeToken, minimumReceived } from '../swap/amounts'
import { getProvider } from './getProvider'

/** The network fee shown before a swap: the swap's, or the approval's while one is needed first. */
export type SwapFee =
  | { readonly kind: 'swap' | 'approval'; /** gas × gas price, wei. */ readonly wei: bigint }
  | { readonly kind: 'unavailable'; /** Why (frame-host's or the chain's words). */ readonly message: string }

/** A live quote as the Swap view shows it. */
export type SwapPreview = {
  readonly quote: SwapQuote
  /** The least the swap pays at `slippage`. */
  readonly minimum: bigint
  readonly slippage: number
  /** The router may move less of `from` than `amount`: approve first. */
  readonly needsApproval: boolean
  /** `undefined` when not asked for (`withFee: false`). */
  readonly fee: SwapFee | undefined
}

export type PreviewSwapParameters = {
  from: SwapToken
  to: SwapToken
  /** Base units of `from`, above 0. */
  amount: bigint
  /** Also estimate the network fee (leave out while the amount is more than the balance). */
  withFee: boolean
  /** The slippage tolerance, percent; default {@link DEFAULT_SLIPPAGE_PERCENT}. */
  slippage?: number | undefined
  signal?: AbortSignal | undefined
}

export type PreviewSwapErrorType = NoSendWalletError | Error

/** The connected eip155 account, as the convert API's `userAddress`. */
export function swapAccount(client: OrielClient): `0x${string}` {
  const { address, namespace, status } = client.account.getSnapshot()
  if (status !== 'connected' || !address || namespace !== 'eip155') throw new NoSendWalletError()
  return address as `0x${string}`
}

/**
 * Quotes swapping `amount` of `from` into `to` for the connected account (`GET
 * /v1/convert/quotes`), reads the router's allowance of `from` (`GET /v1/convert/allowance`;
 * the native coin needs none) and, with `withFee`, the network fee: the swap's gas × gas price as
 * frame-host builds it (`POST /v1/convert/build-transaction`), or, while the allowance is short,
 * the approval's (`GET /v1/convert/build-approve`). A fee frame-host cannot estimate (the
 * transaction would fail) is `unavailable` with its reason; the quote still stands.
 *
 * @example
 * const { quote, minimum, needsApproval, fee } = await previewSwap(client, { from: eth, to: dusd, amount: 10n ** 17n, withFee: true })
 */
export async function previewSwap(client: OrielClient, p: PreviewSwapParameters): Promise<SwapPreview> {
  const userAddress = swapAccount(client)
  const api = getConvertApi(client)
  const options = { signal: p.signal }
  const slippage = p.slippage ?? DEFAULT_SLIPPAGE_PERCENT
  const trade = { from: p.from.address, to: p.to.address, userAddress }
  const [quote, allowance] = await Promise.all([
    api.getQuote({ ...trade, amount: p.amount }, options),
    isNativeToken(p.from.address) ? UINT256_MAX : api.getAllowance({ tokenAddress: p.from.address, userAddress }, options),
  ])
  const needsApproval = allowance < p.amount
  let fee: SwapFee | undefined
  if (p.withFee) {
    try {
      const tx = needsApproval
        ? await api.buildApprove({ ...trade, amount: p.amount }, options)
        : (await api.buildTransaction({ ...trade, amount: p.amount, slippage }, options)).tx
      fee = { kind: needsApproval ? 'approval' : 'swap', wei: (tx.gas ?? 0n) * tx.gasPrice }
    } catch (error) {
      if (p.signal?.aborted) throw error
      console.error('oriel: estimating the swap fee failed', error)
      fee = { kind: 'unavailable', message: getErrorMessage(error) }
    }
  }
  return {
    quote,
    minimum: minimumReceived(quote.toAmount, slippage),
    slippage,
    needsApproval,
    fee,
  }
}

export type GetMaxSwapAmountParameters = {
  from: SwapToken
  /** The token bought, to estimate the swap's gas with. */
  to: SwapToken
  /** The account's balance of `from`, base units. */
  balance: bigint
}

/**
 * The Max amount of `from`, base units: the whole balance of a token, or for the native coin the
 * balance minus the most the swap's network fee can cost (its gas, estimated through the
 * wallet's provider for a swap of half the balance, at twice the base fee plus the priority fee,
 * as wallets fill EIP-1559 fees).
 *
 * @example
 * await getMaxSwapAmount(client, { from: eth, to: dusd, balance: 10n ** 19n }) // 9_999_650_000_000_000_000n
 */
export async function getMaxSwapAmount(client: OrielClient, { from, to, balance }: GetMaxSwapAmountParameters): Promise<bigint> {
  if (!isNativeToken(from.address)) return balance
  const half = balance / 2n
  if (half === 0n) return 0n
  const userAddress = swapAccount(client)
  const { provider } = getProvider(client)
  if (!provider) throw new NoSendWalletError()
  const { tx } = await getConvertApi(client).buildTransaction({
    amount: half,
    from: from.address,
    to: to.address,
    userAddress,
    disableEstimate: true,
  })
  const fee = await estimateNetworkFee(provider, { from: tx.from, to: tx.to, value: toQuantity(tx.value), data: tx.data })
  return maxSendable({ balance, native: true, feeReserve: fee.max })
}

/** The live quote's state (`getSwapPreview`). */
export type SwapPreviewState = LiveReadState<SwapPreview>

const PREVIEW: Extension<LiveRead<SwapPreview>> = { name: 'swapPreview', create: () => createLiveRead<SwapPreview>() }

export type FollowSwapPreviewParameters = Omit<PreviewSwapParameters, 'from' | 'to' | 'amount' | 'signal' | 'slippage'> & {
  from: SwapToken | undefined
  to: SwapToken | undefined
  /** Base units; `undefined` while the amount is empty or invalid. */
  amount: bigint | undefined
  /** The slippage tolerance, percent. */
  slippage: number
  /** Bumped after an approval or a swap: read the allowance and the quote again. */
  revision: number
  /** `false` while an approval or a swap is under way: the last preview stays. */
  enabled: boolean
}

/**
 * Follows the swap being typed: its live quote (quote, allowance, network fee, `previewSwap`)
 * is read 500 ms (spec §9 default debounce) after the form stops changing, through the query
 * cache; a newer form aborts an older read. `getSwapPreview` shows it.
 *
 * @example
 * followSwapPreview(client, { from: eth, to: dusd, amount: 10n ** 17n, withFee: true, slippage: 1, revision: 0, enabled: true })
 */
export function followSwapPreview(client: OrielClient, p: FollowSwapPreviewParameters): void {
  const live = getExtension(client, PREVIEW)
  const { from, to, amount } = p
  if (!p.enabled) {
    live.pause()
    return
  }
  if (!from || !to || amount === undefined) {
    live.clear()
    return
  }
  const input = [from.address, to.address, amount, p.withFee, p.slippage, p.revision].join('|')
  const read = (signal: AbortSignal) =>
    client.query.fetch({ key: ['swapPreview', input], read: (s) => previewSwap(client, { ...p, from, to, amount, signal: s }), staleMs: 0 }, { signal })
  live.follow(input, read, 'quoting the swap')
}

/** The live quote of the swap being followed (`followSwapPreview`). */
export function getSwapPreview(client: OrielClient): SwapPreviewState {
  return getExtension(client, PREVIEW).getSnapshot()
}

/** Calls `onChange` whenever the live quote changes; returns the unsubscribe function. */
export function watchSwapPreview(client: OrielClient, parameters: WatchParameters<SwapPreviewState>): WatchReturnType {
  return watch(client, [getExtension(client, PREVIEW)], getSwapPreview, parameters.onChange)
}

/** Stops following the swap form (the Swap view closed): a pending read is aborted. */
export function stopSwapPreview(client: OrielClient): void {
  getExtension(client, PREVIEW).pause()
}
