// What a site owner plugs in for sign-in (spec §1 "sign in with a wallet signature"): `siwx`,
// for any namespace, or `siweConfig`, EIP-4361 only, turned here into the same shape.
import type { SIWXMessageData } from './message'

/** A signed-in session (spec §3): the message, its text, the signature, the verifier's proof. */
export interface SIWXSession {
  readonly data: SIWXMessageData
  readonly message: string
  readonly signature: string
  /** What the verifier issued for the session (e.g. a signed token), if anything. */
  readonly token?: string | undefined
  /** The verifier's id of the session, if it has one. */
  readonly id?: string | undefined
}

/** Which account's sessions: the network (CAIP-2) and the address. */
export interface SIWXAccount {
  readonly chainId: string
  readonly accountAddress: string
}

/**
 * Sign-in with a wallet signature for any namespace (CAIP-122). The widget asks for a nonce,
 * writes the message, has the wallet sign it and hands the session to `verify`; a session is
 * kept in local storage until it expires or the wallet disconnects (then `revoke`).
 *
 * @example
 * const siwx: SIWXConfig = {
 *   statement: 'Sign in to Lumen',
 *   getNonce: async () => (await fetch('/api/nonce')).text(),
 *   verify: async (session) => { await fetch('/api/verify', { method: 'POST', body: JSON.stringify(session) }); return session },
 *   getSessions: async () => [],
 *   revoke: async () => {},
 * }
 */
export interface SIWXConfig {
  /**
   * Whether a connection must sign in (default true): while it has not, SIWXSignMessage cannot
   * be closed, and cancelling it disconnects the wallet.
   */
  readonly required?: boolean | undefined
  /** The sentence in the message, e.g. 'Sign in to Lumen'. */
  readonly statement?: string | undefined
  /** How long a session lasts, in ms: the message's expiration time. Default: one day. */
  readonly expiresInMs?: number | undefined
  /** A fresh single-use nonce from the verifier (at least 8 letters or digits). */
  getNonce(account: SIWXAccount): Promise<string>
  /** The message's text; default: EIP-4361 for eip155, CAIP-122 for the others. */
  createMessage?(data: SIWXMessageData): string
  /** Verifies the signed message; resolves with the session to keep, rejects when refused. */
  verify(session: SIWXSession): Promise<SIWXSession>
  /** The verifier's live sessions of an account (a sign-in made on another page counts). */
  getSessions(account: SIWXAccount): Promise<readonly SIWXSession[]>
  /** Ends the account's sessions at the verifier; `session` is the one kept here, if any. */
  revoke(account: SIWXAccount, session?: SIWXSession): Promise<void>
}

/** Sign-In With Ethereum as older dapps configure it: EIP-4361 only. */
export interface SiweConfig {
  readonly required?: boolean | undefined
  readonly statement?: string | undefined
  readonly expiresInMs?: number | undefined
  getNonce(address: string): Promise<string>
  /** Whether the backend accepts the signed message (and starts its session). */
  verifyMessage(input: { message: string; signature: string }): Promise<boolean>
  /** The backend's current session, if any. */
  getSession?(): Promise<{ address: string; chainId: number } | null>
  /** Ends the backend's session. */
  signOut?(): Promise<unknown>
}

/** A refused `verifyMessage`, as `verify` reports it. */
export class SiweVerificationError extends Error {
  override name = 'SiweVerificationError'
}

/**
 * `siweConfig` in the `siwx` shape: eip155 accounts only; the backend's own session stands for
 * the signed message, which `getSessions` cannot give back, so a reload signs in again unless
 * the session is still kept locally.
 */
export function siwxFromSiweConfig(siwe: SiweConfig): SIWXConfig {
  return {
    required: siwe.required,
    statement: siwe.statement,
    expiresInMs: siwe.expiresInMs,
    getNonce: ({ accountAddress }) => siwe.getNonce(accountAddress),
    async verify(session) {
      if (!(await siwe.verifyMessage({ message: session.message, signature: session.signature }))) {
        throw new SiweVerificationError('The sign-in was refused by the backend')
      }
      return session
    },
    getSessions: async () => [],
    async revoke() {
      await siwe.signOut?.()
    },
  }
}
