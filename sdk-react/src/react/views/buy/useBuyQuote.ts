import { useEffect } from 'react'
import { type BuyChoice, followBuyQuote, getBuyQuoteState, stopBuyQuote, watchBuyQuote } from '../../../core/actions/buy'
import type { OnrampQuote } from '../../../core/onramp/parse'
import { useClientState } from '../../hooks/useClientState'
import { useOrielClient } from '../../hooks/useOrielClient'

/** The live quote's state. */
export type BuyQuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: OnrampQuote }
  | { status: 'error'; message: string }

export type UseBuyQuoteParameters = {
  /** The form's choice; `undefined` while incomplete. */
  choice: BuyChoice | undefined
  /** What the quote depends on besides the choice's asset and network. */
  amount: string
  fiat: string
  method: string
  provider: string | undefined
  /** `false` while a purchase is opened or followed: the last quote stays. */
  enabled: boolean
}

/**
 * The live quote of the purchase being typed, which the core reads 500 ms (spec §9 default
 * debounce) after the form stops changing (`followBuyQuote`); nothing is asked while the amount
 * is outside the payment method's limits.
 */
export function useBuyQuote({ choice, amount, fiat, method, provider, enabled }: UseBuyQuoteParameters): BuyQuoteState {
  const client = useOrielClient()
  const currency = choice?.currency.id
  const network = choice?.network.name
  const ready = choice !== undefined && choice.amountError === undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: the quote follows the form's values (`choice` is rebuilt each render)
  useEffect(() => followBuyQuote(client, { choice, enabled }), [client, ready, currency, network, amount, fiat, method, provider, enabled])
  useEffect(() => () => stopBuyQuote(client), [client])
  const state = useClientState(getBuyQuoteState, watchBuyQuote)
  return state.status === 'ready' ? { status: 'ready', quote: state.value } : state
}
