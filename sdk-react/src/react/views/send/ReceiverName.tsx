import { useEffect, useState } from 'react'
import { DEFAULT_DEBOUNCE_MS } from '../../../core/constants'
import { resolveReceiverName } from '../../../core/names/receiver'
import { isNameLike } from '../../../core/names/rules'
import type { ReceiverName as ReceiverNameState } from '../../../core/send/sendStore'
import { useOrielClient } from '../../hooks/useOrielClient'
import { SpinnerIcon } from '../../icons/icons'
import { generatedAvatarStyle } from '../AccountAvatar'

/**
 * Resolves the receiver while it is a name, 500 ms (spec §9 default debounce) after it stops
 * changing; a newer receiver aborts the older lookup.
 */
export function useReceiverName(receiver: string, enabled: boolean): void {
  const client = useOrielClient()
  useEffect(() => {
    if (!enabled || !isNameLike(receiver)) return
    const controller = new AbortController()
    resolveReceiverName(client, { signal: controller.signal, delayMs: DEFAULT_DEBOUNCE_MS }).catch((error: unknown) =>
      console.error('oriel: resolving the receiver failed', error),
    )
    return () => controller.abort()
  }, [client, receiver, enabled])
}

/**
 * Under the receiver field, for a name: 'Resolving…', then the address it stands for with the
 * name and its image (spec §3 send-token state: receiver profile name and image), or why not.
 */
export function ReceiverName({ state, errorId }: { state: ReceiverNameState | undefined; errorId: string }) {
  if (!state) return null
  if (state.status === 'error') {
    return (
      <p className="field-error" id={errorId}>
        {state.error}
      </p>
    )
  }
  if (state.status === 'resolving') {
    return (
      <div className="send-meta" role="status">
        <span className="send-balance">
          <SpinnerIcon size={14} />
          Resolving {state.name}
        </span>
      </div>
    )
  }
  return (
    <div data-testid="send-receiver-name">
      <div className="send-meta">
        <span className="send-balance">
          <ReceiverImage address={state.address} image={state.image} />
          <span data-testid="send-receiver-profile">{state.name}</span>
        </span>
      </div>
      <div className="mono" data-testid="send-receiver-address">
        {state.address}
      </div>
    </div>
  )
}

/** The receiver's image, else the gradient the Account view draws for an address. */
function ReceiverImage({ address, image }: { address: string; image: string | undefined }) {
  const [failed, setFailed] = useState<string>()
  const size = { width: 20, height: 20 }
  if (image && failed !== image) {
    return <img className="token-icon" src={image} alt="" style={size} referrerPolicy="no-referrer" onError={() => setFailed(image)} />
  }
  return <span className="token-icon" aria-hidden="true" style={{ ...size, ...generatedAvatarStyle(address) }} />
}
