// `make demo`: the demo as its users get it. The dapp and the demo wallet are production builds
// (the chunks `make bench` measures), each served from its own output directory on its own
// origin, beside frame-host (origin B, with the frame), a local EVM devnet (hardhat node, chain
// 31337), a loopback WalletConnect relay, a local identity provider for the six social logins
// (oidc-provider), a demo Farcaster client (its own origin), the sandbox card on-ramp (origin D) and
// a local Solana cluster (devnet/solana: JSON-RPC over litesvm, with a dUSDC mint and faucet).
// Ctrl-C stops them all.
//
// No dev server runs, so there is no dependency optimizer to race: every start renders the same
// files. `make demo-dev` (`--dev`) is the hot-reload loop instead: the same setup, with the three
// pages served by Vite dev servers from their sources.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { CHAIN_ID as SOLANA_CHAIN_ID, MINT as SOLANA_MINT } from '../devnet/solana/constants.mjs'
import { startSolanaDevnet } from '../devnet/solana/server.mjs'
import { startDevnet } from '../e2e/support/devnet.mjs'
import { startOidcProvider } from '../e2e/support/oidc.mjs'
import { startBundler } from '../e2e/support/bundler.mjs'
import { startOnrampSandbox } from '../e2e/support/onrampSandbox.mjs'
import { startRelay } from '../e2e/support/relay.mjs'
import { buildDemo, buildFarcasterClient, buildWallet, root, serveStatic, startFrameHost } from '../e2e/support/servers.mjs'

const PORTS = { frameHost: 8787, dapp: 5173, wallet: 5174, farcaster: 5176, onramp: 5177, devnet: 8545, relay: 8600, bundler: 8620, oidc: 8700, solana: 8899 }
const urls = {
  dapp: `http://localhost:${PORTS.dapp}`,
  frameHost: `http://127.0.0.1:${PORTS.frameHost}`,
  devnet: `http://127.0.0.1:${PORTS.devnet}`,
  relay: `ws://127.0.0.1:${PORTS.relay}`,
  wallet: `http://127.0.0.1:${PORTS.wallet}`,
  oidc: `http://127.0.0.1:${PORTS.oidc}`,
  farcaster: `http://127.0.0.1:${PORTS.farcaster}`,
  onramp: `http://127.0.0.1:${PORTS.onramp}`,
  solana: `http://127.0.0.1:${PORTS.solana}`,
}

const contractsFile = join(root, '.data/devnet-contracts.json')
const dev = process.argv.includes('--dev')

/**
 * Serves a page's sources with a Vite dev server (hot reload) on its config's fixed origin,
 * with `env` as its `VITE_*` variables.
 */
async function serveDev(configFile, env) {
  const { createServer } = await import('vite')
  Object.assign(process.env, env)
  const server = await createServer({ configFile, root: dirname(configFile), clearScreen: false })
  await server.listen()
  return { stop: () => server.close() }
}

/** The devnet's ENS universal resolver, from the contracts file, for the dapp's ENS lookups. */
function universalResolver() {
  return JSON.parse(readFileSync(contractsFile, 'utf8')).ens?.universalResolver ?? ''
}

/** Stops everything started so far, newest first. */
const stops = []
let stopping
const stopAll = () => {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error))
  })()
  return stopping
}
const exit = (code) => () => stopAll().then(() => process.exit(code))
process.once('SIGINT', exit(0))
process.once('SIGTERM', exit(0))

/** The bundler's URL, once it runs. */
let bundlerUrl
try {
  // The devnet's contracts (devnet/deploy.mjs) are deployed on it; their addresses go next to
  // frame-host's data, and the dapp's build learns the devnet's ENS universal resolver from them.
  const devnet = await startDevnet({ port: PORTS.devnet, contractsFile })
  stops.push(devnet.stop)
  stops.push((await startSolanaDevnet({ port: PORTS.solana })).stop)
  let dirs
  if (!dev) {
    console.log('Building the demo dapp, the demo wallet and the demo Farcaster client (production builds)…')
    dirs = {
      dapp: await buildDemo(urls.frameHost, join(root, 'dist/demo'), urls.relay, urls.devnet, contractsFile, urls.solana),
      wallet: await buildWallet(urls.relay, join(root, 'dist/wallet')),
      farcaster: await buildFarcasterClient(urls.frameHost, join(root, 'dist/farcaster')),
    }
  }
  stops.push((await startRelay({ port: PORTS.relay })).stop)
  // Social login: every provider signs in at the local identity provider.
  stops.push((await startOidcProvider({ port: PORTS.oidc, frameHosts: [urls.frameHost] })).stop)
  // The sandbox card on-ramp (its own origin): frame-host buys through it, and it sends what was
  // bought on the devnet.
  const sandbox = await startOnrampSandbox({ port: PORTS.onramp, devnetUrl: urls.devnet, contracts: devnet.contracts })
  stops.push(sandbox.stop)
  // The devnet's ERC-4337 bundler (alto): the embedded wallet's smart accounts send through it.
  const bundler = await startBundler({ port: PORTS.bundler, rpcUrl: urls.devnet, entryPoint: devnet.contracts.accountAbstraction.entryPoint })
  stops.push(bundler.stop)
  bundlerUrl = bundler.url
  // frame-host's built-in defaults are this setup: project `demo` for the dapp's origin, the devnet
  // and the local Solana cluster.
  // With the contracts file: the devnet's tokens in the balance route, POST /dev/faucet, and the
  // devnet indexed from block 0 (history and NFTs; the SQLite index in .data follows a fresh
  // devnet by treating it as a reorg).
  stops.push(
    (
      await startFrameHost({
        listen: `127.0.0.1:${PORTS.frameHost}`,
        dataDir: join(root, '.data'),
        devnetContracts: contractsFile,
        oidcUrl: urls.oidc,
        // Sign In With Farcaster: links open the demo Farcaster client; the devnet's IdRegistry.
        farcasterClientUrl: urls.farcaster,
        onrampToml: sandbox.toml,
        solanaUrl: urls.solana,
        bundlerUrl,
        devnetUrl: urls.devnet,
        log: 'info',
      })
    ).stop,
  )
  if (dirs) {
    stops.push((await serveStatic(dirs.wallet, PORTS.wallet)).stop)
    stops.push((await serveStatic(dirs.farcaster, PORTS.farcaster)).stop)
    stops.push((await serveStatic(dirs.dapp, PORTS.dapp, { spa: true })).stop)
  } else {
    // The configs fix each page's origin (host and port) to the ones above.
    stops.push((await serveDev(join(root, 'demo/wallet/vite.config.ts'), { VITE_ORIEL_WC_RELAY: urls.relay })).stop)
    stops.push((await serveDev(join(root, 'demo/farcaster/vite.config.ts'), { VITE_ORIEL_FRAME_HOST: urls.frameHost })).stop)
    stops.push(
      (
        await serveDev(join(root, 'demo/vite.config.ts'), {
          VITE_ORIEL_FRAME_HOST: urls.frameHost,
          VITE_ORIEL_WC_RELAY: urls.relay,
          VITE_ORIEL_DEVNET_RPC: urls.devnet,
          VITE_ORIEL_SOLANA_RPC: urls.solana,
          VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER: universalResolver(),
        })
      ).stop,
    )
  }
} catch (error) {
  console.error(`The demo could not start: ${error instanceof Error ? error.message : error}`)
  await exit(1)()
}

console.log(`
  Oriel demo is running (${dev ? 'Vite dev servers, hot reload' : 'production builds'}).
    demo dapp (origin A):   ${urls.dapp}
    frame-host (origin B):  ${urls.frameHost}   (frame: ${urls.frameHost}/frame?projectId=demo)
    dev mailbox:            ${urls.frameHost}/dev/mailbox?to=you@example.com
    devnet (chain 31337):   ${urls.devnet}   (hardhat node; the well-known test accounts are funded)
    devnet contracts:       ${contractsFile}   (Multicall3, dUSD, DEV, dUSDT, an NFT collection)
    demo wallet (origin C): ${urls.wallet}   (WalletConnect: "Copy link" in the dapp, paste it here)
    WalletConnect relay:    ${urls.relay}
    identity provider:      ${urls.oidc}   (social login: pick or type a user, or deny)
    Farcaster client:       ${urls.farcaster}   (Farcaster login: "Copy link" in the dapp, open it here; fid 1, @devnet-ada)
    local Solana (${SOLANA_CHAIN_ID}): ${urls.solana}   (litesvm; requestAirdrop for SOL, POST /faucet/token for dUSDC, mint ${SOLANA_MINT})
    sandbox on-ramp:        ${urls.onramp}   (Account → Buy: pay with the test card 4242 4242 4242 4242)
    ERC-4337 bundler:       ${bundlerUrl}   (alto; Account → Switch to Smart Account on Local Devnet)
  Press Ctrl-C to stop.
`)
