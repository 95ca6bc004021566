// The demo wallet: a WalletConnect wallet page on its own origin (make demo serves it on 5174).
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

const server = { host: '127.0.0.1', port: 5174, strictPort: true }

export default defineConfig({
  root: __dirname,
  envDir: __dirname,
  // Its own dependency-optimizer cache: sharing the dapp's (demo/node_modules/.vite) made the
  // second dev server to start invalidate the first one's pre-bundled deps (504 Outdated Optimize Dep).
  cacheDir: resolve(__dirname, '../node_modules/.vite-wallet'),
  server,
  preview: server,
  build: {
    // WalletConnect's client and viem: one chunk is fine for a test wallet.
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      onwarn(warning, warn) {
        // ox ships /*#__PURE__*/ comments where Rollup cannot use them: harmless, and noisy.
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning)
      },
    },
  },
})
