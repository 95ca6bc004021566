import { useEffect, useId, type FormEvent } from 'react'
import { inspectBuy, loadOnrampOptions, startPurchase } from '../../core/actions/buy'
import { editBuy, getBuyStore } from '../../core/onramp/buyStore'
import { formatLimit, methodName, ONRAMP_NAMESPACES, providersFor, purchasableOn, purchaseNetworkFor } from '../../core/onramp/choice'
import { useAccount } from '../hooks/useAccount'
import { useNetwork } from '../hooks/useNetwork'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import { BuyIcon } from './buy/icons'
import { BuyProgress } from './buy/BuyProgress'
import { BuyQuote } from './buy/BuyQuote'
import { useBuyQuote } from './buy/useBuyQuote'
import type { ViewProps } from './types'

/** The checkout window's name and shape (a popup, as providers open). */
const POPUP_NAME = 'oriel-onramp'
const POPUP_FEATURES = 'popup,width=440,height=760'

/**
 * Buy (spec §2 on-ramp panel, reached from Account): the provider (with its fee range), the fiat
 * amount and currency, the payment method with its limits (spec §9), the asset and the network it
 * arrives on (the account's chain, else Ethereum), and a live quote 500 ms after typing stops.
 * "Continue" opens the provider's checkout in a popup and the view follows the purchase until the
 * provider reports it delivered (the balances are read again) or failed. When the provider's
 * options or quote are unavailable, the sample options and an estimate stand in, labelled so.
 */
export default function BuyView({ entry }: ViewProps) {
  const client = useOrielClient()
  const ids = useId()
  const { address, namespace } = useAccount()
  const { caipNetworkId, network: activeNetwork } = useNetwork()
  const form = useStore(getBuyStore(client))
  const options = form.options.status === 'ready' ? form.options.options : undefined
  const currencies = options ? purchasableOn(options, caipNetworkId) : []
  const providers = options && namespace ? providersFor(options, namespace) : []
  const fiat = options?.paymentCurrencies.find((c) => c.id === form.fiat)
  const limit = fiat?.payment_method_limits.find((l) => l.id === form.method)
  const choice = options ? inspectBuy(client) : undefined
  const provider = options?.providers.find((p) => p.id === (form.provider ?? options.provider))
  const busy = form.step !== 'idle'
  const quote = useBuyQuote({ choice, amount: form.amount, fiat: form.fiat, method: form.method, provider: form.provider, enabled: !busy })

  // biome-ignore lint/correctness/useExhaustiveDependencies: another network or provider reads the options again (the form resets with the network)
  useEffect(() => {
    if (address) void loadOnrampOptions(client)
  }, [client, address, caipNetworkId, form.provider])

  // The form's defaults follow the options: the first asset, fiat and method they offer.
  useEffect(() => {
    if (!options || busy) return
    const patch: { currency?: string; fiat?: string; method?: string } = {}
    const first = purchasableOn(options, caipNetworkId)[0]
    if (first && !purchasableOn(options, caipNetworkId).some((c) => c.id === form.currency)) patch.currency = first.id
    const currency = options.paymentCurrencies.find((c) => c.id === form.fiat) ?? options.paymentCurrencies[0]
    if (currency && currency.id !== form.fiat) patch.fiat = currency.id
    const methods = currency?.payment_method_limits ?? []
    if (methods[0] && !methods.some((m) => m.id === form.method)) patch.method = methods[0].id
    if (Object.keys(patch).length > 0) editBuy(client, patch)
  }, [client, options, caipNetworkId, busy, form.currency, form.fiat, form.method])

  if (!address) {
    return (
      <div className="view center" data-view={entry.view}>
        <p>No account is connected.</p>
      </div>
    )
  }
  if (!namespace || !(ONRAMP_NAMESPACES as readonly string[]).includes(namespace)) {
    return (
      <div className="view center" data-view={entry.view}>
        <p role="alert">Buying with a card is offered for EVM and Solana accounts.</p>
      </div>
    )
  }
  if (form.options.status === 'error') {
    return (
      <div className="view center" data-view={entry.view}>
        <p role="alert">{form.options.message}</p>
        <button type="button" className="btn" onClick={() => void loadOnrampOptions(client, { force: true })}>
          Try again
        </button>
      </div>
    )
  }
  if (!options) {
    return (
      <div className="view center" data-view={entry.view} role="status">
        <SpinnerIcon size={28} />
        <p>Loading what you can buy…</p>
      </div>
    )
  }
  const currency = choice?.currency ?? currencies.find((c) => c.id === form.currency)
  if (busy) return <BuyProgress form={form} provider={provider?.name ?? 'the provider'} symbol={currency?.symbol ?? ''} view={entry.view} />

  const network = currency && purchaseNetworkFor(currency, caipNetworkId)
  const ownChain = network?.chain_id === caipNetworkId.split(':')[1]
  const canBuy = !!choice && !choice.amountError && quote.status === 'ready' && !!provider

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!canBuy || quote.status !== 'ready') return
    // Opened by the click itself, so no popup blocker stops it; the checkout loads in it once
    // frame-host gives its URL.
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES)
    startPurchase(client, { popup, quote: quote.quote }).catch((error: unknown) => console.error('oriel: the purchase could not start', error))
  }

  const amountErrorId = `${ids}-amount-error`
  const amountError = form.amount.trim() === '' ? undefined : choice?.amountError
  return (
    <form className="view stack send buy" data-view={entry.view} onSubmit={submit} noValidate>
      {options.sample ? (
        <p className="notice" role="note" data-testid="buy-sample">
          {providers.length > 0 ? `${provider?.name ?? 'The provider'} could not be reached` : 'No on-ramp provider answered'}: these are the
          built-in sample options, and quotes are estimates.
        </p>
      ) : null}
      {providers.length > 1 ? (
        <fieldset className="stack">
          <legend className="send-label">Provider</legend>
          {providers.map((p) => (
            <label key={p.id} className="row">
              <input type="radio" name={`${ids}-provider`} checked={p.id === provider?.id} onChange={() => editBuy(client, { provider: p.id })} />
              <span className="name">{p.name}</span>
              <span className="hint">Fees {p.feeRange}</span>
            </label>
          ))}
        </fieldset>
      ) : provider ? (
        <p className="hint" data-testid="buy-provider">
          With {provider.name} · fees {provider.feeRange}
        </p>
      ) : null}
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-amount`}>
          You pay
        </label>
        <div className="send-amount">
          <input
            id={`${ids}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            maxLength={20}
            value={form.amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? amountErrorId : undefined}
            onChange={(event) => editBuy(client, { amount: event.target.value.replace(',', '.') })}
          />
          <select className="token-chip" aria-label="Currency" value={form.fiat} onChange={(event) => editBuy(client, { fiat: event.target.value })}>
            {options.paymentCurrencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        </div>
        {amountError ? (
          <p className="field-error" id={amountErrorId}>
            {amountError}
          </p>
        ) : null}
      </div>
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-method`}>
          Pay with
        </label>
        <select id={`${ids}-method`} className="token-chip" value={form.method} onChange={(event) => editBuy(client, { method: event.target.value })}>
          {(fiat?.payment_method_limits ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {methodName(m.id)}
            </option>
          ))}
        </select>
        {limit ? (
          <span className="send-meta" data-testid="buy-limits">
            {formatLimit(limit.min)} to {formatLimit(limit.max)} {form.fiat}
          </span>
        ) : null}
      </div>
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-asset`}>
          You buy
        </label>
        {currencies.length > 0 ? (
          <select id={`${ids}-asset`} className="token-chip" value={currency?.id ?? ''} onChange={(event) => editBuy(client, { currency: event.target.value })}>
            {currencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.symbol})
              </option>
            ))}
          </select>
        ) : (
          <>
            <p className="field-error" role="alert">
              {provider?.name ?? 'The provider'} sells nothing on {activeNetwork.name}.
            </p>
            {client.config.enableNetworkSwitch ? (
              <button type="button" className="link" onClick={() => client.modal.push('Networks')}>
                Switch network
              </button>
            ) : null}
          </>
        )}
        {network ? (
          <span className="send-meta" data-testid="buy-network">
            {ownChain ? `Arrives on ${network.display_name}` : `Arrives on ${network.display_name}: this network is not offered`}
          </span>
        ) : null}
      </div>
      {currency ? <BuyQuote state={quote} symbol={currency.symbol} provider={provider} /> : null}
      <div aria-live="polite" className="send-status">
        {form.error ? (
          <p className="send-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn primary" disabled={!canBuy}>
        <BuyIcon />
        {provider ? `Continue with ${provider.name}` : 'No provider to buy from'}
      </button>
    </form>
  )
}
