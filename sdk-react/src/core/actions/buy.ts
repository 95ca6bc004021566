import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { createLiveRead, type LiveRead, type LiveReadState } from '../query/liveRead'
import { type WatchParameters, type WatchReturnType, watch } from './cache'
import { BaseError, getErrorMessage } from '../errors/base'
import { FrameHostUnreachableError, HttpStatusError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { getBuyStore } from '../onramp/buyStore'
import { amountProblem, purchaseNetworkFor, SAMPLE_OPTIONS } from '../onramp/choice'
import { getOnrampApi, readOnrampOptions, readPurchases } from '../onramp/client'
import type { OnrampOptions, OnrampQuote, PurchaseCurrency, PurchaseNetwork } from '../onramp/parse'
import { stopWatchingPurchase, watchPurchase } from '../onramp/watchPurchase'
import { getNetwork } from './getNetwork'

/** frame-host itself failed (not a refusal it explains): the spec's fallbacks apply. */
function frameHostFailed(error: unknown): boolean {
  return (
    error instanceof FrameHostUnreachableError ||
    error instanceof InvalidFrameHostResponseError ||
    (error instanceof HttpStatusError && error.status >= 500)
  )
}

/** Never thrown: a failure is kept in the Buy store's `options` (and logged). */
export type LoadOnrampOptionsErrorType = never

/**
 * Reads the chosen provider's options (`GET /v1/onramp/options`) into the client's Buy store,
 * once per provider (`force` reads again). When frame-host cannot be reached, the built-in sample
 * options stand in (spec §7), marked `sample` so the view says so.
 *
 * @example
 * await loadOnrampOptions(client)
 * getBuyStore(client).getSnapshot().options // { status: 'ready', options: { paymentCurrencies, … } }
 */
export async function loadOnrampOptions(client: OrielClient, { force = false }: { force?: boolean } = {}): Promise<void> {
  const store = getBuyStore(client)
  const { provider, options } = store.getSnapshot()
  if (options.status !== 'idle' && options.provider === provider && (options.status === 'loading' || !force)) return
  store.setState({ options: { status: 'loading', provider } })
  const current = () => store.getSnapshot().provider === provider
  try {
    const read = await readOnrampOptions(client, { provider, force })
    if (current()) store.setState({ options: { status: 'ready', provider, options: read } })
  } catch (error) {
    console.error('oriel: reading the on-ramp options failed', error)
    if (!current()) return
    if (frameHostFailed(error)) store.setState({ options: { status: 'ready', provider, options: SAMPLE_OPTIONS } })
    else store.setState({ options: { status: 'error', provider, message: getErrorMessage(error) } })
  }
}

/** What the form buys, checked: the asset, its network for the account, the payment method's limit. */
export type BuyChoice = {
  options: OnrampOptions
  currency: PurchaseCurrency
  network: PurchaseNetwork
  /** Why the amount cannot be paid; `undefined` when it can. */
  amountError: string | undefined
}

/**
 * The form's choice in the terms of its options, or `undefined` while the options are not read
 * or the form names no asset the account can receive.
 *
 * @example
 * const choice = inspectBuy(client)
 * choice?.network.name // 'base'
 */
export function inspectBuy(client: OrielClient): BuyChoice | undefined {
  const state = getBuyStore(client).getSnapshot()
  if (state.options.status !== 'ready') return undefined
  const options = state.options.options
  const currency = options.purchaseCurrencies.find((c) => c.id === state.currency)
  const network = currency && purchaseNetworkFor(currency, getNetwork(client).caipNetworkId)
  if (!currency || !network) return undefined
  const fiat = options.paymentCurrencies.find((c) => c.id === state.fiat)
  const limit = fiat?.payment_method_limits.find((l) => l.id === state.method)
  return { options, currency, network, amountError: amountProblem(state.amount, limit, state.fiat) }
}

/** Estimates a quote when frame-host cannot be asked (spec §7): the top of the fee range, no network fee, no amount. */
function localEstimate(amount: string, fiat: string, feeRange: string | undefined): OnrampQuote {
  const top = Number(/-(\d+(?:\.\d+)?)%$/.exec(feeRange ?? '')?.[1] ?? 2)
  const cents = BigInt(Math.round(Number(amount) * 100))
  const fee = (cents * BigInt(Math.round(top * 100)) + 9_999n) / 10_000n
  const money = (c: bigint) => ({ amount: `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`, currency: fiat })
  return {
    coinbaseFee: money(fee),
    networkFee: money(0n),
    paymentSubtotal: money(cents - fee),
    paymentTotal: money(cents),
    purchaseAmount: undefined,
    quoteId: 'estimate',
    provider: '',
    estimated: true,
  }
}

/**
 * The quote of the form's purchase (`POST /v1/onramp/quote`): the provider's, frame-host's
 * estimate when the provider cannot quote, or the SDK's own estimate when frame-host cannot be
 * reached (spec §7). A refusal frame-host explains (a limit) throws `FrameHostRequestError`.
 *
 * @example
 * const quote = await getBuyQuote(client, choice)
 * quote.purchaseAmount?.amount // '0.01638333'
 */
export async function getBuyQuote(client: OrielClient, choice: BuyChoice, { signal }: { signal?: AbortSignal } = {}): Promise<OnrampQuote> {
  const state = getBuyStore(client).getSnapshot()
  try {
    return await getOnrampApi(client).getQuote(
      {
        provider: state.provider ?? (choice.options.provider || undefined),
        purchaseCurrency: choice.currency.id,
        paymentCurrency: state.fiat,
        amount: state.amount.trim(),
        network: choice.network.name,
        paymentMethod: state.method,
      },
      { signal },
    )
  } catch (error) {
    if (signal?.aborted || !frameHostFailed(error)) throw error
    console.error('oriel: the on-ramp quote failed: estimating it', error)
    const provider = choice.options.providers.find((p) => p.id === choice.options.provider)
    return localEstimate(state.amount.trim(), state.fiat, provider?.feeRange)
  }
}

/** Why a purchase cannot start. */
export class BuyNotReadyError extends BaseError {
  override name = 'BuyNotReadyError'
}

export type StartPurchaseParameters = {
  /**
   * A window opened by the click (before any request, so no popup blocker stops it), which the
   * checkout then loads in; `null` when the browser blocked it: the view shows a link instead.
   */
  popup: Window | null
  /** The quote shown, passed on unless it is an estimate. */
  quote?: OnrampQuote | undefined
  /** Test seams of the watch; see `watchPurchase`. */
  watch?: { intervalMs?: number; timeoutMs?: number } | undefined
}

/**
 * Opens the provider's checkout for the form's purchase (spec §7 `POST /v1/generators/onrampurl`:
 * the account's address, the asset, its network, the amount, the quote) in `popup`, cut off
 * from this page (`opener` cleared), and follows the purchase (`watchPurchase`). A failure shows
 * in the store's `error` and is thrown.
 *
 * @example
 * const popup = window.open('', 'oriel-onramp', 'popup,width=440,height=760')
 * await startPurchase(client, { popup, quote })
 */
export async function startPurchase(client: OrielClient, { popup, quote, watch }: StartPurchaseParameters): Promise<string> {
  const store = getBuyStore(client)
  const fail = (error: unknown): never => {
    popup?.close()
    store.setState({ step: 'idle', error: getErrorMessage(error) })
    throw error
  }
  const { address, namespace, status } = client.account.getSnapshot()
  const choice = inspectBuy(client)
  const state = store.getSnapshot()
  if (status !== 'connected' || !address || !namespace) return fail(new BuyNotReadyError('Connect a wallet to buy'))
  if (!choice) return fail(new BuyNotReadyError('Choose what to buy'))
  if (choice.amountError) return fail(new BuyNotReadyError(choice.amountError))
  const providerId = state.provider ?? choice.options.provider
  const provider = choice.options.providers.find((p) => p.id === providerId)
  if (!provider) return fail(new BuyNotReadyError('No on-ramp provider is configured'))
  if (state.step === 'opening' || state.step === 'waiting') return fail(new BuyNotReadyError('A purchase is already under way'))
  stopWatchingPurchase(client)
  if (popup) popup.opener = null
  store.setState({ step: 'opening', error: undefined, url: undefined, purchase: undefined, popup: popup !== null })
  try {
    const api = getOnrampApi(client)
    const url = await api.getCheckoutUrl({
      provider: provider.id,
      address,
      network: choice.network.name,
      asset: choice.currency.id,
      symbol: choice.currency.symbol,
      presetFiatAmount: state.amount.trim(),
      fiatCurrency: state.fiat,
      paymentMethod: state.method,
      quoteId: quote && !quote.estimated ? quote.quoteId : undefined,
    })
    const known = await readPurchases(client, { address, provider: provider.id }).then(
      (page) => new Set(page.data.map((p) => p.id)),
      (error: unknown) => {
        console.error('oriel: reading the earlier purchases failed', error)
        return new Set<string>()
      },
    )
    if (popup && !popup.closed) popup.location.replace(url)
    store.setState({ step: 'waiting', url })
    watchPurchase(client, { address, provider, known, popup, ...watch })
    return url
  } catch (error) {
    return fail(error)
  }
}

/**
 * Stops following the purchase and frees the form (the checkout window stays the user's).
 *
 * @example
 * cancelPurchase(client)
 */
export function cancelPurchase(client: OrielClient): void {
  stopWatchingPurchase(client)
  const store = getBuyStore(client)
  if (store.getSnapshot().step !== 'idle') store.setState({ step: 'idle', url: undefined, purchase: undefined })
}

/** The live quote's state (`getBuyQuoteState`). */
export type BuyQuoteState = LiveReadState<OnrampQuote>

const QUOTE: Extension<LiveRead<OnrampQuote>> = { name: 'buyQuote', create: () => createLiveRead<OnrampQuote>() }

/**
 * Follows the purchase being typed: its quote (`getBuyQuote`) is read 500 ms (spec §9 default
 * debounce) after the form stops changing, through the query cache; a newer form aborts an
 * older read. Nothing is read while the amount is outside the payment method's limits, nor
 * while `enabled` is false (a purchase opened or followed: the last quote stays).
 *
 * @example
 * followBuyQuote(client, { choice: inspectBuy(client), enabled: true })
 */
export function followBuyQuote(client: OrielClient, { choice, enabled }: { choice: BuyChoice | undefined; enabled: boolean }): void {
  const live = getExtension(client, QUOTE)
  if (!enabled) {
    live.pause()
    return
  }
  if (!choice || choice.amountError !== undefined) {
    live.clear()
    return
  }
  const { provider, fiat, method, amount } = getBuyStore(client).getSnapshot()
  const input = [choice.currency.id, choice.network.name, amount.trim(), fiat, method, provider ?? ''].join('|')
  const read = (signal: AbortSignal) =>
    client.query.fetch({ key: ['buyQuote', input], read: (s) => getBuyQuote(client, choice, { signal: s }), staleMs: 0 }, { signal })
  live.follow(input, read, 'quoting the purchase')
}

/** The live quote of the purchase being followed (`followBuyQuote`). */
export function getBuyQuoteState(client: OrielClient): BuyQuoteState {
  return getExtension(client, QUOTE).getSnapshot()
}

/** Calls `onChange` whenever the live quote changes; returns the unsubscribe function. */
export function watchBuyQuote(client: OrielClient, parameters: WatchParameters<BuyQuoteState>): WatchReturnType {
  return watch(client, [getExtension(client, QUOTE)], getBuyQuoteState, parameters.onChange)
}

/** Stops following the purchase form (the Buy view closed): a pending read is aborted. */
export function stopBuyQuote(client: OrielClient): void {
  getExtension(client, QUOTE).pause()
}
