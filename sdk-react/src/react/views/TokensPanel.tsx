import { BALANCES_NOT_AVAILABLE } from '../../core/account/balance'
import { formatTokenQuantity, formatUsd } from '../../core/account/tokens'
import { useTokenBalances } from '../hooks/useTokenBalances'
import { TokenIcon } from './TokenIcon'

/**
 * The Tokens panel of the Account view: each token's icon, name, symbol, quantity (2 decimals)
 * and USD value, "Unverified" on a token not on the operator's list (issue 38, L-9: it may be a
 * counterfeit of a listed one), then the total (a dash until the balances are known). Loaded as
 * its own chunk.
 */
export default function TokensPanel() {
  const { balances, totalUsd, loaded, failed, unavailable } = useTokenBalances()
  if (unavailable) {
    return (
      <section className="tokens" aria-label="Tokens">
        <p className="tokens-empty">{BALANCES_NOT_AVAILABLE}</p>
      </section>
    )
  }
  return (
    <section className="tokens" aria-label="Tokens">
      <p className="tokens-total" data-testid="tokens-total">
        {/* No total while the balances are unknown: "$0.00" would say the account is empty. */}
        <span>Total</span> <strong>{loaded && !failed ? formatUsd(totalUsd) : '—'}</strong>
      </p>
      {balances.length > 0 ? (
        <ul className="token-list" aria-label="Token balances">
          {balances.map((token) => {
            const quantity = formatTokenQuantity(token.quantity.numeric)
            const value = formatUsd(token.value)
            return (
              <li
                key={token.address ?? `${token.chainId}:native`}
                aria-label={`${token.name}${token.verified ? '' : ' (unverified)'}: ${quantity} ${token.symbol}, ${value}`}
              >
                <TokenIcon token={token} size={32} />
                <span className="token-name">
                  <span>
                    {token.name}
                    {token.verified ? null : (
                      <span className="flag" title="This token is not on this wallet's token list: it may be a fake.">
                        Unverified
                      </span>
                    )}
                  </span>
                  <span className="token-symbol">{token.symbol}</span>
                </span>
                <span className="token-amounts">
                  <span>
                    {quantity} {token.symbol}
                  </span>
                  <span className="token-value">{value}</span>
                </span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="tokens-empty">{failed ? 'Token balances are unavailable.' : loaded ? 'No tokens yet.' : 'Loading tokens…'}</p>
      )}
    </section>
  )
}
