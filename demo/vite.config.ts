// The demo dapp: uses @oriel/react by package name, exactly as a dapp would, but from its
// TypeScript source (the package's `@oriel/source` export condition), so no package build is needed.
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

const server = { host: 'localhost', port: 5173, strictPort: true }

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@oriel/source', ...defaultClientConditions] },
  server,
  preview: server,
  build: {
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // ox (under WalletConnect's lazy chunk) ships /*#__PURE__*/ comments Rollup cannot use.
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning)
      },
      output: {
        // React in its own chunk, so the SDK's share of the initial chunk can be measured.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react'
        },
      },
    },
  },
})
