// Production builds of the stack's three pages, each for the stack's URLs, as a dapp (or a
// wallet) ships them: the demo dapp (demo/), the demo WalletConnect wallet (demo/wallet) and the
// demo Farcaster client (demo/farcaster). Each page reads its URLs from `VITE_ORIEL_*` at build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ports.mjs'

/** Runs Vite's production build of `configFile` into `outDir` with `env` as its variables. */
async function viteBuild(configFile, outDir, env, options = {}) {
  const { build } = await import('vite')
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  await build({ configFile, logLevel: 'warn', ...options, build: { outDir, emptyOutDir: true, ...options.build } })
  return outDir
}

/**
 * Builds the demo dapp into `outDir` for the stack at `urls` (frame-host, the WalletConnect
 * relay, the devnet and the local Solana cluster). `devnetContracts`: the devnet contracts file
 * (`startDevnet`'s `contractsFile`), whose ENS universal resolver the demo's Local Devnet then
 * declares. With a manifest (`.vite/manifest.json`), which `readBundle` measures.
 *
 * @param {{ outDir: string, urls: { frameHost: string, relay: string, devnet: string, solana: string }, devnetContracts?: string }} options
 */
export function buildDemo({ outDir, urls, devnetContracts }) {
  const ens = devnetContracts ? JSON.parse(readFileSync(devnetContracts, 'utf8')).ens : undefined
  return viteBuild(
    join(root, 'demo/vite.config.ts'),
    outDir,
    {
      VITE_ORIEL_FRAME_HOST: urls.frameHost,
      VITE_ORIEL_SOLANA_RPC: urls.solana,
      VITE_ORIEL_WC_RELAY: urls.relay,
      VITE_ORIEL_DEVNET_RPC: urls.devnet,
      VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER: ens?.universalResolver,
    },
    { root: join(root, 'demo'), build: { manifest: true } },
  )
}

/** Builds the demo WalletConnect wallet (demo/wallet) into `outDir` for the relay at `relayUrl`. */
export function buildWallet({ outDir, relayUrl }) {
  return viteBuild(join(root, 'demo/wallet/vite.config.ts'), outDir, { VITE_ORIEL_WC_RELAY: relayUrl })
}

/** Builds the demo Farcaster client (demo/farcaster) into `outDir` for frame-host's relay at `frameHostUrl`. */
export function buildFarcasterClient({ outDir, frameHostUrl }) {
  return viteBuild(join(root, 'demo/farcaster/vite.config.ts'), outDir, { VITE_ORIEL_FRAME_HOST: frameHostUrl })
}
