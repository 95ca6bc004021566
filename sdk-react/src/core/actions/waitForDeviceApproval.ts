import type { OrielClient } from '../client/createClient'
import type { EmbeddedWalletErrorType } from './errors'

export type WaitForDeviceApprovalParameters = {
  /** Stops asking the frame (the pending call's result is then ignored). */
  signal?: AbortSignal | undefined
}

export type WaitForDeviceApprovalReturnType = undefined

export type WaitForDeviceApprovalErrorType = EmbeddedWalletErrorType | DOMException

/**
 * Email login, device step: resolves once this browser is approved from the emailed link (the
 * frame is asked again, at most once a second, while it answers `NotConnected`). Rejects with
 * an `AbortError` once `signal` aborts.
 *
 * @example
 * const controller = new AbortController()
 * await waitForDeviceApproval(client, { signal: controller.signal })
 * await connectOtp(client, { otp })
 */
export function waitForDeviceApproval(
  client: OrielClient,
  parameters: WaitForDeviceApprovalParameters = {},
): Promise<WaitForDeviceApprovalReturnType> {
  return client.embeddedConnector.waitForDeviceApproval(parameters)
}
