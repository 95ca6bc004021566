import type { StorageKey } from './keys'

/**
 * `localStorage`, made safe: on the server, in a sandboxed frame, with storage disabled or full,
 * every call is a no-op (reads return `null`) instead of throwing.
 */
export interface SafeStorage {
  getItem(key: StorageKey): string | null
  setItem(key: StorageKey, value: string): void
  removeItem(key: StorageKey): void
}

function local(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : (window.localStorage ?? undefined)
  } catch {
    // Reading `window.localStorage` itself throws when storage is blocked.
    return undefined
  }
}

/**
 * The dapp's `localStorage` behind {@link SafeStorage}. Looked up on every call, never at import.
 *
 * @example
 * storage.setItem(STORAGE_KEYS.embeddedLoginUsed, 'true')
 * storage.getItem(STORAGE_KEYS.embeddedLoginUsed) // 'true', or null on the server
 */
export const storage: SafeStorage = {
  getItem(key) {
    try {
      return local()?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  setItem(key, value) {
    try {
      local()?.setItem(key, value)
    } catch {
      // Quota exceeded or storage blocked: the value is simply not kept.
    }
  },
  removeItem(key) {
    try {
      local()?.removeItem(key)
    } catch {
      // Storage blocked: nothing to remove.
    }
  },
}
