import { useEffect, useState, type ReactNode } from 'react'
import { createClient, type OrielClient } from '../core/client/createClient'
import type { Config } from '../core/config/createConfig'
import { OrielContext } from './context'
import { ModalRoot } from './modal/ModalRoot'

export type OrielProviderProps = {
  children?: ReactNode
} & (
  | {
      /** From `createConfig`. Read once, when the provider first renders. */
      config: Config
      client?: undefined
    }
  | {
      /** From `createOrielClient`, when something outside React shares it (the wagmi connector). */
      client: OrielClient
      config?: undefined
    }
)

/**
 * Makes Oriel available to its children and renders the modal (into a shadow root on
 * `document.body`, unless `enableEmbedded` is set). Server-render safe: browser work starts
 * after mount.
 *
 * @example
 * const config = createConfig({ projectId: 'my-project', networks: [ethereum] })
 *
 * createRoot(el).render(
 *   <OrielProvider config={config}>
 *     <App />
 *   </OrielProvider>,
 * )
 */
export function OrielProvider(props: OrielProviderProps) {
  const [client] = useState(() => props.client ?? createClient({ config: props.config }))
  useEffect(() => client.mount(), [client])
  return (
    <OrielContext.Provider value={client}>
      {props.children}
      {client.config.enableEmbedded ? null : <ModalRoot />}
    </OrielContext.Provider>
  )
}

/**
 * Creates the SDK's client outside React, to share it between `<OrielProvider client>` and
 * the wagmi connector.
 *
 * @example
 * const client = createOrielClient(createConfig({ projectId, networks: [ethereum] }))
 * const wagmiConfig = createWagmiConfig({ chains: [mainnet], connectors: [oriel({ client })], … })
 * <OrielProvider client={client}>…</OrielProvider>
 */
export function createOrielClient(config: Config): OrielClient {
  return createClient({ config })
}
