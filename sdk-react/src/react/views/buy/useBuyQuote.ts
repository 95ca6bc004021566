import { useEffect, useState } from 'react'
import { type BuyChoice, getBuyQuote } from '../../../core/actions/buy'
import { DEFAULT_DEBOUNCE_MS } from '../../../core/constants'
import { getErrorMessage } from '../../../core/errors/base'
import type { OnrampQuote } from '../../../core/onramp/parse'
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
 * The live quote of the purchase being typed, asked for 500 ms (spec §9 default debounce) after
 * the form stops changing; a newer form aborts an older request. Nothing is asked while the
 * amount is outside the payment method's limits.
 */
export function useBuyQuote({ choice, amount, fiat, method, provider, enabled }: UseBuyQuoteParameters): BuyQuoteState {
  const client = useOrielClient()
  const [state, setState] = useState<BuyQuoteState>({ status: 'idle' })
  const currency = choice?.currency.id
  const network = choice?.network.name
  const ready = choice !== undefined && choice.amountError === undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: the quote follows the form's values (`choice` is rebuilt each render)
  useEffect(() => {
    if (!enabled) return
    if (!ready || !choice) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    const timer = setTimeout(() => {
      getBuyQuote(client, choice, { signal: controller.signal }).then(
        (quote) => {
          if (!controller.signal.aborted) setState({ status: 'ready', quote })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          console.error('oriel: quoting the purchase failed', error)
          setState({ status: 'error', message: getErrorMessage(error) })
        },
      )
    }, DEFAULT_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, ready, currency, network, amount, fiat, method, provider, enabled])
  return state
}
