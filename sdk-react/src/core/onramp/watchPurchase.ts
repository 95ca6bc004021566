import { refreshBalance } from '../actions/refreshBalance'
import { refreshTokenBalances } from '../actions/tokenBalances'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { POLL_INTERVAL_MS, PURCHASE_WATCH_MS } from '../constants'
import { getErrorMessage } from '../errors/base'
import { readPurchases } from './client'
import { getBuyStore } from './buyStore'
import { PurchaseFailedError } from './errors'

export type WatchPurchaseParameters = {
  /** The buyer's address. */
  address: string
  /** The provider's id and name. */
  provider: { id: string; name: string }
  /** The purchases the provider listed before the checkout opened: none of them is this one. */
  known: ReadonlySet<string>
  /** The checkout's window, when it opened in one. */
  popup: Pick<Window, 'closed'> | null
  /** Test seams: the poll interval (default spec §9's 4 s), how long to follow, the clock. */
  intervalMs?: number | undefined
  timeoutMs?: number | undefined
  now?: (() => number) | undefined
}

/** The text shown when the checkout closes without a purchase. */
export const CHECKOUT_CLOSED = 'The checkout was closed before a purchase was made.'
/** The text shown when no purchase arrives in time. */
export const NO_PURCHASE = 'No purchase arrived: finish it in the checkout window, or start again.'

/** The purchase being followed: how to stop following it. */
const WATCH: Extension<{ stop?: (() => void) | undefined }> = { name: 'purchaseWatch', create: () => ({}) }

/** Polls after the checkout closed before it concludes nothing was bought. */
const POLLS_AFTER_CLOSE = 2

/**
 * Follows the purchase the user makes in the provider's checkout (spec §3 `coinbaseTransactions`):
 * polls the provider's purchases of `address` through frame-host every 4 s (spec §9) for one
 * that was not there before; a pending one shows in the store, a delivered one ends the watch
 * (`done`: the balances are read again and the snackbar says what arrived), a failed one too
 * (`failed`). The watch also ends when the checkout window closes with no purchase, after 15
 * minutes, with `stopWatchingPurchase`, or when the Buy form resets (another account or network).
 *
 * @example
 * watchPurchase(client, { address, provider: { id: 'sandbox', name: 'Oriel Sandbox' }, known: new Set(), popup })
 */
export function watchPurchase(client: OrielClient, p: WatchPurchaseParameters): void {
  stopWatchingPurchase(client)
  const store = getBuyStore(client)
  const now = p.now ?? Date.now
  const interval = p.intervalMs ?? POLL_INTERVAL_MS
  const started = now()
  let stopped = false
  let closedPolls = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    stopped = true
    clearTimeout(timer)
    unsubscribe()
    const watch = getExtension(client, WATCH)
    if (watch.stop === stop) watch.stop = undefined
  }
  // A reset form (another account or network) is another purchase's business.
  const unsubscribe = store.subscribe(() => {
    if (store.getSnapshot().step !== 'waiting') stop()
  })
  const end = (patch: Parameters<typeof store.setState>[0]) => {
    stop()
    store.setState(patch)
  }
  const tick = async () => {
    try {
      const page = await readPurchases(client, { address: p.address, provider: p.provider.id })
      if (stopped) return
      const mine = page.data.find((x) => !p.known.has(x.id) && x.walletAddress.toLowerCase() === p.address.toLowerCase())
      if (mine?.status === 'success') {
        end({ step: 'done', purchase: mine })
        client.snackbar.showSuccess(`Bought ${mine.purchaseAmount.amount} ${mine.purchaseAmount.currency}`)
        void refreshBalance(client, { force: true })
        void refreshTokenBalances(client, { force: true })
        return
      }
      if (mine?.status === 'failed') {
        end({ step: 'failed', purchase: mine, error: new PurchaseFailedError({ provider: p.provider.name }).shortMessage })
        return
      }
      if (mine) store.setState({ purchase: mine })
      else if (p.popup?.closed && ++closedPolls >= POLLS_AFTER_CLOSE) {
        end({ step: 'idle', error: CHECKOUT_CLOSED })
        return
      }
    } catch (error) {
      // A missed poll is retried at the next one.
      console.error(`oriel: reading the purchases through ${p.provider.name} failed: ${getErrorMessage(error)}`, error)
      if (stopped) return
    }
    if (now() - started >= (p.timeoutMs ?? PURCHASE_WATCH_MS)) {
      end({ step: 'idle', error: NO_PURCHASE })
      return
    }
    timer = setTimeout(tick, interval)
  }
  timer = setTimeout(tick, interval)
  getExtension(client, WATCH).stop = stop
}

/**
 * Stops following the purchase (the user cancelled, or a new one starts).
 *
 * @example
 * stopWatchingPurchase(client)
 */
export function stopWatchingPurchase(client: OrielClient): void {
  getExtension(client, WATCH).stop?.()
}
