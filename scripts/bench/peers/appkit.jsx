// A peer in the modal benchmark: Reown AppKit with its wagmi adapter and its own connect
// button, as its quick start sets it up. Analytics are off: nothing here reaches the internet.
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'bench'
const networks = [mainnet]
const adapter = new WagmiAdapter({ networks, projectId })
createAppKit({
  adapters: [adapter],
  networks,
  projectId,
  metadata: { name: 'Bench', description: 'AppKit modal benchmark', url: location.origin, icons: [] },
  features: { analytics: false },
})

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={adapter.wagmiConfig}>
    <QueryClientProvider client={new QueryClient()}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
