import { base, createConfig, ethereum, localDevnet, polygon, solana } from '@oriel/react'

/** Where frame-host serves the embedded wallet; `make demo` sets it. */
const frameHostUrl = import.meta.env.VITE_ORIEL_FRAME_HOST || 'http://127.0.0.1:8787'

export const config = createConfig({
  projectId: 'demo',
  frameHostUrl,
  networks: [ethereum, base, polygon, localDevnet, solana],
  metadata: {
    name: 'Lumen',
    description: 'Oriel demo dapp',
    url: 'http://localhost:5173',
    icons: [],
  },
})
