import { formatTokenQuantity } from '../../../core/account/tokens'
import { formatUnits } from 'viem'
import type { SendToken } from '../../../core/send/token'
import { TokenIcon } from '../TokenIcon'

export type TokenPickerProps = {
  id: string
  tokens: readonly SendToken[]
  selected: string | undefined
  /** What to say when the list is empty (loading, unavailable, no tokens). */
  empty: string
  onPick(token: SendToken): void
}

/**
 * The tokens of the balance list as a list of buttons (Tab to move, Enter to pick): icon, name,
 * symbol and balance (2 decimals). The chosen one is pressed.
 */
export function TokenPicker({ id, tokens, selected, empty, onPick }: TokenPickerProps) {
  if (tokens.length === 0) {
    return (
      <p className="tokens-empty" id={id}>
        {empty}
      </p>
    )
  }
  return (
    <ul className="send-tokens" id={id} aria-label="Tokens you can send">
      {tokens.map((token) => {
        const balance = formatTokenQuantity(formatUnits(token.balance, token.decimals))
        return (
          <li key={token.key}>
            <button
              type="button"
              className="row"
              aria-pressed={token.key === selected}
              onClick={() => onPick(token)}
            >
              <TokenIcon token={token} size={32} />
              <span className="token-name">
                <span>{token.name} </span>
                <span className="token-symbol">{token.symbol}</span>
              </span>
              <span className="token-amounts">
                <span className="sr">, balance </span>
                {balance}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
