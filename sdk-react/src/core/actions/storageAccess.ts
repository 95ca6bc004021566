import type { OrielClient } from '../client/createClient'
import type { EmbeddedWalletErrorType } from './errors'

export type GetLoginNotKeptReturnType = boolean

/**
 * Whether the last embedded-wallet login is gone because the browser gave the wallet frame no
 * lasting storage (third-party storage blocked): true while logged out after such a login.
 * Changes with the account (`watchAccount`).
 *
 * @example
 * if (getLoginNotKept(client)) showWhyLoggedOut()
 */
export function getLoginNotKept(client: OrielClient): GetLoginNotKeptReturnType {
  return client.embeddedConnector.loginNotKept()
}

/** Whether the login now outlives the page. */
export type RequestStorageAccessReturnType = boolean

export type RequestStorageAccessErrorType = EmbeddedWalletErrorType

/**
 * Asks the user, inside the wallet frame, to let it keep its storage on this site (the Storage
 * Access API).
 *
 * @example
 * const kept = await requestStorageAccess(client)
 */
export function requestStorageAccess(client: OrielClient): Promise<RequestStorageAccessReturnType> {
  return client.embeddedConnector.requestStorageAccess()
}
