import { useEffect, useState, type ReactNode } from 'react'
import { createClient } from '../core/client/createClient'
import type { Config } from '../core/config/createConfig'
import { OrielContext } from './context'
import { ModalRoot } from './modal/ModalRoot'

export type OrielProviderProps = {
  /** From `createConfig`. Read once, when the provider first renders. */
  config: Config
  children?: ReactNode
}

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
export function OrielProvider({ config, children }: OrielProviderProps) {
  const [client] = useState(() => createClient({ config }))
  useEffect(() => client.mount(), [client])
  return (
    <OrielContext.Provider value={client}>
      {children}
      {config.enableEmbedded ? null : <ModalRoot />}
    </OrielContext.Provider>
  )
}
