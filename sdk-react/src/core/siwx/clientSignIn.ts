// The sign-in flow wired to a client's stores: the account on a listed network, the connected
// wallet's provider for the signature, the connection for a cancelled required sign-in.
import { stringToHex } from 'viem'
import type { AccountStore } from '../account/accountStore'
import type { Config } from '../config/createConfig'
import type { ConnectionStore } from '../connection/connectionStore'
import type { ModalStore } from '../modal/modalStore'
import type { SafeStorage } from '../storage/storage'
import { type SIWXAccount, type SIWXConfig, siwxFromSiweConfig } from './config'
import { createSIWXSessionStore } from './sessions'
import { createSignIn, type SignInController } from './signIn'

/** The `siwx` a config asks for: its own, or its `siweConfig` in that shape, or none. */
export function siwxOf(config: Pick<Config, 'siwx' | 'siweConfig'>): SIWXConfig | undefined {
  return config.siwx ?? (config.siweConfig ? siwxFromSiweConfig(config.siweConfig) : undefined)
}

/**
 * The client's sign-in flow, or undefined when the config has no `siwx` or `siweConfig`.
 *
 * @example
 * const signIn = createClientSignIn({ config, account, connection, modal, storage, now: Date.now })
 */
export function createClientSignIn({
  config,
  account,
  connection,
  modal,
  storage,
  now,
}: {
  config: Config
  account: AccountStore
  connection: ConnectionStore
  modal: ModalStore
  storage: SafeStorage
  now: () => number
}): SignInController | undefined {
  const siwx = siwxOf(config)
  if (!siwx) return undefined
  const listed = new Set<string>(config.networks.map((n) => n.caipNetworkId))
  const getAccount = (): SIWXAccount | undefined => {
    const { status, address, caipAddress } = account.getSnapshot()
    if (status !== 'connected' || !address || !caipAddress) return undefined
    const chainId = caipAddress.slice(0, caipAddress.length - address.length - 1)
    return listed.has(chainId) ? { chainId, accountAddress: address } : undefined
  }
  return createSignIn({
    siwx,
    view: config.siweConfig ? 'ConnectingSiwe' : 'SIWXSignMessage',
    sessions: createSIWXSessionStore({ storage, now }),
    modal,
    getAccount,
    subscribeAccount: account.subscribe,
    async signMessage(message, { chainId, accountAddress }) {
      if (!chainId.startsWith('eip155:')) throw new Error(`signing in on ${chainId} is not available yet`)
      const provider = connection.getConnector()?.getProvider()
      if (!provider) throw new Error('the connected wallet has no provider')
      return (await provider.request({ method: 'personal_sign', params: [stringToHex(message), accountAddress] })) as string
    },
    disconnect: () => connection.disconnect(),
    location: () => ({ protocol: window.location.protocol, host: window.location.host, href: window.location.href }),
    now,
  })
}
