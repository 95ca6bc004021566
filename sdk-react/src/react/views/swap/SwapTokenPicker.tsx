import { useState } from 'react'
import { formatTokenQuantity } from '../../../core/account/tokens'
import type { TokenBalance } from '../../../core/blockchain/client'
import type { SwapToken } from '../../../core/convert/parse'
import { formatUnits } from 'viem'
import { swapTokenBalance } from '../../../core/swap/amounts'
import { SearchIcon } from '../../icons/icons'
import { TokenIcon } from '../TokenIcon'

/** The longest search accepted. */
const MAX_SEARCH_LENGTH = 64

/**
 * The tokens `/v1/convert/tokens` lists matching `search` (name or symbol, any case, or part of the
 * contract address).
 *
 * @example
 * filterSwapTokens(tokens, 'dol').map((t) => t.symbol) // ['dUSD']
 */
export function filterSwapTokens(tokens: readonly SwapToken[], search: string): readonly SwapToken[] {
  const text = search.trim().toLowerCase()
  if (!text) return tokens
  return tokens.filter(
    (t) => t.name.toLowerCase().includes(text) || t.symbol.toLowerCase().includes(text) || (text.startsWith('0x') && t.address.includes(text)),
  )
}

export type SwapTokenPickerProps = {
  id: string
  /** The list's accessible name: 'Tokens to pay with' or 'Tokens to receive'. */
  label: string
  tokens: readonly SwapToken[]
  balances: readonly TokenBalance[]
  /** CAIP-10 of the chosen token. */
  selected: string | undefined
  onPick(token: SwapToken): void
}

/**
 * The swappable tokens with a search box: icon, name, symbol and the account's balance (2
 * decimals) as buttons (Tab to move, Enter to pick); the chosen one is pressed.
 */
export function SwapTokenPicker({ id, label, tokens, balances, selected, onPick }: SwapTokenPickerProps) {
  const [search, setSearch] = useState('')
  const shown = filterSwapTokens(tokens, search)
  return (
    <div className="stack swap-picker" id={id}>
      <label className="field search-field">
        <SearchIcon />
        <input
          type="search"
          aria-label="Search tokens"
          placeholder="Search tokens"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {shown.length === 0 ? (
        <p className="tokens-empty">No token matches “{search.trim()}”.</p>
      ) : (
        <ul className="send-tokens" aria-label={label}>
          {shown.map((token) => {
            const balance = formatTokenQuantity(formatUnits(swapTokenBalance(balances, token.address), token.decimals))
            return (
              <li key={token.address}>
                <button type="button" className="row" aria-pressed={token.address === selected} onClick={() => onPick(token)}>
                  <TokenIcon token={{ symbol: token.symbol, iconUrl: token.logoUri }} size={32} />
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
      )}
    </div>
  )
}
