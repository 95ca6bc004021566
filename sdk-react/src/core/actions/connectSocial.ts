import type { User } from '../../codec/protocol.gen'
import type { OrielClient } from '../client/createClient'
import type { SocialProvider } from '../config/features'
import { EmbeddedWalletLoadError } from '../errors/auth'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'
import type { SocialLoginErrorType } from '../errors/social'
import type { EmbeddedWalletErrorType } from './errors'

export type ConnectSocialParameters = {
  /** google, x, discord, github, apple or facebook (Farcaster has its own view, ConnectingFarcaster). */
  provider: SocialProvider
}

/** The logged-in user, now the connected account. */
export type ConnectSocialReturnType = User

export type ConnectSocialErrorType = ProjectIdNotConfiguredErrorType | SocialLoginErrorType | EmbeddedWalletErrorType

/**
 * Logs in with a social provider through the embedded wallet and connects the account. Call it
 * from the user's click: it opens the popup at once, before anything else waits (browsers block
 * a popup opened later), then loads the rest of the flow (`embedded/socialLogin`), which sends
 * the popup to the provider the frame names. Resolves once connected; rejects with
 * `SocialLoginError` ('A problem occurred while trying initialize authentication', its `reason`
 * saying why: the popup was blocked or closed, the user declined, it took too long, the provider
 * refused), after disconnecting the embedded wallet and resetting the modal to Connect (spec §8).
 *
 * @example
 * button.onclick = () => connectSocial(client, { provider: 'google' }).catch((error) => show(error.details))
 */
export async function connectSocial(client: OrielClient, parameters: ConnectSocialParameters): Promise<ConnectSocialReturnType> {
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  // Nothing is awaited before this: the popup opens under the click's user activation.
  const popup = window.open('about:blank', '_blank', 'popup,width=480,height=640')
  const { runSocialLogin } = await import('../embedded/socialLogin').catch((cause: unknown) => {
    popup?.close()
    throw new EmbeddedWalletLoadError({ cause })
  })
  return runSocialLogin(client, { provider: parameters.provider, popup })
}
