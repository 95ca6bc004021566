// The npm package build (`npm run build -w @oriel/react`): ESM, .d.ts and source maps in dist/.
// Dependencies and peer dependencies stay external (tsdown's default for package.json deps).
// Dynamic imports (the frame client with the protocol codec, WalletConnect, the lazy views) stay
// separate chunks, so a dapp's initial chunk only grows by what it renders at first.
import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: { index: 'src/index.ts', wagmi: 'src/wagmi/oriel.ts' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  outDir: 'dist',
  // One line per file for 78 files; the package test prints the tarball's size instead.
  report: false,
})
