import { STORAGE_KEYS, type StorageKey } from '../storage/keys'
import { storage } from '../storage/storage'

/** The account the user connected with, as kept in localStorage (spec §3). */
export type ConnectedSocial = {
  provider: string | undefined
  username: string | undefined
  image: string | undefined
}

/**
 * The social account (Farcaster's, for now) the connected user signed in with, as kept in
 * localStorage: its provider, username and avatar.
 *
 * @example
 * getConnectedSocial().username // 'devnet-ada'
 */
export function getConnectedSocial(): ConnectedSocial {
  const read = (key: StorageKey) => storage.getItem(key) ?? undefined
  return {
    provider: read(STORAGE_KEYS.connectedSocialProvider),
    username: read(STORAGE_KEYS.connectedSocialUsername),
    image: read(STORAGE_KEYS.connectedSocialImage),
  }
}
