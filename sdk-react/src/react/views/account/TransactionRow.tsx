import type { HistoryTransaction } from '../../../core/blockchain/history'
import { counterparty, describeTransfer, formatRelativeTime, transactionTitle } from '../../../core/history/format'
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

/**
 * One Activity row: icon; the title by operation type (Sent, Received, Minted, …) with the
 * counterparty and how long ago it was mined; the amounts with 3 decimals or the NFT's name.
 */
export function TransactionRow({ tx, now, nativeSymbol }: { tx: HistoryTransaction; now: number; nativeSymbol: string }) {
  const title = transactionTitle(tx.metadata.operationType)
  const other = counterparty(tx, nativeSymbol)
  const transfers = tx.transfers.map(describeTransfer).join(', ')
  const minedAt = Date.parse(tx.metadata.minedAt)
  return (
    <li className="tx" data-hash={tx.metadata.hash}>
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
      </span>
    </li>
  )
}
