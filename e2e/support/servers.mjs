// Starts the real pieces the browser tests and the benchmark run against: frame-host (the
// frame's origin), the built demo dapp (the dapp's origin), a third, unlisted origin, the
// loopback WalletConnect relay, the demo wallet (its own origin), the local identity
// provider of social login (oidc.mjs), the demo Farcaster client (its own origin), the local
// Solana cluster (devnet/solana) and, with the devnet's contracts, the devnet's ERC-4337 bundler
// (alto, bundler.mjs).
import { spawn } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { homedir, tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FARCASTER_DEMO_RELAY_KEY } from '../../devnet/farcaster.mjs'
import { MINT as SOLANA_MINT, CHAIN_ID as SOLANA_CHAIN_ID, TOKEN as SOLANA_TOKEN } from '../../devnet/solana/constants.mjs'
import { startSolanaDevnet } from '../../devnet/solana/server.mjs'
import { startBundler } from './bundler.mjs'
import { frameHostSocialToml, startOidcProvider } from './oidc.mjs'
import { startOnrampSandbox } from './onrampSandbox.mjs'
import { startRelay } from './relay.mjs'

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

// ORIEL_E2E_PORT_OFFSET shifts every port, so two checkouts can run their browser tests at once.
const offset = Number(process.env.ORIEL_E2E_PORT_OFFSET ?? 0)
export const PORTS = {
  frameHost: 18787 + offset,
  demo: 15173 + offset,
  other: 15174 + offset,
  /** The local EVM devnet (hardhat node, chain 31337). */
  devnet: 18545 + offset,
  /** The loopback WalletConnect relay. */
  relay: 18600 + offset,
  /** The demo WalletConnect wallet page. */
  wallet: 15175 + offset,
  /** The local identity provider of social login (oidc.mjs). */
  oidc: 18700 + offset,
  /** The demo Farcaster client page (demo/farcaster). */
  farcaster: 15176 + offset,
  /** The sandbox card on-ramp: its API and its checkout page (onrampSandbox.mjs). */
  onramp: 15177 + offset,
  /** The local Solana cluster (devnet/solana: JSON-RPC over litesvm). */
  solana: 18560 + offset,
  /** The devnet's ERC-4337 bundler (alto). */
  bundler: 18620 + offset,
}

export const urls = {
  frameHost: `http://127.0.0.1:${PORTS.frameHost}`,
  demo: `http://localhost:${PORTS.demo}`,
  other: `http://127.0.0.1:${PORTS.other}`,
  devnet: `http://127.0.0.1:${PORTS.devnet}`,
  relay: `ws://127.0.0.1:${PORTS.relay}`,
  wallet: `http://127.0.0.1:${PORTS.wallet}`,
  oidc: `http://127.0.0.1:${PORTS.oidc}`,
  farcaster: `http://127.0.0.1:${PORTS.farcaster}`,
  onramp: `http://127.0.0.1:${PORTS.onramp}`,
  solana: `http://127.0.0.1:${PORTS.solana}`,
  bundler: `http://127.0.0.1:${PORTS.bundler}`,
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** A static file server for `dir` on 127.0.0.1:`port`; `/` serves index.html, and so do
 * unknown paths when `spa` is set. Anything else missing is a 404. */
export function serveStatic(dir, port, { spa = false } = {}) {
  const server = createServer((req, res) => {
    let file
    try {
      file = join(dir, normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)))
    } catch {
      res.writeHead(400).end()
      return
    }
    const isFile = (f) => f.startsWith(dir) && existsSync(f) && statSync(f).isFile()
    if (!isFile(file)) {
      const index = join(file, 'index.html')
      file = isFile(index) ? index : spa ? join(dir, 'index.html') : null
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
  })
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => ok({ stop: () => new Promise((done) => server.close(done)) }))
  })
}

/**
 * Builds the demo dapp for the given frame-host, WalletConnect relay, devnet and local Solana RPC URLs, as a dapp
 * would ship it. `devnetContracts`: the devnet contracts file (`startDevnet`'s `contractsFile`),
 * whose ENS universal resolver the demo's Local Devnet then declares.
 */
export async function buildDemo(frameHostUrl, outDir, relayUrl = urls.relay, devnetUrl = urls.devnet, devnetContracts = undefined, solanaUrl = urls.solana) {
  const { build } = await import('vite')
  process.env.VITE_ORIEL_FRAME_HOST = frameHostUrl
  process.env.VITE_ORIEL_SOLANA_RPC = solanaUrl
  process.env.VITE_ORIEL_WC_RELAY = relayUrl
  process.env.VITE_ORIEL_DEVNET_RPC = devnetUrl
  const ens = devnetContracts ? JSON.parse(readFileSync(devnetContracts, 'utf8')).ens : undefined
  if (ens?.universalResolver) process.env.VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER = ens.universalResolver
  else delete process.env.VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER
  await build({
    root: join(root, 'demo'),
    configFile: join(root, 'demo/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  })
  return outDir
}

/** Builds the demo WalletConnect wallet (demo/wallet) for the given relay. */
export async function buildWallet(relayUrl, outDir) {
  const { build } = await import('vite')
  process.env.VITE_ORIEL_WC_RELAY = relayUrl
  await build({
    configFile: join(root, 'demo/wallet/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/** Builds the demo Farcaster client (demo/farcaster) for the given frame-host (its relay). */
export async function buildFarcasterClient(frameHostUrl, outDir) {
  const { build } = await import('vite')
  process.env.VITE_ORIEL_FRAME_HOST = frameHostUrl
  await build({
    configFile: join(root, 'demo/farcaster/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/**
 * frame-host's `[farcaster]` table for the demo Farcaster client at `clientUrl`: sign-in links
 * open that page, which frame-host trusts with the devnet's relay key. The IdRegistry is the
 * devnet's (from the contracts file).
 */
export function frameHostFarcasterToml(clientUrl) {
  return `[farcaster]\nrelay_keys = ${JSON.stringify([FARCASTER_DEMO_RELAY_KEY])}\nurl_base = ${JSON.stringify(`${clientUrl}/`)}\n`
}

/** frame-host's `[[tokens]]` entry of the local Solana cluster's dUSDC (devnet/solana). */
export function frameHostSolanaTokenToml() {
  return `[[tokens]]\nchain_id = "${SOLANA_CHAIN_ID}"\naddress = "${SOLANA_MINT}"\nsymbol = "${SOLANA_TOKEN.symbol}"\nname = "${SOLANA_TOKEN.name}"\ndecimals = ${SOLANA_TOKEN.decimals}\n`
}

/**
 * Starts the frame-host binary built by `cargo build -p oriel-frame-host` on `listen`. With
 * `allowedOrigins`, a throwaway config lists the `demo` project for those origins and the devnet
 * at `devnetUrl` and the local Solana cluster at `solanaUrl`, with state in a temporary directory; without, frame-host's built-in defaults
 * (the `make demo` setup) apply, with state in `dataDir`. `devnetContracts`: the devnet contracts
 * file (`startDevnet`'s `contractsFile`), so frame-host lists its tokens and offers `POST /dev/faucet`.
 * `oidcUrl`: the local identity provider (`startOidcProvider`) frame-host signs in with for all
 * six social providers. `farcasterClientUrl` (with `devnetContracts`): the demo Farcaster client
 * that sign-in links open, checked against the devnet's IdRegistry.
  `onrampToml`: the `[[onramp_providers]]` entry of the sandbox on-ramp
 * (`startOnrampSandbox`'s `toml`).
 *
 * @param {{ allowedOrigins?: string[], listen?: string, dataDir?: string, devnetUrl?: string, solanaUrl?: string, devnetContracts?: string, oidcUrl?: string, farcasterClientUrl?: string, onrampToml?: string, log?: string }} options
 */
export async function startFrameHost({
  allowedOrigins,
  listen = `127.0.0.1:${PORTS.frameHost}`,
  dataDir,
  devnetUrl = urls.devnet,
  solanaUrl = urls.solana,
  devnetContracts,
  oidcUrl,
  farcasterClientUrl,
  onrampToml,
  bundlerUrl,
  log = process.env.ORIEL_LOG ?? 'warn',
} = {}) {
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/oriel/target')
  // The tests run the debug build; `make bench` sets ORIEL_FRAME_HOST_PROFILE=release.
  const profile = process.env.ORIEL_FRAME_HOST_PROFILE ?? 'debug'
  const bin = join(targetDir, profile, 'oriel-frame-host')
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run cargo build${profile === 'release' ? ' --release' : ''} -p oriel-frame-host`)
  }
  const frameDir = join(root, 'dist/frame')
  if (!existsSync(join(frameDir, 'manifest.json'))) {
    throw new Error('dist/frame is missing: run scripts/build-wasm.sh')
  }
  const env = {
    ...process.env,
    ORIEL_LISTEN: listen,
    ORIEL_FRAME_DIR: frameDir,
    ORIEL_LOG: log,
    // Every test browser is one visitor on 127.0.0.1: a whole run sends far more analytics
    // events from that one address than a person would.
    ORIEL_ANALYTICS_EVENTS_PER_IP: '1000000',
    // And it logs in by email far more often than a person: more than the default 20 codes per
    // address per 10 minutes over a whole run (the per-email and per-device limits still hold).
    ORIEL_EMAIL_CODES_PER_IP: '1000000',
    // And it holds far more connections open from that address than one browser: a file keeps
    // its pages (each with a frame, popups and keep-alive connections) until it ends. Past the
    // default 64, frame-host closes a new connection at once, and a frame whose script came on
    // one never starts (ERR_CONNECTION_RESET, then the host's 20 s ready timeout).
    ORIEL_CONNECTIONS_PER_ADDRESS: '4096',
  }
  if (devnetContracts) env.ORIEL_DEVNET_CONTRACTS = devnetContracts
  // Social login through the local identity provider: its `[social.*]` tables.
  const social = oidcUrl ? `\n${frameHostSocialToml(oidcUrl)}\n` : ''
  // Sign In With Farcaster through the demo client, against the devnet's IdRegistry.
  const farcaster = farcasterClientUrl && devnetContracts ? `\n${frameHostFarcasterToml(farcasterClientUrl)}` : ''
  const onramp = onrampToml ? `\n${onrampToml}\n` : ''
  // The local Solana cluster's dUSDC in the balance route (its network is in `[[networks]]`).
  const solanaToken = solanaUrl ? `\n${frameHostSolanaTokenToml()}\n` : ''
  if (allowedOrigins || bundlerUrl || social || farcaster || onramp || solanaToken) {
    const work = mkdtempSync(join(tmpdir(), 'oriel-e2e-'))
    env.ORIEL_CONFIG = join(work, 'frame-host.toml')
    const project = allowedOrigins
      ? `[[projects]]\nid = "demo"\nname = "Oriel e2e"\nallowed_origins = ${JSON.stringify(allowedOrigins)}\n`
      : ''
    // The frame's chain RPC for the local devnet (its origin joins the frame's connect-src), with
    // the devnet's bundler for smart accounts (the EntryPoint and the account factory come from
    // the devnet contracts file).
    const networks =
      allowedOrigins || bundlerUrl
        ? `\n[[networks]]\nchain_id = "eip155:31337"\nrpc_urls = ${JSON.stringify([devnetUrl])}\n` +
          (bundlerUrl ? `bundler_url = ${JSON.stringify(bundlerUrl)}\n` : '') +
          `\n[[networks]]\nchain_id = "${SOLANA_CHAIN_ID}"\nrpc_urls = ${JSON.stringify([solanaUrl])}\n`
        : ''
    writeFileSync(env.ORIEL_CONFIG, project + networks + social + farcaster + onramp + solanaToken)
    env.ORIEL_DATA_DIR = dataDir ?? join(work, 'data')
  } else if (dataDir) {
    env.ORIEL_DATA_DIR = dataDir
  }
  const child = spawn(bin, [], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  // Never leave a frame-host behind holding the port, however this process ends.
  const killChild = () => child.kill('SIGTERM')
  process.once('exit', killChild)
  const exited = new Promise((_, fail) =>
    child.once('exit', (code) => fail(new Error(`frame-host exited early with code ${code}`))),
  )
  await Promise.race([waitFor(`http://${listen}/healthz`), exited])
  return {
    stop: () =>
      new Promise((done) => {
        process.off('exit', killChild)
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}

async function waitFor(url, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Everything at once; `stop()` stops everything. `devnetContracts`: the devnet contracts file
 * frame-host reads (its tokens, the faucet), and the sandbox on-ramp delivers the devnet's coins with.
 * @param {{ devnetContracts?: string }} [options]
 */
export async function startAll({ devnetContracts } = {}) {
  const demoDir = await buildDemo(urls.frameHost, join(mkdtempSync(join(tmpdir(), 'oriel-demo-')), 'dist'), urls.relay, urls.devnet, devnetContracts)
  const walletDir = await buildWallet(urls.relay, join(mkdtempSync(join(tmpdir(), 'oriel-wallet-')), 'dist'))
  const farcasterDir = await buildFarcasterClient(urls.frameHost, join(mkdtempSync(join(tmpdir(), 'oriel-farcaster-')), 'dist'))
  const stops = []
  try {
    stops.push((await startSolanaDevnet({ port: PORTS.solana })).stop)
    stops.push((await startRelay({ port: PORTS.relay })).stop)
    stops.push((await serveStatic(walletDir, PORTS.wallet)).stop)
    const oidc = await startOidcProvider({ port: PORTS.oidc, frameHosts: [urls.frameHost] })
    stops.push(oidc.stop)
    stops.push((await serveStatic(farcasterDir, PORTS.farcaster)).stop)
    let onrampToml
    let bundlerUrl
    if (devnetContracts) {
      const contracts = JSON.parse(readFileSync(devnetContracts, 'utf8'))
      const sandbox = await startOnrampSandbox({ port: PORTS.onramp, devnetUrl: urls.devnet, contracts })
      stops.push(sandbox.stop)
      onrampToml = sandbox.toml
      const bundler = await startBundler({ port: PORTS.bundler, rpcUrl: urls.devnet, entryPoint: contracts.accountAbstraction.entryPoint })
      stops.push(bundler.stop)
      bundlerUrl = bundler.url
    }
    stops.push(
      (
        await startFrameHost({
          allowedOrigins: [urls.demo],
          devnetContracts,
          oidcUrl: oidc.url,
          farcasterClientUrl: urls.farcaster,
          onrampToml,
          bundlerUrl,
        })
      ).stop,
    )
    stops.push((await serveStatic(demoDir, PORTS.demo, { spa: true })).stop)
    stops.push((await serveStatic(join(root, 'e2e/pages'), PORTS.other)).stop)
  } catch (error) {
    await Promise.all(stops.map((stop) => stop()))
    throw error
  }
  return { demoDir, stop: () => Promise.all(stops.map((stop) => stop())) }
}
