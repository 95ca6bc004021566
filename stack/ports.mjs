// The one port table of the local stack. `make demo` listens on the well-known ports the
// defaults name (frame-host's config/default.toml, the demo's and the SDK's constants); the
// browser tests, `make screenshots` and `make bench` on ports of their own, so they run beside
// a `make demo`. ORIEL_PORT_OFFSET shifts every port of every profile, so two checkouts can run
// their tests (or demos) at once. Unit tests that start one server take a free port (`freePort`).
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The checkout's root directory. */
export const root = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * Each service's port: `[make demo, tests]`; `null` where that profile has none.
 * @type {Record<string, [number | null, number]>}
 */
const TABLE = {
  /** frame-host: the frame page, the auth backend and the APIs (origin B). */
  frameHost: [8787, 18787],
  /** The demo dapp (origin A; the only origin served on `localhost`, see `urlsOf`). */
  demo: [5173, 15173],
  /** A third origin the project does not allow (the tests' attacker pages). */
  other: [null, 15174],
  /** The demo WalletConnect wallet (demo/wallet, origin C). */
  wallet: [5174, 15175],
  /** The demo Farcaster client (demo/farcaster). */
  farcaster: [5176, 15176],
  /** The sandbox card on-ramp: its API and its checkout page (onrampSandbox.mjs). */
  onramp: [5177, 15177],
  /** The local EVM devnet (hardhat node, chain 31337). */
  devnet: [8545, 18545],
  /** The local Solana cluster (devnet/solana: JSON-RPC over litesvm). */
  solana: [8899, 18560],
  /** The loopback WalletConnect relay (relay.mjs). */
  relay: [8600, 18600],
  /** The devnet's ERC-4337 bundler (alto, bundler.mjs). */
  bundler: [8620, 18620],
  /** The local identity provider of social login (oidc.mjs). */
  oidc: [8700, 18700],
  /** `make bench`: the bare cross-site iframe it measures the frame against. */
  benchFloor: [null, 15190],
  /** `make bench` (scripts/bench-api.mjs): its own devnet and frame-host. */
  benchApiDevnet: [null, 18945],
  benchApiFrameHost: [null, 18987],
  /** `make bench` (scripts/bench-login.mjs): the release frame-host under load. */
  benchLoginFrameHost: [null, 19187],
}

/** How far ORIEL_PORT_OFFSET shifts every port (0 unless set). */
export const PORT_OFFSET = Number(process.env.ORIEL_PORT_OFFSET ?? 0)

/**
 * The ports of `profile`: `demo` (`make demo`) or `test` (the browser tests, `make screenshots`,
 * `make bench`), shifted by ORIEL_PORT_OFFSET.
 *
 * @param {'demo' | 'test'} profile
 * @returns {Record<keyof typeof TABLE, number>}
 */
export function portsOf(profile) {
  const column = profile === 'demo' ? 0 : 1
  const ports = /** @type {Record<string, number>} */ ({})
  for (const [name, row] of Object.entries(TABLE)) {
    const port = row[column]
    if (port !== null) ports[name] = port + PORT_OFFSET
  }
  return /** @type {Record<keyof typeof TABLE, number>} */ (ports)
}

/**
 * Each service's URL for `ports`. The dapp is on `localhost` and everything else on
 * `127.0.0.1`: two sites, so the wallet frame is a cross-site iframe, as on the web.
 *
 * @param {ReturnType<typeof portsOf>} ports
 */
export function urlsOf(ports) {
  const local = (port) => `http://127.0.0.1:${port}`
  return {
    frameHost: local(ports.frameHost),
    demo: `http://localhost:${ports.demo}`,
    /** The test profile's only (the demo has none). */
    other: /** @type {string} */ (ports.other === undefined ? undefined : local(ports.other)),
    devnet: local(ports.devnet),
    relay: `ws://127.0.0.1:${ports.relay}`,
    wallet: local(ports.wallet),
    oidc: local(ports.oidc),
    farcaster: local(ports.farcaster),
    onramp: local(ports.onramp),
    solana: local(ports.solana),
    bundler: local(ports.bundler),
  }
}

/** The browser tests' (and `make screenshots`', `make bench`'s) ports. */
export const TEST_PORTS = portsOf('test')
/** The browser tests' URLs. */
export const TEST_URLS = urlsOf(TEST_PORTS)

/** A port nothing listens on right now, on 127.0.0.1: for a test's own server. @returns {Promise<number>} */
export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))))
    })
  })
}
