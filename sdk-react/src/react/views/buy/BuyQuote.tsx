import type { OnrampProvider } from '../../../core/onramp/parse'
import type { BuyQuoteState } from './useBuyQuote'

export type BuyQuoteProps = {
  state: BuyQuoteState
  symbol: string
  provider: OnrampProvider | undefined
}

/**
 * The live quote: what the buyer gets, the provider's fee, the network fee and the total (spec §3
 * quote). An estimate (spec §7: the provider could not quote) says so plainly: its fee is the top
 * of the provider's range, its network fee is not known and the checkout shows the real amounts.
 */
export function BuyQuote({ state, symbol, provider }: BuyQuoteProps) {
  if (state.status === 'idle') return null
  if (state.status === 'error') {
    return (
      <p className="field-error" role="alert" data-testid="buy-quote-error">
        {state.message}
      </p>
    )
  }
  const quote = state.status === 'ready' ? state.quote : undefined
  const pending = 'Getting a quote…'
  const money = (a: { amount: string; currency: string }) => `${a.amount} ${a.currency}`
  let gets = pending
  if (quote) gets = quote.purchaseAmount ? `${quote.estimated ? '≈ ' : ''}${quote.purchaseAmount.amount} ${symbol}` : 'Shown at checkout'
  const facts: [string, string, string][] = [
    ['You get', 'buy-gets', gets],
    ['Provider fee', 'buy-fee', quote ? money(quote.coinbaseFee) : pending],
    ['Network fee', 'buy-network-fee', quote ? (quote.estimated ? 'Set at checkout' : money(quote.networkFee)) : pending],
    ['Total', 'buy-total', quote ? money(quote.paymentTotal) : pending],
  ]
  return (
    <>
      <dl className="facts send-fee" aria-busy={!quote}>
        {facts.map(([term, testId, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {quote?.estimated ? (
        <p className="notice" role="note" data-testid="buy-estimate">
          Estimated quote: {provider?.name ?? 'the provider'} did not give one, so this uses today&apos;s price and the top of its{' '}
          {provider?.feeRange ?? '1-2%'} fee range, without the network fee. The checkout shows the exact amounts.
        </p>
      ) : null}
    </>
  )
}
