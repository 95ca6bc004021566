import type { SwapToken } from '../../../core/convert/parse'
import { formatFee } from '../../../core/send/amount'
import { formatPriceImpact, formatSwapAmount, swapRate } from '../../../core/swap/amounts'
import { useNetwork } from '../../hooks/useNetwork'
import type { SwapPreviewState } from './useSwapPreview'

export type SwapFactsProps = {
  preview: SwapPreviewState
  from: SwapToken
  to: SwapToken
}

/** The live quote's facts: rate, price impact, slippage, minimum received and the network fee. */
export function SwapFacts({ preview, from, to }: SwapFactsProps) {
  const { network } = useNetwork()
  const { symbol, decimals } = network.nativeCurrency
  if (preview.status === 'idle') return null
  if (preview.status === 'error') {
    return (
      <p className="field-error" role="alert" data-testid="swap-quote-error">
        {preview.message}
      </p>
    )
  }
  const ready = preview.status === 'ready' ? preview.preview : undefined
  const pending = 'Getting a quote…'
  const fee = ready?.fee
  let feeText = pending
  if (fee?.kind === 'unavailable') feeText = 'Unavailable'
  else if (fee) feeText = `~${formatFee(fee.wei, decimals)} ${symbol}${fee.kind === 'approval' ? ' (approval)' : ''}`
  const facts: [string, string, string][] = [
    [
      'Rate',
      'swap-rate',
      ready
        ? `1 ${from.symbol} = ${swapRate({ fromAmount: ready.quote.fromAmount, fromDecimals: from.decimals, toAmount: ready.quote.toAmount, toDecimals: to.decimals })} ${to.symbol}`
        : pending,
    ],
    ['Price impact', 'swap-impact', ready ? formatPriceImpact(ready.quote.priceImpact) : pending],
    ['Slippage tolerance', 'swap-slippage', ready ? `${ready.slippage}%` : pending],
    ['Minimum received', 'swap-minimum', ready ? `${formatSwapAmount(ready.minimum, to.decimals)} ${to.symbol}` : pending],
    ['Network fee', 'swap-fee', feeText],
  ]
  return (
    <>
      <dl className="facts send-fee swap-facts" aria-busy={!ready}>
        {facts.map(([term, testId, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {fee?.kind === 'unavailable' ? <p className="field-error">{`Could not estimate the fee: ${fee.message}`}</p> : null}
    </>
  )
}
