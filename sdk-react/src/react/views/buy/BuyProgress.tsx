import { cancelPurchase } from '../../../core/actions/buy'
import { shortenAddress } from '../../../core/account/address'
import { editBuy, type BuyState } from '../../../core/onramp/buyStore'
import { useOrielClient } from '../../hooks/useOrielClient'
import { SpinnerIcon } from '../../icons/icons'

export type BuyProgressProps = {
  form: BuyState
  /** The provider's name. */
  provider: string
  /** The asset's symbol. */
  symbol: string
  view: string
}

/** A link to the checkout in a new tab, cut off from this page. */
function CheckoutLink({ url, text }: { url: string; text: string }) {
  return (
    <a className="link" href={url} target="_blank" rel="noopener noreferrer" data-testid="buy-checkout-link">
      {text}
    </a>
  )
}

/**
 * A purchase under way and how it ended: the checkout opening, then followed while the user
 * pays in the provider's window (a link opens it when the popup was blocked, or again), the
 * provider's status of the payment, and what arrived (or that it failed).
 */
export function BuyProgress({ form, provider, symbol, view }: BuyProgressProps) {
  const client = useOrielClient()
  const { step, purchase, url } = form
  if (step === 'opening') {
    return (
      <div className="view center" data-view={view} role="status">
        <SpinnerIcon size={28} />
        <p>Opening the {provider} checkout…</p>
      </div>
    )
  }
  if (step === 'done' && purchase) {
    return (
      <div className="view stack" data-view={view}>
        <p className="swap-done" data-testid="buy-done" role="status">
          Bought {purchase.purchaseAmount.amount} {purchase.purchaseAmount.currency}
        </p>
        <dl className="facts send-fee">
          <div>
            <dt>Paid</dt>
            <dd>
              {purchase.paymentTotal.amount} {purchase.paymentTotal.currency}
            </dd>
          </div>
          {purchase.txHash ? (
            <div>
              <dt>Transaction</dt>
              <dd className="mono" title={purchase.txHash}>
                {shortenAddress(purchase.txHash)}
              </dd>
            </div>
          ) : null}
        </dl>
        <button type="button" className="btn primary" onClick={() => client.modal.goBack()}>
          Back to account
        </button>
        <button type="button" className="btn" onClick={() => editBuy(client, { amount: '' })}>
          Buy more
        </button>
      </div>
    )
  }
  if (step === 'failed') {
    return (
      <div className="view stack" data-view={view}>
        <p className="send-error" role="alert">
          {form.error}
        </p>
        <button type="button" className="btn primary" onClick={() => editBuy(client, {})}>
          Try again
        </button>
      </div>
    )
  }
  const status = purchase
    ? `Payment received: ${provider} is sending ${purchase.purchaseAmount.amount} ${purchase.purchaseAmount.currency}…`
    : 'Waiting for the payment…'
  return (
    <div className="view stack" data-view={view}>
      <p>
        {form.popup ? `Finish buying ${symbol} in the ${provider} window.` : `Open the ${provider} checkout to buy ${symbol}: `}
        {!form.popup && url ? <CheckoutLink url={url} text={`Open the ${provider} checkout`} /> : null}
      </p>
      <p className="hint" role="status" data-testid="buy-status">
        {status}
      </p>
      {form.popup && url ? <CheckoutLink url={url} text="Open the checkout again" /> : null}
      <button type="button" className="btn" onClick={() => cancelPurchase(client)}>
        Stop waiting
      </button>
    </div>
  )
}
