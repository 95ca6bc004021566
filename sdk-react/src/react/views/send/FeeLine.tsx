import { formatUsd } from '../../../core/account/tokens'
import { formatFee, usdValue } from '../../../core/send/amount'
import type { SendToken } from '../../../core/send/token'
import { useNetwork } from '../../hooks/useNetwork'
import type { SendFeeState } from './useSendFee'

/** The network fee before confirming: estimating, the expected fee (and its USD value), or why not. */
export function FeeLine({ fee, native }: { fee: SendFeeState; native: SendToken | undefined }) {
  const { network } = useNetwork()
  const { symbol, decimals } = network.nativeCurrency
  let text: string
  if (fee.status === 'idle') text = '—'
  else if (fee.status === 'loading') text = 'Estimating…'
  else if (fee.status === 'error') text = 'Unavailable'
  else {
    const amount = formatFee(fee.fee.expected, decimals)
    const usd = native ? usdValue(amount, native.price) : null
    text = `~${amount} ${symbol}${usd !== null ? ` (${formatUsd(usd)})` : ''}`
  }
  return (
    <>
      <dl className="facts send-fee">
        <div>
          <dt>Network fee</dt>
          <dd data-testid="send-fee">{text}</dd>
        </div>
      </dl>
      {fee.status === 'error' ? <p className="field-error">{`Could not estimate the fee: ${fee.message}`}</p> : null}
    </>
  )
}
