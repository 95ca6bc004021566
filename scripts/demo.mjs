// `make demo`: the demo as its users get it, the local stack (stack/) on `make demo`'s ports. The
// dapp, the demo wallet and the demo Farcaster client are production builds (the chunks
// `make bench` measures, in dist/demo, dist/wallet and dist/farcaster), each on its own origin,
// beside frame-host (origin B, with the frame; its state in .data/), a local EVM devnet (hardhat
// node, chain 31337, the devnet contracts' addresses in .data/devnet-contracts.json), a loopback
// WalletConnect relay, a local identity provider for the six social logins (oidc-provider), the
// sandbox card on-ramp (origin D), the devnet's ERC-4337 bundler (alto) and a local Solana
// cluster (devnet/solana: JSON-RPC over litesvm, with a dUSDC mint and faucet). Ctrl-C stops
// them all.
//
// No dev server runs, so there is no dependency optimizer to race: every start renders the same
// files. `make demo-dev` (`--dev`) is the hot-reload loop instead: the same stack, with the three
// pages served by Vite dev servers from their sources.
import { join } from 'node:path'
import { CHAIN_ID as SOLANA_CHAIN_ID, MINT as SOLANA_MINT } from '../devnet/solana/constants.mjs'
import { startStack } from '@oriel/stack'
import { root } from '@oriel/stack/ports'

const dev = process.argv.includes('--dev')
const contractsFile = join(root, '.data/devnet-contracts.json')

/** The stack, once it runs. Ctrl-C before then still stops what has started: every server
 * process ends with this one. */
let stack
const exit = () => (stack?.stop() ?? Promise.resolve()).then(() => process.exit(0))
process.once('SIGINT', exit)
process.once('SIGTERM', exit)

if (!dev) console.log('Building the demo dapp, the demo wallet and the demo Farcaster client (production builds)…')
try {
  stack = await startStack({
    profile: 'demo',
    contractsFile,
    distDir: join(root, 'dist'),
    dataDir: join(root, '.data'),
    dev,
    log: process.env.ORIEL_LOG ?? 'info',
  })
} catch (error) {
  console.error(`The demo could not start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
const { urls } = stack
console.log(`
  Oriel demo is running (${dev ? 'Vite dev servers, hot reload' : 'production builds'}).
    demo dapp (origin A):   ${urls.demo}
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
    ERC-4337 bundler:       ${stack.bundlerUrl}   (alto; Account → Switch to Smart Account on Local Devnet)
  Press Ctrl-C to stop.
`)
