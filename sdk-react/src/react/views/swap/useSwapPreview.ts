import { useEffect, useState } from 'react'
import { previewSwap, type SwapPreview } from '../../../core/actions/previewSwap'
import { DEFAULT_DEBOUNCE_MS } from '../../../core/constants'
import type { SwapToken } from '../../../core/convert/parse'
import { getErrorMessage } from '../../../core/errors/base'
import { useOrielClient } from '../../hooks/useOrielClient'

/** The live quote's state. */
export type SwapPreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; preview: SwapPreview }
  | { status: 'error'; message: string }

export type UseSwapPreviewParameters = {
  from: SwapToken | undefined
  to: SwapToken | undefined
  /** Base units; `undefined` while the amount is empty or invalid. */
  amount: bigint | undefined
  /** Also estimate the network fee. */
  withFee: boolean
  /** Bumped after an approval or a swap: read the allowance and the quote again. */
  revision: number
  /** `false` while an approval or a swap is under way: the last preview stays. */
  enabled: boolean
  /** The slippage tolerance, percent. */
  slippage: number
}

/**
 * The live quote of the swap being typed (quote, allowance, network fee), asked for 500 ms
 * (spec §9 default debounce) after the form stops changing; a newer form aborts an older request.
 */
export function useSwapPreview({ from, to, amount, withFee, revision, enabled, slippage }: UseSwapPreviewParameters): SwapPreviewState {
  const client = useOrielClient()
  const [state, setState] = useState<SwapPreviewState>({ status: 'idle' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` reads the allowance and the quote again after an approval or a swap
  useEffect(() => {
    if (!enabled) return
    if (!from || !to || amount === undefined) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    const timer = setTimeout(() => {
      previewSwap(client, { from, to, amount, withFee, slippage, signal: controller.signal }).then(
        (preview) => {
          if (!controller.signal.aborted) setState({ status: 'ready', preview })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          console.error('oriel: quoting the swap failed', error)
          setState({ status: 'error', message: getErrorMessage(error) })
        },
      )
    }, DEFAULT_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, from, to, amount, withFee, revision, enabled, slippage])
  return state
}
