import { useEffect } from 'react'
import { type FollowSwapPreviewParameters, followSwapPreview, getSwapPreview, stopSwapPreview, watchSwapPreview } from '../../../core/actions/previewSwap'
import type { SwapPreview } from '../../../core/actions/previewSwap'
import { useClientState } from '../../hooks/useClientState'
import { useOrielClient } from '../../hooks/useOrielClient'

/** The live quote's state. */
export type SwapPreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; preview: SwapPreview }
  | { status: 'error'; message: string }

export type UseSwapPreviewParameters = FollowSwapPreviewParameters

/**
 * The live quote of the swap being typed (quote, allowance, network fee), which the core reads
 * 500 ms (spec §9 default debounce) after the form stops changing (`followSwapPreview`).
 */
export function useSwapPreview(parameters: UseSwapPreviewParameters): SwapPreviewState {
  const client = useOrielClient()
  const { from, to, amount, withFee, revision, enabled, slippage } = parameters
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's values are the inputs (`parameters` is rebuilt each render)
  useEffect(() => followSwapPreview(client, parameters), [client, from, to, amount, withFee, revision, enabled, slippage])
  useEffect(() => () => stopSwapPreview(client), [client])
  const state = useClientState(getSwapPreview, watchSwapPreview)
  return state.status === 'ready' ? { status: 'ready', preview: state.value } : state
}
