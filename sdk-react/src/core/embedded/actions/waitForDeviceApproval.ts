import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { DEVICE_APPROVAL_MIN_INTERVAL_MS } from '../../constants'
import { isNotConnectedError } from '../../frame/errors'

export type WaitForDeviceApprovalParameters = {
  /** Stops asking the frame (the pending call's result is then ignored). */
  signal?: AbortSignal | undefined
}

export type WaitForDeviceApprovalReturnType = undefined

export type WaitForDeviceApprovalErrorType = EmbeddedWalletErrorType | DOMException

/**
 * Email login, device step: resolves once this browser is approved from the emailed link (the
 * frame is asked again, at most once a second, while it answers `NotConnected`). Rejects with
 * an `AbortError` once `signal` aborts, or with the frame's error.
 *
 * @example
 * const controller = new AbortController()
 * await waitForDeviceApproval(client, { signal: controller.signal })
 * await connectOtp(client, { otp })
 */
export async function waitForDeviceApproval(
  client: OrielClient,
  { signal }: WaitForDeviceApprovalParameters = {},
): Promise<WaitForDeviceApprovalReturnType> {
  const frame = await client.embeddedLogin.embedded.ensureReady()
  for (;;) {
    signal?.throwIfAborted()
    const started = Date.now()
    try {
      await frame.connectDevice()
      signal?.throwIfAborted()
      return
    } catch (error) {
      if (!isNotConnectedError(error)) throw error
    }
    await sleep(started + DEVICE_APPROVAL_MIN_INTERVAL_MS - Date.now(), signal)
  }
}

/** Resolves after `ms` (at once when not positive); rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
