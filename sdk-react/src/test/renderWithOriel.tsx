// Test helper: renders UI with a core client whose frame client is a fake (no vi.mock needed).
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createClient, type CreateClientParameters } from '../core/client/createClient'
import { createConfig, type CreateConfigParameters } from '../core/config/createConfig'
import { ethereum } from '../core/networks'
import { OrielContext } from '../react/context'
import { ModalRoot } from '../react/modal/ModalRoot'
import { loadFakeFrameClient } from './fakeFrameClient'

export function renderWithOriel(
  ui: ReactElement | null,
  config: Partial<CreateConfigParameters> = {},
  options: Partial<Omit<CreateClientParameters, 'config'>> = {},
) {
  const client = createClient({
    config: createConfig({ projectId: 'demo', walletConnectProjectId: 'demo', networks: [ethereum], ...config }),
    loadFrameClient: loadFakeFrameClient,
    isMobile: () => false,
    // frame-host's failures are tried again at once (the spec's 1 s and 2 s would only slow tests).
    retryDelay: () => 0,
    ...options,
  })
  const unmount = client.mount()
  const result = render(
    <OrielContext.Provider value={client}>
      {ui}
      <ModalRoot />
    </OrielContext.Provider>,
  )
  return {
    ...result,
    client,
    unmount() {
      result.unmount()
      unmount()
    },
  }
}

/** The modal's shadow root (throws when the modal host does not exist). */
export function getShadowRoot(): ShadowRoot {
  const root = document.querySelector('oriel-modal')?.shadowRoot
  if (!root) throw new Error('no <oriel-modal> shadow root')
  return root
}
