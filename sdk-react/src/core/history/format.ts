import { shortenAddress } from '../account/address'
import { formatTokenAmount } from '../format/amount'
import type { HistoryTransaction, HistoryTransfer, OperationType } from '../blockchain/history'
import type { OnrampPurchase } from '../onramp/parse'

/**
 * A transfer amount with exactly 3 decimals, truncated (never rounded up, like balances):
 * `'1.5'` is `'1.500'`, `'0.12345'` is `'0.123'`, `'1000'` is `'1000.000'`. Input is frame-host's
 * exact whole-token amount (digits with an optional fraction).
 *
 * @example
 * formatTransferAmount('1.5') // '1.500'
 */
export function formatTransferAmount(numeric: string): string {
  return formatTokenAmount(numeric, { digits: 3 })
}

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/**
 * How long ago `then` was at `now`, in the spec's short units (§9): under a minute in `sec`,
 * under an hour in `min`, under a day in `hr`, under 30 days in `d`, under a year in `mo`
 * (30-day months, at most 12), else `yr`; each whole (floored). A time in the future (a clock
 * ahead of the user's) counts as `0 sec`.
 *
 * @example
 * formatRelativeTime(Date.parse('2026-11-23T20:00:00Z'), Date.parse('2026-11-23T20:05:30Z')) // '5 min'
 */
export function formatRelativeTime(then: number, now: number): string {
  const ago = Math.max(0, now - then)
  if (ago < MINUTE) return `${Math.floor(ago / SECOND)} sec`
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} hr`
  if (ago < MONTH) return `${Math.floor(ago / DAY)} d`
  if (ago < YEAR) return `${Math.min(12, Math.floor(ago / MONTH))} mo`
  return `${Math.floor(ago / YEAR)} yr`
}

const TITLES: Record<OperationType, string> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  burn: 'Burned',
  execute: 'Executed',
  trade: 'Swapped',
}

/**
 * A transaction's row title by its operation type: Sent, Received, Minted, Burned, Executed,
 * Swapped.
 *
 * @example
 * transactionTitle('receive') // 'Received'
 */
export function transactionTitle(operationType: OperationType): string {
  return TITLES[operationType]
}

/**
 * One transfer as the row says it: an NFT by its name, a token as its amount with 3 decimals
 * and its symbol, with a `+`/`-` for what came in or went out.
 *
 * @example
 * describeTransfer({ direction: 'in', quantity: { numeric: '1.5', decimals: '6' }, fungible: { symbol: 'dUSD', … }, … }) // '+1.500 dUSD'
 */
export function describeTransfer(transfer: HistoryTransfer): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft) return `${sign}${transfer.nft.name}`
  const symbol = transfer.fungible?.symbol ?? ''
  return `${sign}${formatTransferAmount(transfer.quantity.numeric)}${symbol ? ` ${symbol}` : ''}`
}

/** A fungible amount with 3 decimals and its symbol, no sign: `0.100 ETH`. */
function amountOf(transfer: HistoryTransfer): string {
  const symbol = transfer.fungible?.symbol ?? ''
  return `${formatTransferAmount(transfer.quantity.numeric)}${symbol ? ` ${symbol}` : ''}`
}

/**
 * What a transaction's row says it moved: a swap as what left the account, then what reached it
 * (`0.100 ETH → 296.150 dUSD`); anything else as each transfer with its sign.
 *
 * @example
 * describeTransaction(swap) // '0.100 ETH → 296.150 dUSD'
 */
export function describeTransaction(tx: HistoryTransaction): string {
  if (tx.metadata.operationType === 'trade') {
    const side = (direction: 'in' | 'out') =>
      tx.transfers
        .filter((t) => t.direction === direction)
        .map(amountOf)
        .join(' + ')
    return `${side('out')} → ${side('in')}`
  }
  return tx.transfers.map(describeTransfer).join(', ')
}

/**
 * A purchase as its row says it: what arrived (or is on its way) and what was paid:
 * `+0.016 ETH · paid 50.00 USD`.
 *
 * @example
 * describePurchase(purchase) // '+0.016 ETH · paid 50.00 USD'
 */
export function describePurchase(purchase: OnrampPurchase): string {
  const { purchaseAmount: bought, paymentTotal: paid } = purchase
  return `+${formatTransferAmount(bought.amount)} ${bought.currency} · paid ${paid.amount} ${paid.currency}`
}

/** A purchase's row title by its status. */
export function purchaseTitle(purchase: OnrampPurchase): string {
  if (purchase.status === 'success') return 'Bought'
  if (purchase.status === 'failed') return 'Purchase failed'
  return 'Buying'
}

/**
 * The other side of a transaction: its address and, shortened, `from 0x…` (the transaction's sender) for what the
 * account received or minted; `to 0x…` for what it sent, but only for a plain payment in the
 * network's coin (`nativeSymbol`), because a token transfer's transaction goes to the token's
 * contract, not to the recipient; `undefined` otherwise (and for a burn).
 *
 * @example
 * counterparty(tx, 'ETH') // { text: 'from 0x7099…79C8', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
 */
export function counterparty(tx: HistoryTransaction, nativeSymbol: string): { text: string; address: string } | undefined {
  const { operationType, sentFrom, sentTo } = tx.metadata
  switch (operationType) {
    case 'receive':
    case 'mint':
      return { text: `from ${shortenAddress(sentFrom)}`, address: sentFrom }
    case 'send':
    case 'execute': {
      const payment = tx.transfers.length > 0 && tx.transfers.every((t) => !t.nft && t.fungible?.symbol === nativeSymbol)
      return payment ? { text: `to ${shortenAddress(sentTo)}`, address: sentTo } : undefined
    }
    case 'burn':
    case 'trade':
      return undefined
  }
}
