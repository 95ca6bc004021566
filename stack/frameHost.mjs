// frame-host as the local stack runs it: the binary `cargo build -p oriel-frame-host` leaves in
// $CARGO_TARGET_DIR, with a throwaway config naming the stack's other services.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { FARCASTER_DEMO_RELAY_KEY } from '../devnet/farcaster.mjs'
import { MINT as SOLANA_MINT, CHAIN_ID as SOLANA_CHAIN_ID, TOKEN as SOLANA_TOKEN } from '../devnet/solana/constants.mjs'
import { root, TEST_URLS } from './ports.mjs'

/**
 * The frame-host binary of `profile` (`debug` unless ORIEL_FRAME_HOST_PROFILE says `release`,
 * as `make bench` does); throws, naming the build to run, when it is missing.
 * @param {'debug' | 'release'} [profile]
 */
export function frameHostBinary(profile = /** @type {'debug' | 'release'} */ (process.env.ORIEL_FRAME_HOST_PROFILE ?? 'debug')) {
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/oriel/target')
  const bin = join(targetDir, profile, 'oriel-frame-host')
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run cargo build${profile === 'release' ? ' --release' : ''} -p oriel-frame-host`)
  }
  return bin
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
 * Starts frame-host on `listen` and waits until `/healthz` answers. With `allowedOrigins`, a
 * throwaway config lists the `demo` project for those origins and the devnet at `devnetUrl` and
 * the local Solana cluster at `solanaUrl`, with state in a temporary directory; without,
 * frame-host's built-in defaults (the `make demo` setup) apply, with state in `dataDir`.
 * `devnetContracts`: the devnet contracts file (`startDevnet`'s `contractsFile`), so frame-host
 * lists its tokens and offers `POST /dev/faucet`. `oidcUrl`: the local identity provider
 * (`startOidcProvider`) frame-host signs in with for all six social providers.
 * `farcasterClientUrl` (with `devnetContracts`): the demo Farcaster client that sign-in links
 * open, checked against the devnet's IdRegistry. `onrampToml`: the `[[onramp_providers]]` entry
 * of the sandbox on-ramp (`startOnrampSandbox`'s `toml`). `bundlerUrl`: the devnet's ERC-4337
 * bundler. `projectName`: the `demo` project's name. `devnetRpcUrls`: the devnet network's RPC
 * URLs in frame-host's config, instead of `[devnetUrl]` (to put a dead one first). `extraToml`:
 * more of the config file, appended.
 *
 * @param {{ allowedOrigins?: string[], projectName?: string, listen?: string, dataDir?: string, devnetUrl?: string, devnetRpcUrls?: string[], solanaUrl?: string, devnetContracts?: string, oidcUrl?: string, farcasterClientUrl?: string, onrampToml?: string, bundlerUrl?: string, extraToml?: string, log?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startFrameHost({
  allowedOrigins,
  projectName = 'Oriel e2e',
  listen = new URL(TEST_URLS.frameHost).host,
  dataDir,
  devnetUrl = TEST_URLS.devnet,
  devnetRpcUrls = [devnetUrl],
  solanaUrl = TEST_URLS.solana,
  devnetContracts,
  oidcUrl,
  farcasterClientUrl,
  onrampToml,
  bundlerUrl,
  extraToml = '',
  log = process.env.ORIEL_LOG ?? 'warn',
} = {}) {
  const bin = frameHostBinary()
  const frameDir = join(root, 'dist/frame')
  if (!existsSync(join(frameDir, 'manifest.json'))) {
    throw new Error('dist/frame is missing: run scripts/build-wasm.sh')
  }
  const env = {
    ...process.env,
    // Dev mode (frame-host's default is production): the dev mailbox, the devnet and the other
    // loopback services of the stack. It listens on loopback only.
    ORIEL_MODE: 'dev',
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
  // Social login through the local identity provider: its `[social.*]` tables (oidc.mjs loads
  // oidc-provider, so only when asked).
  const social = oidcUrl ? `\n${(await import('./oidc.mjs')).frameHostSocialToml(oidcUrl)}\n` : ''
  // Sign In With Farcaster through the demo client, against the devnet's IdRegistry.
  const farcaster = farcasterClientUrl && devnetContracts ? `\n${frameHostFarcasterToml(farcasterClientUrl)}` : ''
  const onramp = onrampToml ? `\n${onrampToml}\n` : ''
  // The local Solana cluster's dUSDC in the balance route (its network is in `[[networks]]`).
  const solanaToken = solanaUrl ? `\n${frameHostSolanaTokenToml()}\n` : ''
  if (allowedOrigins || bundlerUrl || social || farcaster || onramp || solanaToken || extraToml) {
    const work = mkdtempSync(join(tmpdir(), 'oriel-frame-host-'))
    env.ORIEL_CONFIG = join(work, 'frame-host.toml')
    const project = allowedOrigins
      ? `[[projects]]\nid = "demo"\nname = ${JSON.stringify(projectName)}\nallowed_origins = ${JSON.stringify(allowedOrigins)}\n`
      : ''
    // The frame's chain RPC for the local devnet (its origin joins the frame's connect-src), with
    // the devnet's bundler for smart accounts (the EntryPoint and the account factory come from
    // the devnet contracts file).
    const networks =
      allowedOrigins || bundlerUrl
        ? `\n[[networks]]\nchain_id = "eip155:31337"\nrpc_urls = ${JSON.stringify(devnetRpcUrls)}\n` +
          (bundlerUrl ? `bundler_url = ${JSON.stringify(bundlerUrl)}\n` : '') +
          `\n[[networks]]\nchain_id = "${SOLANA_CHAIN_ID}"\nrpc_urls = ${JSON.stringify([solanaUrl])}\n`
        : ''
    writeFileSync(env.ORIEL_CONFIG, project + networks + social + farcaster + onramp + solanaToken + (extraToml ? `\n${extraToml}\n` : ''))
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
  await Promise.race([waitForOk(`http://${listen}/healthz`), exited])
  return {
    url: `http://${listen}`,
    stop: () =>
      new Promise((done) => {
        process.off('exit', killChild)
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}

/** Polls `url` until it answers 2xx; fails after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 15_000) {
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
