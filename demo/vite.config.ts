// The demo dapp: uses @oriel/react by package name, exactly as a dapp would.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const server = { host: 'localhost', port: 5173, strictPort: true }

export default defineConfig({
  plugins: [react()],
  server,
  preview: server,
  build: {
    manifest: true,
    rollupOptions: {
      output: {
        // React in its own chunk, so the SDK's share of the initial chunk can be measured.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react'
        },
      },
    },
  },
})
