// Social login's flow on the dapp page, loaded on the first social click (`connectSocial` opens
// the popup first, under the click's user activation, then loads this).
import type { SocialProvider, User } from '../../codec/protocol.gen'
import { completeLogin } from './actions/connectOtp'
import { disconnect } from '../actions/disconnect'
import type { OrielClient } from '../client/createClient'
import type { SocialProvider as WidgetSocial } from '../config/features'
import { getErrorMessage } from '../errors/base'
import { SocialLoginError } from '../errors/social'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { readSocialDone } from './socialMessage'

/**
 * A social login ends on its own this long after it started if the popup neither closed nor
 * answered: frame-host refuses its callback after 10 minutes ('This sign-in took too long').
 */
export const SOCIAL_LOGIN_TIMEOUT_MS = 10 * 60_000 + 30_000
/** How often a social login checks whether its popup was closed. */
const POPUP_POLL_MS = 500
/**
 * A popup seen closed may have posted its last message just before: the login waits this long
 * for it before it says the window was closed.
 */
const POPUP_CLOSED_GRACE_MS = 1_000

/** The popup closed before frame-host's callback page said how the login ended. */
export const POPUP_CLOSED = 'The sign-in window was closed before the sign-in finished'
/** The login neither ended nor had its popup closed within {@link SOCIAL_LOGIN_TIMEOUT_MS}. */
export const LOGIN_TOO_LONG = 'This sign-in took too long: start again'
/** The frame named a provider URL that is not http(s). */
const BAD_URI = 'The wallet named a sign-in address that cannot be opened'

export type RunSocialLoginParameters = {
  provider: WidgetSocial
  /** The popup `connectSocial` opened (blank until the provider's URL is known); `null` when the browser blocked it. */
  popup: Window | null
}

/** The providers that sign in through the popup (spec §5); Farcaster signs in its own way. */
const POPUP_PROVIDERS: readonly SocialProvider[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

/** Social logins in progress, one per client. */
const running = new WeakSet<OrielClient>()

/**
 * Runs a social login in `popup` and connects the account: asks the frame for the provider's
 * URL (bound to the frame by a verifier only the frame holds), sends the popup there, waits for
 * frame-host's callback page to say, from frame-host's origin and from this popup, that the
 * login ended, then has the frame redeem its result (`ConnectSocial`) and connects. Keeps the
 * provider and the username (spec §3). Every way it can end without a session rejects with a
 * {@link SocialLoginError} saying why (the popup closed, consent declined, too late, a refusal)
 * after closing the popup, disconnecting the embedded wallet and resetting the modal to Connect
 * (spec §8). It never waits longer than {@link SOCIAL_LOGIN_TIMEOUT_MS}.
 *
 * @example
 * const user = await runSocialLogin(client, { provider: 'google', popup })
 */
export async function runSocialLogin(client: OrielClient, parameters: RunSocialLoginParameters): Promise<User> {
  const { popup } = parameters
  const provider = POPUP_PROVIDERS.find((p) => p === parameters.provider)
  const refuse = (reason: string) => {
    popup?.close()
    return new SocialLoginError({ reason })
  }
  if (!provider) throw refuse(`${parameters.provider} does not sign in through a popup`)
  if (running.has(client)) throw refuse('A sign-in is already in progress')
  if (!popup) throw refuse('The browser blocked the sign-in window: allow pop-ups for this site')
  running.add(client)
  const watch = watchPopup(popup, new URL(client.config.frameHostUrl).origin, provider)
  try {
    const frame = await watch.race(client.embedded.ensureReady())
    const uri = await watch.race(frame.getSocialRedirectUri(provider))
    if (!/^https?:\/\//u.test(uri)) throw new SocialLoginError({ reason: BAD_URI })
    // Closed while the frame was asked (a closed window has no location to set).
    if (popup.closed) throw new SocialLoginError({ reason: POPUP_CLOSED })
    popup.location.replace(uri)
    await watch.done
    const user = await frame.connectSocial(uri)
    storage.setItem(STORAGE_KEYS.connectedSocialProvider, provider)
    if (user.userName) storage.setItem(STORAGE_KEYS.connectedSocialUsername, user.userName)
    return await completeLogin(client)
  } catch (error) {
    if (!popup.closed) popup.close()
    await endFailedLogin(client)
    throw error instanceof SocialLoginError ? error : new SocialLoginError({ reason: getErrorMessage(error), cause: error })
  } finally {
    watch.stop()
    running.delete(client)
  }
}

/**
 * Spec §8: after a failed login the embedded wallet is disconnected (the connected account if
 * it is the embedded wallet's, else whatever half login the frame may hold) and the modal resets.
 */
async function endFailedLogin(client: OrielClient): Promise<void> {
  const account = client.account.getSnapshot()
  try {
    if (account.status === 'connected' && account.connectorId === client.embeddedConnector.id) await disconnect(client)
    else await client.embeddedConnector.disconnect()
  } catch (error) {
    console.warn('oriel: disconnecting the embedded wallet after a failed social login failed', error)
  }
  client.modal.reset('Connect')
}

/** The popup of one login, watched until it says how the login ended, closes, or takes too long. */
interface PopupWatch {
  /** Resolves when the callback page says the login ended well; rejects with why not. */
  readonly done: Promise<void>
  /** `step`, unless the login fails first (the popup closed, a failure, too long). */
  race<T>(step: Promise<T>): Promise<T>
  stop(): void
}

function watchPopup(popup: Window, frameOrigin: string, provider: SocialProvider): PopupWatch {
  let stop = () => {}
  const done = new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => {
      stop()
      reject(new SocialLoginError({ reason }))
    }
    const onMessage = (event: MessageEvent) => {
      // Only frame-host's callback page in this login's popup speaks for the login.
      if (event.origin !== frameOrigin || event.source !== popup) return
      const outcome = readSocialDone(event.data, provider)
      if (!outcome) return console.warn('oriel: ignored a malformed social login message', event.data)
      if (!outcome.ok) return fail(outcome.message)
      stop()
      resolve()
    }
    // The callback page closes the popup right after its message: a closed popup is a failure
    // only once its last message had time to arrive.
    let closedAt: number | undefined
    const poll = setInterval(() => {
      if (!popup.closed) return
      closedAt ??= Date.now()
      if (Date.now() - closedAt >= POPUP_CLOSED_GRACE_MS) fail(POPUP_CLOSED)
    }, POPUP_POLL_MS)
    const timer = setTimeout(() => fail(LOGIN_TOO_LONG), SOCIAL_LOGIN_TIMEOUT_MS)
    stop = () => {
      window.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
    }
    window.addEventListener('message', onMessage)
  })
  // A failure before anyone awaits `done` is still seen, through `race`.
  done.catch(() => {})
  const failed = done.then(() => new Promise<never>(() => {}))
  failed.catch(() => {})
  return { done, race: (step) => Promise.race([step, failed]), stop: () => stop() }
}
