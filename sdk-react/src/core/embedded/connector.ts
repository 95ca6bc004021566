import type { Connector } from '../connectors/types'
import { isNotConnectedError } from '../frame/errors'
import { STORAGE_KEYS } from '../storage/keys'
import { EMBEDDED_CONNECTOR_ID, type EmbeddedLogin, walletChain } from './login'
import type { EmbeddedProvider } from './provider'

export { EMBEDDED_CONNECTOR_ID } from './login'

/** What the embedded wallet is called in the widget. */
const EMBEDDED_WALLET_NAME = 'Email Wallet'

export type CreateEmbeddedConnectorParameters = {
  /** The login state the connector shares with the embedded wallet's actions. */
  login: EmbeddedLogin
  /** The embedded wallet as an EIP-1193 provider. */
  provider: EmbeddedProvider
  /** Whether the config uses the embedded wallet at all (email or socials on, a project id). */
  enabled: boolean
}

/**
 * The embedded wallet (email and social login) as a {@link Connector}: connect, reconnect,
 * disconnect, provider, network switch and events like every wallet. Its own steps (email
 * login, code, device approval, email change, account type, storage access) are actions in
 * `embedded/actions/`, over the same {@link EmbeddedLogin}.
 */
export interface EmbeddedConnector extends Connector {
  readonly type: 'AUTH'
}

/**
 * Creates the embedded wallet's connector. Its login outlives the page in the frame's session
 * plus a few `@oriel/embedded/*` keys, so it restores itself (`restores: 'connector'`); the
 * connection store holds its connection like any other.
 *
 * @example
 * const connector = createEmbeddedConnector({ login, provider, enabled: true })
 * await connectEmail(client, { email: 'ada@example.com' })
 * await connectOtp(client, { otp: '123456' }) // connects it
 */
export function createEmbeddedConnector(parameters: CreateEmbeddedConnectorParameters): EmbeddedConnector {
  const { login, provider, enabled } = parameters
  const { embedded, storage } = login
  return {
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_WALLET_NAME,
    type: 'AUTH',
    chain: 'eip155',
    namespaces: ['eip155', 'solana'],
    restores: 'connector',
    isAuthorized: () => enabled && storage.getItem(STORAGE_KEYS.embeddedLoginUsed) === 'true',
    async connect({ caipNetworkId } = {}) {
      const frame = await embedded.ensureReady()
      login.newLogin()
      const chainId = walletChain(caipNetworkId)
      // A login's code already answered with the user on this network: nothing more to ask.
      const user = login.takeHandedOver(chainId) ?? (await login.fetchUser(frame, chainId))
      return login.loggedIn(user)
    },
    async reconnect({ caipNetworkId, signal } = {}) {
      const frame = await embedded.ensureReady()
      const session = await frame.isConnected()
      if (signal?.aborted) return null
      if (!session) {
        login.loggedOut()
        return null
      }
      const user = await login.fetchUser(frame, walletChain(caipNetworkId))
      return signal?.aborted ? null : login.loggedIn(user)
    },
    async disconnect() {
      // The connection store asks only while it holds this connector's connection.
      const frame = await embedded.ensureReady()
      // A session that is already gone is as good as signed out.
      await frame.signOut().catch((error: unknown) => {
        if (!isNotConnectedError(error)) throw error
      })
      login.loggedOut()
      // Signed out on purpose: nothing to explain at the next visit.
      storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
    },
    getProvider: () => provider,
    subscribe(listener) {
      const stopListening = login.listen(listener)
      // The frame's SessionUpdate events: a session that ended (e.g. expired) disconnects.
      let session = embedded.getSnapshot().session
      const stop = embedded.subscribe(() => {
        const next = embedded.getSnapshot().session
        if (next === session) return
        session = next
        if (next && !next.isConnected && login.connected()) {
          login.loggedOut()
          listener({ type: 'accountsChanged', addresses: [] })
        }
      })
      return () => {
        stopListening()
        stop()
      }
    },
    async switchNetwork(network) {
      const chainId = walletChain(network.caipNetworkId)
      if (!chainId || !login.connected()) return
      const frame = await embedded.ensureReady()
      await frame.request({ SwitchNetwork: { chainId } })
      login.emit({ type: 'change', connection: login.loggedIn(await login.fetchUser(frame, chainId)) })
    },
  }
}
