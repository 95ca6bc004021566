// The vitest workspace: one project per test environment. `make test` runs them all.
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineWorkspace } from 'vitest/config'

// Tests that import `@oriel/react` by name get its TypeScript source (the package's
// `@oriel/source` export condition), not dist/, so they need no package build.
const fromSource = {
  resolve: { conditions: ['@oriel/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@oriel/source', ...defaultServerConditions] } },
}

export default defineWorkspace([
  {
    // The host-side codec: postcard laid out by the schema generated from the protocol crate,
    // checked against fixtures/protocol.
    test: {
      name: 'codec',
      environment: 'node',
      include: ['sdk-react/src/codec/**/*.test.ts'],
    },
  },
  {
    // The SDK: framework-free core and React views, in a DOM.
    extends: './sdk-react/vite.config.ts',
    ...fromSource,
    test: {
      name: 'sdk',
      environment: 'jsdom',
      include: ['sdk-react/src/**/*.test.{ts,tsx}'],
      exclude: ['sdk-react/src/codec/**', 'sdk-react/src/**/*.node.test.ts'],
      setupFiles: ['sdk-react/src/test/setup.ts'],
    },
  },
  {
    // SSR safety and other checks that must run without a DOM.
    ...fromSource,
    test: {
      name: 'sdk-node',
      environment: 'node',
      include: ['sdk-react/src/**/*.node.test.ts'],
    },
  },
  {
    // The local stack's own servers (stack/: the loopback WalletConnect relay), in Node.
    test: {
      name: 'stack',
      environment: 'node',
      include: ['stack/**/*.test.ts'],
    },
  },
  {
    // Signing vectors from the frame (fixtures/evm, fixtures/solana), checked with viem and
    // @solana/kit.
    test: {
      name: 'fixtures',
      environment: 'node',
      include: ['fixtures/**/*.test.ts'],
    },
  },
  {
    // The devnet's contracts (devnet/), deployed on a hardhat node of the test's own.
    test: {
      name: 'devnet',
      environment: 'node',
      include: ['devnet/**/*.test.ts'],
      hookTimeout: 60_000,
    },
  },
  {
    // Browser end-to-end: real frame-host, real frame, real demo, two origins, Chromium.
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['e2e/**/*.e2e.ts'],
      globalSetup: ['e2e/setup/global.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
      // A page under load can take seconds to settle; polls wait as long as Playwright's
      // own locators would rather than vitest's 1 s default.
      expect: { poll: { timeout: 15_000 } },
    },
  },
])
