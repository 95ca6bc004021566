import { createConnector } from '@wagmi/core'
import { disconnect } from '../core/actions/disconnect'
import { reconnect } from '../core/actions/reconnect'
import type { OrielClient } from '../core/client/createClient'
import type { EmbeddedProvider } from '../core/embedded/provider'

export type OrielConnectorParameters = {
  /** The client shared with `<OrielProvider client>` (see `createOrielClient`). */
  client: OrielClient
}

/**
 * A wagmi connector for Oriel's embedded wallet. `connect` opens the widget on the Connect
 * view and resolves once the user has logged in by email; signing requests then show the
 * approval inside the wallet frame, exactly as through the provider.
 *
 * @example
 * const client = createOrielClient(orielConfig)
 * const wagmiConfig = createConfig({
 *   chains: [mainnet],
 *   connectors: [oriel({ client })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function oriel({ client }: OrielConnectorParameters) {
  const provider = client.embeddedProvider

  const accounts = async () => (await provider.request({ method: 'eth_accounts' })) as `0x${string}`[]
  const chainId = async () => Number(await provider.request({ method: 'eth_chainId' }))

  return createConnector<EmbeddedProvider>((config) => ({
    id: 'oriel',
    name: 'Oriel',
    type: 'oriel',

    async setup() {
      provider.on('accountsChanged', (a) => this.onAccountsChanged(a as string[]))
      provider.on('chainChanged', (c) => this.onChainChanged(c as string))
      provider.on('disconnect', () => this.onDisconnect())
    },

    async connect(parameters?: { chainId?: number | undefined; isReconnecting?: boolean | undefined }) {
      if ((await accounts()).length === 0) {
        if (parameters?.isReconnecting) await reconnect(client, { connectorIds: [client.embeddedConnector.id] })
        else await waitForLogin(client)
      }
      const found = await accounts()
      if (found.length === 0) throw new Error('Oriel: no account after login')
      // The result type depends on wagmi's `withCapabilities` flag, which this connector ignores.
      return { accounts: found, chainId: await chainId() } as never
    },
    async disconnect() {
      await disconnect(client)
    },
    getAccounts: accounts,
    getChainId: chainId,
    async getProvider() {
      return provider
    },
    async isAuthorized() {
      return (await accounts()).length > 0
    },
    onAccountsChanged(list) {
      if (list.length === 0) this.onDisconnect()
      else config.emitter.emit('change', { accounts: list as `0x${string}`[] })
    },
    onChainChanged(id) {
      config.emitter.emit('change', { chainId: Number(id) })
    },
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
}

/** Opens the widget and waits until the account connects, or rejects when the user closes it. */
function waitForLogin(client: OrielClient): Promise<void> {
  return new Promise((resolve, reject) => {
    client.modal.open({ view: 'Connect' })
    const check = () => {
      const { status } = client.connection.getSnapshot()
      if (status === 'connected' && client.connection.getConnector() === client.embeddedConnector) {
        stop()
        resolve()
      } else if (!client.modal.getSnapshot().open) {
        stop()
        reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
      }
    }
    const stopAccount = client.connection.subscribe(check)
    const stopModal = client.modal.subscribe(check)
    const stop = () => {
      stopAccount()
      stopModal()
    }
  })
}
