import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { DEVICE_APPROVAL_MIN_INTERVAL_MS } from '../../constants'
import { isNotConnectedError } from '../../frame/errors'
import { sleep } from '../../sleep'

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
