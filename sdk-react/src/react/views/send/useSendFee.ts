import { useEffect, useState } from 'react'
import { estimateSendFee } from '../../../core/actions/sendTokens'
import { DEFAULT_DEBOUNCE_MS } from '../../../core/constants'
import { getErrorMessage } from '../../../core/errors/base'
import type { NetworkFee } from '../../../core/send/fee'
import type { SendToken } from '../../../core/send/token'
import { useOrielClient } from '../../hooks/useOrielClient'

/** The fee line's state. */
export type SendFeeState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; fee: NetworkFee }
  | { status: 'error'; message: string }

export type UseSendFeeParameters = {
  /** What to estimate; `undefined` while the form cannot be estimated (no token, bad amount). */
  request: { token: SendToken; value: bigint; to: `0x${string}` | undefined } | undefined
}

/**
 * The network fee of the send being typed, estimated through the wallet's provider 500 ms
 * (spec §9 default debounce) after the form stops changing. A newer form drops an older answer.
 */
export function useSendFee({ request }: UseSendFeeParameters): SendFeeState {
  const client = useOrielClient()
  const [state, setState] = useState<SendFeeState>({ status: 'idle' })
  const token = request?.token
  const value = request?.value
  const to = request?.to
  useEffect(() => {
    if (!token || value === undefined) {
      setState({ status: 'idle' })
      return
    }
    let live = true
    setState({ status: 'loading' })
    const timer = setTimeout(() => {
      estimateSendFee(client, { token, value, to }).then(
        (fee) => live && setState({ status: 'ready', fee }),
        (error: unknown) => {
          console.error('oriel: estimating the network fee failed', error)
          if (live) setState({ status: 'error', message: getErrorMessage(error) })
        },
      )
    }, DEFAULT_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, token, value, to])
  return state
}
