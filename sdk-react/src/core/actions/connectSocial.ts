import type { OrielClient } from '../client/createClient'
import type { SocialProvider } from '../config/features'
import { usesEmbeddedWallet } from '../config/createConfig'
import { SocialLoginUnavailableError, type SocialLoginUnavailableErrorType } from '../errors/auth'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'

export type ConnectSocialParameters = {
  provider: SocialProvider
}

export type ConnectSocialReturnType = undefined

export type ConnectSocialErrorType = ProjectIdNotConfiguredErrorType | SocialLoginUnavailableErrorType

/**
 * Starts social login with `provider`. Preloads the embedded wallet's frame; social login is
 * not wired yet, so it then rejects with `SocialLoginUnavailableError`.
 *
 * @example
 * await connectSocial(client, { provider: 'github' }).catch((error) => client.snackbar.showError(error.shortMessage))
 */
export async function connectSocial(client: OrielClient, parameters: ConnectSocialParameters): Promise<ConnectSocialReturnType> {
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  if (usesEmbeddedWallet(client.config)) client.embedded.preload()
  throw new SocialLoginUnavailableError({ provider: parameters.provider })
}
