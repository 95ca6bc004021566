import type { HiddenReason, HistoryTransaction } from '../../../core/blockchain/history'
import { isHidden } from '../../../core/history/group'
import {
  counterparty,
  describePurchase,
  describeTransaction,
  formatRelativeTime,
  purchaseTitle,
  transactionTitle,
} from '../../../core/history/format'
import type { OnrampPurchase } from '../../../core/onramp/parse'
import { Svg } from '../../icons/icons'

/** The arrow of a transaction's direction: down into the account, up out of it, round for the rest. */
function DirectionIcon({ operationType }: { operationType: HistoryTransaction['metadata']['operationType'] }) {
  switch (operationType) {
    case 'receive':
    case 'mint':
      return (
        <Svg size={16}>
          <path d="M10 4v12M5 11l5 5 5-5" />
        </Svg>
      )
    case 'send':
    case 'burn':
      return (
        <Svg size={16}>
          <path d="M10 16V4M5 9l5-5 5 5" />
        </Svg>
      )
    case 'execute':
    case 'trade':
      return (
        <Svg size={16}>
          <path d="M4 7h11l-3-3M16 13H5l3 3" />
        </Svg>
      )
  }
}

/** The transaction's picture: its NFT's image, else its token's icon, else the direction arrow. */
function TransactionIcon({ tx }: { tx: HistoryTransaction }) {
  const image = tx.transfers.find((t) => t.nft?.imageUrl)?.nft?.imageUrl ?? tx.transfers.find((t) => t.fungible?.iconUrl)?.fungible?.iconUrl
  return (
    <span className="tx-icon" data-operation={tx.metadata.operationType}>
      {image ? <img src={image} alt="" width={40} height={40} /> : null}
      <span className={image ? 'tx-badge' : 'tx-arrow'}>
        <DirectionIcon operationType={tx.metadata.operationType} />
      </span>
    </span>
  )
}

/** Why a hidden transaction was hidden, on its row once the user shows it. */
const HIDDEN_REASONS: Record<HiddenReason, string> = { zeroValue: 'Zero value', lookAlike: 'Look-alike address' }

/**
 * The marks of a row: "Unverified" when a token it moved is not on the operator's list (it may
 * be a counterfeit of one), and why it is hidden by default when the user shows it.
 */
function TransactionFlags({ tx }: { tx: HistoryTransaction }) {
  const unverified = tx.transfers.some((t) => t.fungible?.verified === false)
  const reason = isHidden(tx) ? tx.transfers[0]?.hidden : undefined
  if (!unverified && !reason) return null
  return (
    <span className="tx-flags">
      {unverified ? (
        <span className="flag" title="This token is not on this wallet's token list: it may be a fake.">
          Unverified
        </span>
      ) : null}
      {reason ? <span className="flag">{HIDDEN_REASONS[reason]}</span> : null}
    </span>
  )
}

export type TransactionRowProps = {
  tx: HistoryTransaction
  now: number
  nativeSymbol: string
  /** The card purchase this transaction delivered, if it is one. */
  purchase?: OnrampPurchase | undefined
}

/**
 * One Activity row: icon; the title by operation type (Sent, Received, Minted, Swapped, …) with
 * the counterparty and how long ago it was mined; the amounts with 3 decimals (a swap's as what
 * left, then what arrived) or the NFT's name. A card purchase's delivery says "Bought" and what
 * was paid.
 */
export function TransactionRow({ tx, now, nativeSymbol, purchase }: TransactionRowProps) {
  const title = purchase ? purchaseTitle(purchase) : transactionTitle(tx.metadata.operationType)
  const other = purchase ? undefined : counterparty(tx, nativeSymbol)
  const transfers = purchase ? describePurchase(purchase) : describeTransaction(tx)
  const minedAt = Date.parse(tx.metadata.minedAt)
  return (
    <li className="tx" data-hash={tx.metadata.hash} data-operation={purchase ? 'buy' : tx.metadata.operationType} data-hidden={isHidden(tx) || undefined}>
      <TransactionIcon tx={tx} />
      <span className="tx-text">
        <span className="tx-line">
          <span className="tx-title">{title}</span>
          {other ? (
            <span className="tx-party" title={other.address}>
              {other.text}
            </span>
          ) : null}
          <time className="tx-time" dateTime={tx.metadata.minedAt} title={new Date(minedAt).toLocaleString()}>
            {formatRelativeTime(minedAt, now)}
          </time>
        </span>
        {transfers ? (
          <span className="tx-desc" title={transfers}>
            {transfers}
          </span>
        ) : null}
        <TransactionFlags tx={tx} />
      </span>
    </li>
  )
}

/** A card purchase not (or not yet) seen on chain: under way, failed, or delivered but not indexed yet. */
export function PurchaseRow({ purchase, now }: { purchase: OnrampPurchase; now: number }) {
  const at = Date.parse(purchase.createdAt)
  const text = describePurchase(purchase)
  return (
    <li className="tx" data-purchase={purchase.id} data-status={purchase.status}>
      <span className="tx-icon" data-operation="buy">
        <span className="tx-arrow">
          <DirectionIcon operationType="receive" />
        </span>
      </span>
      <span className="tx-text">
        <span className="tx-line">
          <span className="tx-title">{purchaseTitle(purchase)}</span>
          <time className="tx-time" dateTime={purchase.createdAt} title={new Date(at).toLocaleString()}>
            {formatRelativeTime(at, now)}
          </time>
        </span>
        <span className="tx-desc" title={text}>
          {text}
        </span>
      </span>
    </li>
  )
}
