// The demo Farcaster client: a Farcaster app's sign-in page on its own origin (make demo serves it
// on 5176), holding the devnet's Farcaster account (devnet/farcaster.mjs).
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

const server = { host: '127.0.0.1', port: 5176, strictPort: true }

export default defineConfig({
  root: __dirname,
  envDir: __dirname,
  // Its own dependency-optimizer cache, as the demo wallet has (see demo/wallet/vite.config.ts).
  cacheDir: resolve(__dirname, '../node_modules/.vite-farcaster'),
  server,
  preview: server,
  build: {
    // viem and the auth client: one chunk is fine for a test client.
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      onwarn(warning, warn) {
        // ox ships /*#__PURE__*/ comments where Rollup cannot use them: harmless, and noisy.
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning)
      },
    },
  },
})
