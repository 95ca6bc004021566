// The sign-in flow (spec §4 "Sign-in flow"): a wallet connecting on a supported network with no
// stored session opens SIWXSignMessage; signing adds a session and closes the modal; a failure
// stays on the view with 'Signature declined'; cancelling disconnects when sign-in is required.
import { BaseError } from '../errors/base'
import type { ReadableStore } from '../store/createStore'
import { createStore } from '../store/createStore'
import type { ModalStore } from '../modal/modalStore'
import type { SIWXAccount, SIWXConfig, SIWXSession } from './config'
import { formatSIWXMessage, type SIWXMessageData } from './message'
import type { SIWXSessionStore } from './sessions'

/** How long a session lasts when the config does not say: one day. */
export const DEFAULT_SIWX_EXPIRY_MS = 24 * 60 * 60 * 1000

export type SignatureDeclinedErrorType = SignatureDeclinedError & { name: 'SignatureDeclinedError' }
/** Spec §8 'Signature declined': the wallet refused to sign, or the verifier refused the signature. */
export class SignatureDeclinedError extends BaseError {
  override name = 'SignatureDeclinedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Signature declined', { cause })
  }
}

export type SIWXNotEnabledErrorType = SIWXNotEnabledError & { name: 'SIWXNotEnabledError' }
/** Spec §8 'SIWX is not enabled': signing in was asked for with no `siwx` or `siweConfig`. */
export class SIWXNotEnabledError extends BaseError {
  override name = 'SIWXNotEnabledError'
  constructor() {
    super('SIWX is not enabled', { docsPath: '/config#siwx' })
  }
}

/** What the sign-in flow knows about the current connection. */
export interface SignInState {
  /** `pending`: connected on a supported network without a session; `signing`: the wallet is asked. */
  readonly status: 'idle' | 'checking' | 'pending' | 'signing' | 'signed-in'
  readonly account?: SIWXAccount | undefined
  /** The last failure's message ('Signature declined'), until the next attempt. */
  readonly error?: string | undefined
}

/** What the flow needs from the client. */
export interface SignInParameters {
  readonly siwx: SIWXConfig
  /** The view that asks: SIWXSignMessage, or ConnectingSiwe for a dapp configured with `siweConfig`. */
  readonly view?: 'SIWXSignMessage' | 'ConnectingSiwe' | undefined
  readonly sessions: SIWXSessionStore
  readonly modal: ModalStore
  /** The connected account on a network the dapp lists, or undefined. */
  getAccount(): SIWXAccount | undefined
  /** Calls `onChange` when the account or its network changes; returns the unsubscribe function. */
  subscribeAccount(onChange: () => void): () => void
  /** Signs `message` with the connected wallet (personal_sign for eip155); rejects when refused. */
  signMessage(message: string, account: SIWXAccount): Promise<string>
  /** Disconnects the wallet (a required sign-in was cancelled). */
  disconnect(): Promise<void>
  /** The page's scheme (`https:`), host and URL, for the message's scheme, domain and uri. */
  location(): { protocol: string; host: string; href: string }
  now(): number
}

/** The sign-in flow of one client. */
export interface SignInController extends ReadableStore<SignInState> {
  /** Whether sign-in is required and the connection has no session yet (SIWXSignMessage cannot close). */
  isPending(): boolean
  /** Asks for a nonce, has the wallet sign the message, verifies it, keeps the session, closes the modal. */
  signIn(): Promise<SIWXSession>
  /** SIWXSignMessage's Cancel: disconnects when sign-in is required, else only closes. The modal resets to Connect. */
  cancel(): Promise<void>
  /** Ends the connected account's session here and at the verifier (on disconnect); nothing when none is connected. */
  signOut(): Promise<void>
  /** Starts following the connection; returns the stop function. */
  start(): () => void
}

const sameAccount = (a: SIWXAccount | undefined, b: SIWXAccount | undefined) =>
  a?.chainId === b?.chainId && a?.accountAddress.toLowerCase() === b?.accountAddress.toLowerCase()

/**
 * @example
 * const signIn = createSignIn({ siwx, sessions, modal, getAccount, subscribeAccount, signMessage, disconnect, location, now })
 * const stop = signIn.start()
 */
export function createSignIn(parameters: SignInParameters): SignInController {
  const { siwx, sessions, modal } = parameters
  const store = createStore<SignInState>({ status: 'idle' })
  const required = siwx.required ?? true
  let checking = 0

  const signInView = parameters.view ?? 'SIWXSignMessage'
  const onShow = () => {
    const view = modal.getSnapshot().history.at(-1)?.view
    if (modal.getSnapshot().open && view === signInView) return
    if (modal.getSnapshot().open) modal.push(signInView)
    else modal.open({ view: signInView })
  }

  /** Checks the current account: a kept session, else one the verifier still has, else the view. */
  const check = async () => {
    const account = parameters.getAccount()
    const state = store.getSnapshot()
    if (sameAccount(account, state.account) && state.status !== 'idle') return
    const ticket = ++checking
    if (!account) {
      store.setState({ status: 'idle', account: undefined, error: undefined })
      return
    }
    if (sessions.get(account)) {
      store.setState({ status: 'signed-in', account, error: undefined })
      return
    }
    store.setState({ status: 'checking', account, error: undefined })
    let remote: SIWXSession | undefined
    try {
      const now = parameters.now()
      remote = (await siwx.getSessions(account)).find((s) => sessionFits(s, account, now))
    } catch (error) {
      // The verifier is unreachable: the user signs in again, which asks it once more.
      console.warn('oriel: could not read the sign-in sessions', error)
    }
    if (ticket !== checking) return
    if (remote) {
      sessions.add(remote)
      store.setState({ status: 'signed-in', account, error: undefined })
      return
    }
    store.setState({ status: 'pending', account, error: undefined })
    onShow()
  }

  const controller: SignInController = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    isPending: () => required && ['checking', 'pending', 'signing'].includes(store.getSnapshot().status),
    async signIn() {
      const account = parameters.getAccount()
      if (!account) throw new SignatureDeclinedError({ cause: new Error('no connected account') })
      store.setState({ status: 'signing', account, error: undefined })
      try {
        const now = parameters.now()
        const { protocol, host, href } = parameters.location()
        const scheme = protocol.replace(/:$/, '')
        const data: SIWXMessageData = {
          ...(scheme === 'https' ? {} : { scheme }),
          domain: host,
          accountAddress: account.accountAddress,
          statement: siwx.statement,
          uri: href,
          version: '1',
          chainId: account.chainId,
          nonce: await siwx.getNonce(account),
          issuedAt: new Date(now).toISOString(),
          expirationTime: new Date(now + (siwx.expiresInMs ?? DEFAULT_SIWX_EXPIRY_MS)).toISOString(),
        }
        const message = (siwx.createMessage ?? formatSIWXMessage)(data)
        const signature = await parameters.signMessage(message, account)
        const session = await siwx.verify({ data, message, signature })
        sessions.add(session)
        store.setState({ status: 'signed-in', account, error: undefined })
        modal.close({ force: true })
        return session
      } catch (error) {
        const declined = error instanceof SignatureDeclinedError ? error : new SignatureDeclinedError({ cause: error })
        store.setState({ status: 'pending', account, error: declined.shortMessage })
        throw declined
      }
    },
    async cancel() {
      if (required) await parameters.disconnect()
      modal.close({ force: true })
      modal.reset('Connect')
    },
    async signOut() {
      const account = parameters.getAccount()
      if (!account) return
      const kept = sessions.get(account)
      sessions.remove(account)
      if (sameAccount(store.getSnapshot().account, account)) store.setState({ status: 'idle', account: undefined })
      await siwx.revoke(account, kept)
    },
    start() {
      void check()
      return parameters.subscribeAccount(() => void check())
    },
  }
  return controller
}

/** A verifier's session fits when it is for the account and still live. */
function sessionFits(session: SIWXSession, account: SIWXAccount, now: number): boolean {
  const expires = session.data.expirationTime ? Date.parse(session.data.expirationTime) : undefined
  return sameAccount(session.data, account) && (expires === undefined || expires > now)
}
