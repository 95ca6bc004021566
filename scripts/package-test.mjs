// The npm package as a dapp gets it: packs @oriel/react (`npm pack` builds it first, its
// prepack script, as `npm publish` would), installs the tarball into two throwaway apps made here from
// npm packages, a Vite + React 18 app and a Next.js App Router app (React 19), builds both for
// production, checks the Next page server-renders the Connect Wallet button, then in Chromium
// opens each app's production build, presses "Connect Wallet" and waits for the email field and
// for the lazily loaded frame client (with the protocol codec) to start. The wagmi connector (`@oriel/react/wagmi`) is
// type-checked against the package's .d.ts and run in Node with @wagmi/core 2 (in the Vite
// app) and 3 (in the Next app). Both apps bring their own viem, another 2.x than the SDK is
// built with, and get one copy: viem is the package's peer dependency.
//
//   node scripts/package-test.mjs
//
// Next.js 16 builds with Turbopack by default; ORIEL_PACKAGE_TEST_WEBPACK=1 builds the Next app
// with webpack instead (`next build --webpack`, about 90 s instead of 35 s here).
// Set ORIEL_KEEP_PACKAGE_TEST=1 to keep the temp dir for a look.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '@oriel/stack/browser'
import { freePort, root } from '@oriel/stack/ports'
import { serveStatic } from '@oriel/stack/static'

const sdk = join(root, 'sdk-react')
const started = Date.now()

// Exact versions, so the apps are the same on every run (and npm's cache serves them).
const V = {
  react18: '18.3.1',
  typesReact18: '18.3.31',
  typesReactDom18: '18.3.7',
  react19: '19.1.1',
  typesReact19: '19.1.9',
  typesReactDom19: '19.1.7',
  typesNode: '20.19.9',
  typescript: '5.9.3',
  vite: '7.1.3',
  // The registry here lacks other platforms' binaries of rollup 4.68 (see the root package.json).
  rollup: '4.67.4',
  next: '16.4.6',
  // The apps' own viem, another 2.x than the SDK's build (2.57.1): the SDK's peer dependency
  // takes theirs, one copy.
  viem: '2.58.8',
  wagmi2: '2.22.1',
  wagmi3: '3.6.5',
  queryCore: '5.90.2',
}

/** The frame-host origin the apps are configured with: nothing listens there (see README). */
const FRAME_HOST = 'http://127.0.0.1:9'
// A text only the protocol codec holds (postcard's end-of-input error), to find its chunk.
const CODEC_MARKER = 'Hit the end of buffer, expected more data'

const log = (msg) => console.log(`[package-test +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`)

function fail(message) {
  throw new Error(`package test: ${message}`)
}

/** Runs a command; its output is shown only when it fails. */
function run(cmd, args, { cwd, env } = {}) {
  const t0 = Date.now()
  return new Promise((ok, ko) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.once('error', ko)
    child.once('exit', (code, signal) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1)
      if (code === 0) {
        log(`${[cmd, ...args].join(' ')} (in ${cwd ? cwd.replace(work, '$TMP') : '.'}): ${seconds} s`)
        ok(out)
      } else {
        ko(new Error(`${cmd} ${args.join(' ')} in ${cwd} failed (${code ?? signal}) after ${seconds} s:\n${out}`))
      }
    })
  })
}

function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, typeof text === 'string' ? text : `${JSON.stringify(text, null, 2)}\n`)
  }
}

const work = mkdtempSync(join(tmpdir(), 'oriel-package-'))
const cleanups = []

try {
  // ---- 1. the tarball --------------------------------------------------------------------
  // `npm pack` builds the package first (its prepack script), as `npm publish` does.
  const packed = await run('npm', ['pack', '--json', '--silent', '--pack-destination', work], { cwd: sdk })
  // The build's own lines come first; npm's JSON answer is the array that ends the output.
  const [pack] = JSON.parse(packed.slice(packed.search(/^\[/m)))
  const tarball = join(work, pack.filename)
  const files = pack.files.map((f) => f.path)
  for (const need of [
    'package.json',
    'README.md',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/index.js.map',
    'dist/wagmi.js',
    'dist/wagmi.d.ts',
  ]) {
    if (!files.includes(need)) fail(`the tarball lacks ${need}`)
  }
  const stray = files.filter((f) => f.startsWith('src/') || /\.test\./.test(f) || f.endsWith('.tgz'))
  if (stray.length) fail(`the tarball ships ${stray.join(', ')}`)
  log(
    `${pack.filename}: ${pack.entryCount} files, ${(pack.size / 1024).toFixed(1)} KB packed, ` +
      `${(pack.unpackedSize / 1024).toFixed(1)} KB unpacked`,
  )
  const dep = `file:${tarball}`

  // The lazy parts must be their own chunks: the entry only reaches them through import().
  const chunkWith = (needle) =>
    files.filter(
      (f) => f.startsWith('dist/') && f.endsWith('.js') && readFileSync(join(sdk, f), 'utf8').includes(needle),
    )
  const codecChunks = chunkWith(CODEC_MARKER)
  if (codecChunks.length !== 1) fail(`expected one chunk with the protocol codec, found ${codecChunks.join(', ') || 'none'}`)
  if (codecChunks[0] === 'dist/index.js') fail('the protocol codec is in the entry chunk')
  if (files.some((f) => f.endsWith('.wasm'))) fail('the package ships wasm; the host side has none')

  // ---- 2. the apps -----------------------------------------------------------------------
  const viteApp = join(work, 'vite-app')
  const nextApp = join(work, 'next-app')

  // What both apps configure: no frame-host runs, so the frame never loads, but the modal,
  // the Connect view's email field and the frame client with its codec (loaded as the modal
  // opens) do.
  const configTs = `import { base, createConfig, ethereum } from '@oriel/react'

export const config = createConfig({
  projectId: 'package-test',
  networks: [ethereum, base],
  frameHostUrl: '${FRAME_HOST}',
})
`
  // A hydration marker: the browser check clicks only once React has attached its handlers.
  const walletTsx = (directive) => `${directive}import { ConnectButton, OrielProvider } from '@oriel/react'
import { useEffect } from 'react'
import { config } from './config'

export function Wallet() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <OrielProvider config={config}>
      <ConnectButton />
    </OrielProvider>
  )
}
`
  // Checked by tsc against the package's .d.ts, then run in Node: the connector constructs
  // with this @wagmi/core and wagmi sees it.
  const wagmiCheck = `import { readFileSync } from 'node:fs'
import { createConfig as createWagmiConfig, http } from '@wagmi/core'
import { mainnet } from '@wagmi/core/chains'
import { createConfig, createOrielClient, ethereum, type OrielClient } from '@oriel/react'
import { oriel, type OrielConnectorParameters } from '@oriel/react/wagmi'

const client: OrielClient = createOrielClient(
  createConfig({ projectId: 'package-test', networks: [ethereum], frameHostUrl: '${FRAME_HOST}' }),
)
const parameters: OrielConnectorParameters = { client }
const wagmiConfig = createWagmiConfig({
  chains: [mainnet],
  connectors: [oriel(parameters)],
  transports: { [mainnet.id]: http() },
})
// The package's types are real, not \`any\`: these must be type errors (never called).
export function typeErrors() {
  // @ts-expect-error a client is required
  oriel({})
  // @ts-expect-error projectId is a string
  createConfig({ projectId: 1, networks: [ethereum] })
}

const connector = wagmiConfig.connectors.find((c) => c.id === 'oriel')
if (!connector) throw new Error('no oriel connector in wagmi config')
const provider = await connector.getProvider()
if (provider !== client.embeddedProvider) throw new Error('the connector does not expose the embedded provider')
const wagmi = JSON.parse(readFileSync(new URL('../../node_modules/@wagmi/core/package.json', import.meta.url), 'utf8'))
console.log(JSON.stringify({ wagmi: wagmi.version, id: connector.id, name: connector.name, type: connector.type }))
`
  const wagmiTsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: true,
      types: ['node'],
      outDir: 'out',
    },
    files: ['check.mts'],
  }

  write(viteApp, {
    'package.json': {
      name: 'oriel-vite-app',
      private: true,
      type: 'module',
      dependencies: {
        '@oriel/react': dep,
        react: V.react18,
        'react-dom': V.react18,
        '@wagmi/core': V.wagmi2,
        '@tanstack/query-core': V.queryCore,
        viem: V.viem,
      },
      devDependencies: {
        vite: V.vite,
        typescript: V.typescript,
        '@types/react': V.typesReact18,
        '@types/react-dom': V.typesReactDom18,
        '@types/node': V.typesNode,
      },
      overrides: { rollup: V.rollup },
    },
    'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Oriel package test (Vite)</title></head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    'tsconfig.json': {
      compilerOptions: {
        target: 'ES2022',
        lib: ['DOM', 'DOM.Iterable', 'ES2022'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        skipLibCheck: true,
      },
      include: ['src'],
    },
    'src/config.ts': configTs,
    'src/Wallet.tsx': walletTsx(''),
    'src/main.tsx': `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Wallet } from './Wallet'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Wallet />
  </StrictMode>,
)
`,
    'wagmi-check/check.mts': wagmiCheck,
    'wagmi-check/tsconfig.json': wagmiTsconfig,
  })

  write(nextApp, {
    'package.json': {
      name: 'oriel-next-app',
      private: true,
      type: 'module',
      dependencies: {
        '@oriel/react': dep,
        next: V.next,
        react: V.react19,
        'react-dom': V.react19,
        '@wagmi/core': V.wagmi3,
        '@tanstack/query-core': V.queryCore,
        viem: V.viem,
      },
      devDependencies: {
        typescript: V.typescript,
        '@types/react': V.typesReact19,
        '@types/react-dom': V.typesReactDom19,
        '@types/node': V.typesNode,
      },
    },
    'next.config.mjs': `export default {}\n`,
    'tsconfig.json': {
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'esnext'],
        allowJs: false,
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: 'react-jsx',
        incremental: false,
        plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', 'app/**/*.ts', 'app/**/*.tsx', '.next/types/**/*.ts', '.next/dev/types/**/*.ts'],
      exclude: ['node_modules', 'wagmi-check'],
    },
    'app/layout.tsx': `import type { ReactNode } from 'react'

export const metadata = { title: 'Oriel package test (Next.js)' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
    // A server component: rendered on each request (not prerendered at build), so \`next start\`
    // really server-renders the SDK.
    'app/page.tsx': `import { Wallet } from './Wallet'

export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Oriel in Next.js</h1>
      <Wallet />
    </main>
  )
}
`,
    'app/config.ts': configTs,
    'app/Wallet.tsx': walletTsx("'use client'\n\n"),
    'wagmi-check/check.mts': wagmiCheck,
    'wagmi-check/tsconfig.json': wagmiTsconfig,
  })

  // Each app: install, type checks, its wagmi check, production build. The two installs run side
  // by side; the CPU-heavy steps (tsc, builds) take turns, this machine has 2 cores.
  const npmInstall = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
  let cpu = Promise.resolve()
  const heavy = (step) => {
    const result = cpu.then(step)
    cpu = result.catch(() => {})
    return result
  }
  const tsc = (app, project) => heavy(() => run(join(app, 'node_modules/.bin/tsc'), ['-p', project], { cwd: app }))
  const nextEnv = { NEXT_TELEMETRY_DISABLED: '1' }

  const settled = await Promise.allSettled([
    (async () => {
      await run('npm', npmInstall, { cwd: viteApp })
      oneViem(viteApp)
      await tsc(viteApp, '.')
      await checkWagmi(viteApp, '2')
      await heavy(() =>
        run(join(viteApp, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--manifest'], { cwd: viteApp }),
      )
      checkViteBuild(viteApp)
    })(),
    (async () => {
      await run('npm', npmInstall, { cwd: nextApp })
      oneViem(nextApp)
      await checkWagmi(nextApp, '3')
      const args = process.env.ORIEL_PACKAGE_TEST_WEBPACK ? ['build', '--webpack'] : ['build']
      await heavy(() => run(join(nextApp, 'node_modules/.bin/next'), args, { cwd: nextApp, env: nextEnv }))
    })(),
  ])
  for (const { status, reason } of settled) if (status === 'rejected') throw reason

  /** The app installed one viem, its own version: the package's peer dependency took it. */
  function oneViem(app) {
    const copies = readdirSync(app, { recursive: true })
      .map(String)
      .filter((path) => path.endsWith(`${sep}viem${sep}package.json`) || path === `viem${sep}package.json`)
      .map((path) => JSON.parse(readFileSync(join(app, path), 'utf8')))
      .filter((manifest) => manifest.name === 'viem')
    const versions = copies.map((manifest) => manifest.version)
    if (versions.length !== 1 || versions[0] !== V.viem) {
      fail(`${app}: expected one viem ${V.viem}, installed ${versions.join(', ') || 'none'}`)
    }
    log(`${app.split(sep).pop()}: one viem (${versions[0]}), the app's own`)
  }

  /** The connector from the package, type-checked and run with this app's @wagmi/core. */
  async function checkWagmi(app, major) {
    await tsc(app, 'wagmi-check')
    const out = await run('node', ['wagmi-check/out/check.mjs'], { cwd: app })
    const seen = JSON.parse(out.trim().split('\n').pop())
    if (!seen.wagmi.startsWith(`${major}.`)) fail(`expected @wagmi/core ${major}.x, ran ${seen.wagmi}`)
    if (seen.id !== 'oriel' || seen.name !== 'Oriel' || seen.type !== 'oriel') {
      fail(`wagmi ${seen.wagmi} saw the connector as ${JSON.stringify(seen)}`)
    }
    log(`@wagmi/core ${seen.wagmi}: connector ${seen.id} / ${seen.name} / ${seen.type}`)
  }

  /** The initial chunk and what it imports statically hold none of the lazy code; the wasm is an asset. */
  function checkViteBuild(app) {
    const manifest = JSON.parse(readFileSync(join(app, 'dist/.vite/manifest.json'), 'utf8'))
    const initial = new Set()
    const visit = (key) => {
      const chunk = manifest[key]
      if (!chunk || initial.has(chunk.file)) return
      initial.add(chunk.file)
      for (const next of chunk.imports ?? []) visit(next)
    }
    visit(Object.keys(manifest).find((key) => manifest[key].isEntry))
    let initialGzip = 0
    for (const file of initial) {
      const code = readFileSync(join(app, 'dist', file), 'utf8')
      initialGzip += gzipSync(code).length
      // The protocol codec and WalletConnect's sign client (each in its own lazy chunk).
      for (const lazyMarker of [CODEC_MARKER, 'wc_sessionPropose']) {
        if (code.includes(lazyMarker)) fail(`the Vite app's initial chunk ${file} contains ${lazyMarker}`)
      }
    }
    const files = Object.values(manifest).flatMap((c) => [c.file, ...(c.assets ?? [])])
    const wasm = files.filter((f) => f.endsWith('.wasm'))
    if (wasm.length) fail(`vite build emitted wasm (${wasm.join(', ')}); the host side has none`)
    const kb = (initialGzip / 1024).toFixed(1)
    log(`Vite app: initial JS ${[...initial].join(' + ')} = ${kb} KB gzip (React 18 included)`)
  }

  // ---- 5. serve both, server-render check, Chromium ---------------------------------------
  const vitePort = await freePort()
  cleanups.push((await serveStatic(join(viteApp, 'dist'), vitePort)).stop)
  const nextPort = await freePort()
  const next = spawn(join(nextApp, 'node_modules/.bin/next'), ['start', '-p', String(nextPort), '-H', '127.0.0.1'], {
    cwd: nextApp,
    env: { ...process.env, ...nextEnv, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let nextOutput = ''
  next.stdout.on('data', (d) => (nextOutput += d))
  next.stderr.on('data', (d) => (nextOutput += d))
  const nextExited = new Promise((done) => next.once('exit', done))
  cleanups.push(async () => {
    if (next.exitCode === null && next.signalCode === null) process.kill(-next.pid, 'SIGTERM')
    await nextExited
  })
  const nextUrl = `http://127.0.0.1:${nextPort}/`
  const html = await waitForPage(nextUrl, () => nextOutput)
  if (!/<button[^>]*data-oriel-connect-button[^>]*>Connect Wallet<\/button>/.test(html)) {
    fail(`the Next page's server-rendered HTML has no Connect Wallet button:\n${html.slice(0, 2000)}`)
  }
  log('Next app: the server-rendered page has the Connect Wallet button')

  const browser = await launchChromium()
  cleanups.push(() => browser.close())
  await openConnect(browser, 'Vite app', `http://127.0.0.1:${vitePort}/`)
  await openConnect(browser, 'Next app', nextUrl)
  if (/\b(Error|ReferenceError|TypeError)\b/.test(nextOutput)) fail(`next start logged an error:\n${nextOutput}`)

  log(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()
  log('stopped the servers and the browser')
  if (process.env.ORIEL_KEEP_PACKAGE_TEST) log(`kept ${work}`)
  else {
    rmSync(work, { recursive: true, force: true })
    log(`removed ${work}`)
  }
}

/** Waits for a freshly started server to answer 200 (polling while it starts), returns the body. */
async function waitForPage(url, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url)
      const body = await res.text()
      if (res.ok) return body
      fail(`${url} answered ${res.status}:\n${body.slice(0, 2000)}\n${output()}`)
    } catch (error) {
      if (!(error instanceof TypeError)) throw error // not listening yet: fetch failed
    }
    if (Date.now() > deadline) fail(`${url} did not answer within ${timeoutMs} ms:\n${output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** In a fresh page: Connect Wallet opens the modal with the email field, and the frame client
 * (with the protocol codec) starts from the app's own build; the page fetches no wasm (the
 * frame's wasm is the frame's own, and no frame-host runs here). */
async function openConnect(browser, name, url) {
  const page = await browser.newPage()
  const errors = []
  const wasm = []
  page.on('pageerror', (error) => errors.push(error))
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.wasm')) wasm.push(res)
  })
  try {
    await page.goto(url)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').waitFor({ timeout: 15_000 })
    await page.getByRole('textbox', { name: 'Email' }).waitFor({ timeout: 15_000 })
    await page.waitForFunction(() => performance.getEntriesByName('oriel:frame-start').length > 0, null, {
      timeout: 15_000,
    })
    if (wasm.length) fail(`${name}: the page fetched wasm: ${wasm.map((r) => r.url()).join(', ')}`)
    if (errors.length) fail(`${name}: page errors: ${errors.map(String).join('; ')}`)
    log(`${name}: Connect Wallet opened the modal with the email field, and the frame client started`)
  } catch (error) {
    console.error(`${name}: the page showed:\n${await page.locator('body').ariaSnapshot().catch(() => '?')}`)
    throw error
  } finally {
    await page.close()
  }
}
