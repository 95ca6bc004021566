// Sign-in sessions kept in the dapp's local storage (spec §3 "sign-in tokens and nonce"), per
// network and address, until they expire or the wallet disconnects.
import type { SafeStorage } from '../storage/storage'
import { STORAGE_KEYS } from '../storage/keys'
import type { SIWXAccount, SIWXSession } from './config'

/** The most sessions kept; the oldest go first. */
const MAX_SESSIONS = 20

const keyOf = ({ chainId, accountAddress }: SIWXAccount) =>
  `${chainId}:${chainId.startsWith('eip155:') ? accountAddress.toLowerCase() : accountAddress}`

/** Whether `session` is for `account` and live at `now` (ms): issued, not before, not expired. */
export function isLiveSession(session: SIWXSession, account: SIWXAccount, now: number): boolean {
  const { data } = session
  if (keyOf(data) !== keyOf(account)) return false
  const at = (time: string | undefined) => (time === undefined ? undefined : Date.parse(time))
  const expires = at(data.expirationTime)
  const notBefore = at(data.notBefore)
  if (expires !== undefined && !(expires > now)) return false
  if (notBefore !== undefined && !(notBefore <= now)) return false
  return true
}

/** The sessions in local storage. */
export interface SIWXSessionStore {
  /** The live session of `account`, if one is kept. */
  get(account: SIWXAccount): SIWXSession | undefined
  /** Keeps `session` (replacing the account's earlier one). */
  add(session: SIWXSession): void
  /** Forgets every session of `account`. */
  remove(account: SIWXAccount): void
}

/**
 * @example
 * const sessions = createSIWXSessionStore({ storage, now: Date.now })
 * sessions.get({ chainId: 'eip155:1', accountAddress: '0xAb58…' })
 */
export function createSIWXSessionStore({ storage, now }: { storage: SafeStorage; now: () => number }): SIWXSessionStore {
  const read = (): SIWXSession[] => {
    const raw = storage.getItem(STORAGE_KEYS.siwxSessions)
    if (!raw) return []
    try {
      const parsed: unknown = JSON.parse(raw)
      return Array.isArray(parsed) ? parsed.filter(isStoredSession) : []
    } catch {
      // Not ours or damaged: sign in again rather than trust it.
      return []
    }
  }
  const write = (sessions: SIWXSession[]) => storage.setItem(STORAGE_KEYS.siwxSessions, JSON.stringify(sessions.slice(-MAX_SESSIONS)))
  return {
    get: (account) => read().find((s) => isLiveSession(s, account, now())),
    add(session) {
      write([...read().filter((s) => keyOf(s.data) !== keyOf(session.data) && isLiveSession(s, s.data, now())), session])
    },
    remove(account) {
      write(read().filter((s) => keyOf(s.data) !== keyOf(account)))
    },
  }
}

function isStoredSession(value: unknown): value is SIWXSession {
  const s = value as Partial<SIWXSession> | null
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.message === 'string' &&
    typeof s.signature === 'string' &&
    typeof s.data === 'object' &&
    s.data !== null &&
    typeof s.data.chainId === 'string' &&
    typeof s.data.accountAddress === 'string'
  )
}
