// The whole local stack at once, as `make demo`, `make screenshots`, `make bench` and the browser
// tests run it: frame-host (the frame's origin), the demo dapp, the demo WalletConnect wallet and
// the demo Farcaster client (each on its own origin), the loopback WalletConnect relay, the local
// identity provider of social login, the local Solana cluster and, with the devnet, its
// contracts, its ERC-4337 bundler (alto) and the sandbox card on-ramp that delivers on it.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startSolanaDevnet } from '../devnet/solana/server.mjs'
import { buildDemo, buildFarcasterClient, buildWallet } from './build.mjs'
import { startBundler } from './bundler.mjs'
import { startDevnet } from './devnet.mjs'
import { startFrameHost } from './frameHost.mjs'
import { startOidcProvider } from './oidc.mjs'
import { startOnrampSandbox } from './onrampSandbox.mjs'
import { portsOf, root, urlsOf } from './ports.mjs'
import { startRelay } from './relay.mjs'
import { serveStatic } from './static.mjs'

/**
 * Serves a page's sources with a Vite dev server (hot reload) on `port` (its config's host),
 * with `env` as its `VITE_*` variables.
 */
async function serveDev(configFile, port, env) {
  const { createServer } = await import('vite')
  Object.assign(process.env, env)
  const server = await createServer({ configFile, root: dirname(configFile), clearScreen: false, server: { port, strictPort: true } })
  await server.listen()
  return { stop: () => server.close() }
}

/**
 * Starts the stack on `profile`'s ports (stack/ports.mjs) and resolves once every service
 * answers; `stop()` stops them all, newest first. Fails with everything started so far stopped.
 *
 * - `devnet` (default true): the hardhat devnet with the devnet contracts (written to
 *   `contractsFile`, a temporary file unless given), and with it the bundler and the on-ramp
 *   sandbox, which need them.
 * - `distDir`: where the three pages are built (`demo`, `wallet`, `farcaster` in it; a
 *   temporary directory unless given). With `dev`, Vite dev servers serve their sources instead.
 * - `dataDir`: frame-host's state (a temporary directory unless given).
 * - `otherDir`: served on the `other` origin (the tests' pages from a site the project does not allow).
 * - `log`: frame-host's log level (ORIEL_LOG, else `warn`).
 *
 * @param {{ profile?: 'test' | 'demo', devnet?: boolean, contractsFile?: string, distDir?: string, dev?: boolean, dataDir?: string, otherDir?: string, log?: string }} [options]
 */
export async function startStack({ profile = 'test', devnet: withDevnet = true, contractsFile, distDir, dev = false, dataDir, otherDir, log } = {}) {
  const ports = portsOf(profile)
  const urls = urlsOf(ports)
  /** @type {(() => Promise<unknown>)[]} */
  const stops = []
  let stopping
  const stop = () => {
    stopping ??= (async () => {
      for (const stopOne of stops.reverse()) await stopOne().catch((error) => console.error(error))
    })()
    return stopping
  }
  try {
    /** @type {import('../devnet/deploy.mjs').DevnetContracts | undefined} */
    let contracts
    if (withDevnet) {
      contractsFile ??= join(mkdtempSync(join(tmpdir(), 'oriel-devnet-')), 'devnet-contracts.json')
      const devnet = await startDevnet({ port: ports.devnet, contractsFile })
      stops.push(devnet.stop)
      contracts = devnet.contracts
    }
    stops.push((await startSolanaDevnet({ port: ports.solana })).stop)
    const buildDir = distDir ?? mkdtempSync(join(tmpdir(), 'oriel-pages-'))
    const dirs = dev
      ? undefined
      : {
          demo: await buildDemo({ outDir: join(buildDir, 'demo'), urls, devnetContracts: contractsFile }),
          wallet: await buildWallet({ outDir: join(buildDir, 'wallet'), relayUrl: urls.relay }),
          farcaster: await buildFarcasterClient({ outDir: join(buildDir, 'farcaster'), frameHostUrl: urls.frameHost }),
        }
    stops.push((await startRelay({ port: ports.relay })).stop)
    // Social login: every provider signs in at the local identity provider.
    stops.push((await startOidcProvider({ port: ports.oidc, frameHosts: [urls.frameHost] })).stop)
    let onrampToml
    let bundlerUrl
    if (contracts) {
      // The sandbox card on-ramp (its own origin): frame-host buys through it, and it sends what
      // was bought on the devnet.
      const sandbox = await startOnrampSandbox({ port: ports.onramp, devnetUrl: urls.devnet, contracts })
      stops.push(sandbox.stop)
      onrampToml = sandbox.toml
      // The devnet's ERC-4337 bundler (alto): the embedded wallet's smart accounts send through it.
      const bundler = await startBundler({ port: ports.bundler, rpcUrl: urls.devnet, entryPoint: contracts.accountAbstraction.entryPoint })
      stops.push(bundler.stop)
      bundlerUrl = bundler.url
    }
    // The `demo` project for the dapp's origin, the devnet (with its tokens, POST /dev/faucet and
    // its history indexed from block 0) and the local Solana cluster.
    const frameHost = await startFrameHost({
      listen: new URL(urls.frameHost).host,
      allowedOrigins: [urls.demo],
      projectName: profile === 'demo' ? 'Oriel demo' : 'Oriel e2e',
      dataDir,
      devnetUrl: urls.devnet,
      solanaUrl: urls.solana,
      devnetContracts: contractsFile,
      oidcUrl: urls.oidc,
      // Sign In With Farcaster: links open the demo Farcaster client; the devnet's IdRegistry.
      farcasterClientUrl: urls.farcaster,
      onrampToml,
      bundlerUrl,
      log,
    })
    stops.push(frameHost.stop)
    if (dirs) {
      stops.push((await serveStatic(dirs.wallet, ports.wallet)).stop)
      stops.push((await serveStatic(dirs.farcaster, ports.farcaster)).stop)
      stops.push((await serveStatic(dirs.demo, ports.demo, { spa: true })).stop)
    } else {
      stops.push((await serveDev(join(root, 'demo/wallet/vite.config.ts'), ports.wallet, { VITE_ORIEL_WC_RELAY: urls.relay })).stop)
      stops.push((await serveDev(join(root, 'demo/farcaster/vite.config.ts'), ports.farcaster, { VITE_ORIEL_FRAME_HOST: urls.frameHost })).stop)
      const universalResolver = contractsFile ? JSON.parse(readFileSync(contractsFile, 'utf8')).ens?.universalResolver : undefined
      stops.push(
        (
          await serveDev(join(root, 'demo/vite.config.ts'), ports.demo, {
            VITE_ORIEL_FRAME_HOST: urls.frameHost,
            VITE_ORIEL_WC_RELAY: urls.relay,
            VITE_ORIEL_DEVNET_RPC: urls.devnet,
            VITE_ORIEL_SOLANA_RPC: urls.solana,
            VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER: universalResolver ?? '',
          })
        ).stop,
      )
    }
    if (otherDir && ports.other) stops.push((await serveStatic(otherDir, ports.other)).stop)
    return { urls, ports, contracts, contractsFile, bundlerUrl, demoDir: dirs?.demo, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
