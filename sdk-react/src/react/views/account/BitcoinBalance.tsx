import { BALANCES_NOT_AVAILABLE, truncateDecimal } from '../../../core/account/balance'
import { useTokenBalances } from '../../hooks/useTokenBalances'

/**
 * A Bitcoin account's balance in the Account view: frame-host reads it from the network's
 * Esplora API (its token list's BTC entry, none when the address holds nothing); without an
 * Esplora API for the network, the view says balances are not available rather than zero.
 */
export function BitcoinBalance() {
  const { balances, loaded, failed, unavailable } = useTokenBalances()
  if (unavailable) {
    return (
      <p className="muted" data-testid="account-balance">
        {BALANCES_NOT_AVAILABLE}
      </p>
    )
  }
  const native = balances.find((b) => b.address === undefined)
  // Unknown (loading, or the read failed): a dash, never a zero.
  const amount = loaded && !failed ? truncateDecimal(native?.quantity.numeric ?? '0') : '—'
  return (
    <p className="balance" data-testid="account-balance">
      {amount} BTC
    </p>
  )
}
