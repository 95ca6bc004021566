// The modal benchmark's app: React 19 with the widget's provider and connect button, as the
// smallest dapp would have them.
import { ConnectButton, createConfig, ethereum, OrielProvider } from '@oriel/react'
import { createRoot } from 'react-dom/client'

const config = createConfig({
  projectId: 'demo',
  frameHostUrl: import.meta.env.VITE_ORIEL_FRAME_HOST,
  networks: [ethereum],
  metadata: { name: 'Bench', description: 'Oriel modal benchmark', url: location.origin, icons: [] },
})

createRoot(document.getElementById('root')).render(
  <OrielProvider config={config}>
    <ConnectButton />
  </OrielProvider>,
)
