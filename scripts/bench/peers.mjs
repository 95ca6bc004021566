// The leading widgets for make bench: minimal React 19 apps of Reown AppKit and RainbowKit,
// built the same way as Oriel's (scripts/bench/minimal) and measured in the same run. Their
// packages go into ~/.cache/oriel/bench-peers (installed once per version set, from the npm
// registry), never into the repo's node_modules, so neither CI nor a dapp pays for them.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const here = new URL('./peers/', import.meta.url).pathname
const cache = join(homedir(), '.cache/oriel/bench-peers')

/** The peers measured: each app's page, and how the probe finds its button and its first view. */
export const PEERS = [
  // AppKit draws in custom elements; the probe searches their shadow roots. Its first view
  // lists wallets (the browser's, WalletConnect, All Wallets) as wui-list-wallet items.
  { name: 'AppKit', app: 'appkit', button: 'appkit-button', view: 'wui-list-wallet' },
  {
    name: 'RainbowKit',
    app: 'rainbowkit',
    button: '[data-testid="rk-connect-button"]',
    view: '[role="dialog"] [data-testid^="rk-wallet-option-"]',
  },
]

/** Installs the peers' packages into the cache when its package.json differs from ours. */
function install() {
  const wanted = readFileSync(join(here, 'package.json'), 'utf8')
  const installed = join(cache, 'package.json')
  if (existsSync(installed) && readFileSync(installed, 'utf8') === wanted && existsSync(join(cache, 'node_modules'))) return
  mkdirSync(cache, { recursive: true })
  // A fresh resolution each time the version set changes (a kept lock would ignore overrides).
  rmSync(join(cache, 'package-lock.json'), { force: true })
  cpSync(join(here, 'package.json'), installed)
  console.log('bench: installing AppKit and RainbowKit into ~/.cache/oriel/bench-peers (about a minute, once)')
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: cache, stdio: 'inherit' })
}

/** Builds each peer's page into `outDir` (`{app}.html`) with the peers' own Vite and React. */
export async function buildPeerApps(outDir) {
  install()
  for (const { app } of PEERS) {
    cpSync(join(here, `${app}.html`), join(cache, `${app}.html`))
    cpSync(join(here, `${app}.jsx`), join(cache, `${app}.jsx`))
  }
  const { build } = await import(pathToFileURL(join(cache, 'node_modules/vite/dist/node/index.js')).href)
  const react = (await import(pathToFileURL(join(cache, 'node_modules/@vitejs/plugin-react/dist/index.js')).href)).default
  await build({
    root: cache,
    base: '/bench-peers/',
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input: Object.fromEntries(PEERS.map(({ app }) => [app, join(cache, `${app}.html`)])) },
    },
  })
}
