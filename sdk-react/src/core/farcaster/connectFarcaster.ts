import { DEVICE_NOT_APPROVED } from '../../codec/constants.gen'
import type { User } from '../../codec/protocol.gen'
import { completeLogin } from '../embedded/actions/connectOtp'
import type { EmbeddedWalletErrorType } from '../actions/errors'
import type { OrielClient } from '../client/createClient'
import { FARCASTER_POLL_INTERVAL_MS } from '../constants'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'
import { FrameRequestError } from '../frame/errors'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { FarcasterAuthInitError, type FarcasterAuthInitErrorType, FarcasterLinkExpiredError, type FarcasterLinkExpiredErrorType } from './errors'
import { sleep } from '../sleep'

export type ConnectFarcasterParameters = {
  /** Stops waiting for the approval (the link is dropped and the promise rejects with the abort reason). */
  signal?: AbortSignal | undefined
}

/** The logged-in user (the Farcaster account's name as `userName`). */
export type ConnectFarcasterReturnType = User

export type ConnectFarcasterErrorType =
  | ProjectIdNotConfiguredErrorType
  | FarcasterAuthInitErrorType
  | FarcasterLinkExpiredErrorType
  | EmbeddedWalletErrorType
  | DOMException

const isCode = (error: unknown, code: string) => error instanceof FrameRequestError && error.code === code

/**
 * A refusal of the redeem's wallet step, not of the link: a returning account's new device that
 * must first be approved (issue 38 M-3). It is shown as frame-host words it.
 */
const isDeviceNotApproved = (error: unknown) => error instanceof FrameRequestError && error.shortMessage === DEVICE_NOT_APPROVED

/** The clients whose modal resets the Farcaster login when the user goes back from it. */
const watched = new WeakSet<OrielClient>()

/**
 * Spec §4: going back from ConnectingFarcaster with no address resets the auth connector 100 ms
 * later: the Farcaster login's link is dropped (the view, gone, stopped waiting). Registered
 * once per client, by its first Farcaster login (this code loads with that view).
 */
function resetOnBack(client: OrielClient) {
  if (watched.has(client)) return
  watched.add(client)
  client.modal.onAuthConnectorReset(() => client.account.setState({ farcasterUrl: undefined }))
}

/**
 * Signs in with Farcaster (spec §7 "connect Farcaster"): asks the embedded wallet for a sign-in
 * link, which it puts in the account's `farcasterUrl` (ConnectingFarcaster shows it as a QR code
 * and a link), waits while the user approves it in their Farcaster app (the frame is asked again
 * at most once a second while it answers "not yet", each request under the 30 s timeout), then
 * keeps the account's provider, username and avatar (spec §3) and connects the embedded wallet.
 * Rejects with `FarcasterAuthInitError` when no link could be had, `FarcasterLinkExpiredError`
 * once the link expired, frame-host's refusal when this device of a returning account must be
 * approved first, the abort reason once `signal` aborts; the link is dropped in each case.
 *
 * @example
 * const controller = new AbortController()
 * const user = await connectFarcaster(client, { signal: controller.signal })
 * console.log(user.userName) // 'devnet-ada'
 */
export async function connectFarcaster(
  client: OrielClient,
  parameters: ConnectFarcasterParameters = {},
): Promise<ConnectFarcasterReturnType> {
  const { signal } = parameters
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  resetOnBack(client)
  const { account } = client
  let url: string
  let frame: Awaited<ReturnType<typeof client.embedded.ensureReady>>
  try {
    frame = await client.embedded.ensureReady()
    url = await frame.getFarcasterUri()
  } catch (error) {
    throw new FarcasterAuthInitError({ cause: error })
  }
  signal?.throwIfAborted()
  account.setState({ farcasterUrl: url })
  try {
    for (;;) {
      const started = Date.now()
      try {
        const { userName, avatar } = await frame.connectFarcaster()
        storage.setItem(STORAGE_KEYS.connectedSocialProvider, 'farcaster')
        storage.setItem(STORAGE_KEYS.connectedSocialUsername, userName)
        if (avatar) storage.setItem(STORAGE_KEYS.connectedSocialImage, avatar)
        else storage.removeItem(STORAGE_KEYS.connectedSocialImage)
        break
      } catch (error) {
        if (isCode(error, 'Unauthorized') && !isDeviceNotApproved(error)) throw new FarcasterLinkExpiredError({ cause: error })
        if (!isCode(error, 'NotConnected')) throw error
      }
      signal?.throwIfAborted()
      await sleep(started + FARCASTER_POLL_INTERVAL_MS - Date.now(), signal)
    }
  } finally {
    if (account.getSnapshot().farcasterUrl === url) account.setState({ farcasterUrl: undefined })
  }
  return completeLogin(client)
}
