import type { User } from '../../codec/protocol.gen'
import type { OrielClient } from '../client/createClient'
import type { SocialProvider } from '../config/features'
import { SOCIAL_LOGIN_PROVIDERS } from '../constants'
import { EmbeddedWalletLoadError, SocialLoginError, type SocialLoginErrorType } from '../errors/auth'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'
import type { EmbeddedWalletErrorType } from './errors'

export type ConnectSocialParameters = {
  /** google, x, discord, github, apple or facebook (Farcaster has its own view, ConnectingFarcaster). */
  provider: SocialProvider
}

/** The logged-in user, now the connected account. */
export type ConnectSocialReturnType = User

export type ConnectSocialErrorType = ProjectIdNotConfiguredErrorType | SocialLoginErrorType | EmbeddedWalletErrorType

/** Social logins in progress, one per client (they share one popup window). */
const running = new WeakSet<OrielClient>()

/**
 * Logs in with a social provider through the embedded wallet and connects the account. Call it
 * from the user's click: it opens the popup at once, before anything else waits (browsers block
 * a popup opened later), then sends it to the provider the frame names. Resolves once
 * connected; rejects with `SocialLoginError` ('A problem occurred while trying initialize
 * authentication', its `reason` saying why: the popup was blocked or closed, the user
 * declined, it took too long, the provider refused), after disconnecting the embedded wallet and
 * resetting the modal to Connect (spec §8).
 *
 * @example
 * button.onclick = () => connectSocial(client, { provider: 'google' }).catch((error) => show(error.details))
 */
export async function connectSocial(client: OrielClient, parameters: ConnectSocialParameters): Promise<ConnectSocialReturnType> {
  const { provider } = parameters
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  if (!SOCIAL_LOGIN_PROVIDERS.includes(provider as never)) {
    throw new SocialLoginError({ reason: `${provider} does not sign in through a popup` })
  }
  if (running.has(client)) throw new SocialLoginError({ reason: 'A sign-in is already in progress' })
  // Nothing is awaited before this: the popup opens under the click's user activation.
  const popup = window.open('about:blank', 'oriel-social', popupFeatures())
  if (!popup) {
    throw new SocialLoginError({ reason: 'The browser blocked the sign-in window: allow pop-ups for this site' })
  }
  running.add(client)
  try {
    const { runSocialLogin } = await import('../embedded/socialLogin').catch((cause: unknown) => {
      popup.close()
      throw new SocialLoginError({ reason: new EmbeddedWalletLoadError({ cause }).shortMessage, cause })
    })
    return await runSocialLogin(client, { provider: provider as Exclude<SocialProvider, 'farcaster'>, popup })
  } finally {
    running.delete(client)
  }
}

/** A 480 × 640 window centred over the page. */
function popupFeatures(): string {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  return `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`
}
