import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { STORAGE_KEYS } from '../../storage/keys'

export type GetLoginNotKeptReturnType = boolean

/**
 * Whether the last embedded-wallet login is gone because the browser gave the wallet frame no
 * lasting storage (third-party storage blocked): true while logged out after such a login,
 * until the next login in a browser that keeps it, or a sign-out. Changes with the account
 * (`watchAccount`).
 *
 * @example
 * if (getLoginNotKept(client)) showWhyLoggedOut()
 */
export function getLoginNotKept(client: OrielClient): GetLoginNotKeptReturnType {
  const login = client.embeddedLogin
  return login.storage.getItem(STORAGE_KEYS.embeddedLoginNotKept) === 'true' && !login.connected()
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
export async function requestStorageAccess(client: OrielClient): Promise<RequestStorageAccessReturnType> {
  const login = client.embeddedLogin
  const frame = await login.embedded.ensureReady()
  const persistent = await frame.requestStorageAccess()
  if (login.connected()) login.noteStorage()
  return persistent
}
