// make bench: what a dapp ships and how fast the frame gets ready, measured for real:
//   - gzip bytes of the demo build: the initial chunks (React apart) and every lazy chunk/asset
//   - gzip bytes of the frame wasm
//   - frame-ready time in Chromium: iframe created -> handshake done, median of 20 loads, both
//     cold (a new browser profile each time; once clicking at once, once PAUSE_MS after the
//     page loaded, as a visitor who reads first) and warm (caches kept), with where the time went,
//     beside the floor: a bare cross-site iframe (an HTML page and one module script that posts
//     to its parent), measured in the same run; and the frame page alone, without the click,
//     beside the floor (how much of the frame-ready time is the host page's own work on the click)
//   - the modal in Chromium, median of MODAL_RUNS cold loads (one of each app per round, so
//     the machine's slow spells fall on all alike) of minimal React 19 apps built
//     here (React rendering one button; React with OrielProvider and ConnectButton; and the
//     leading widgets, Reown AppKit and RainbowKit, each with its own button, from
//     scripts/bench/peers): navigation -> connect button visible for each, click -> the first
//     view's content visible, and each app's initial JS over React alone
// It prints the figures next to their targets and the previous run's (kept in
// dist/bench-last.json); it asserts nothing (the size budget is checked by build-wasm.sh).
// `--smoke` (CI: scripts/bench.sh --smoke) measures each figure once and keeps no figures.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { startStack } from '@oriel/stack'
import { launchChromium } from '@oriel/stack/browser'
import { gzipBytes as gz, readBundle } from '@oriel/stack/bundle'
import { root, TEST_PORTS, TEST_URLS as urls } from '@oriel/stack/ports'
import { buildPeerApps, PEERS } from './bench/peers.mjs'

const smoke = process.argv.includes('--smoke')
const RUNS = smoke ? 1 : Number(process.env.ORIEL_BENCH_RUNS ?? 20)
const MODAL_RUNS = smoke ? 1 : Number(process.env.ORIEL_BENCH_RUNS ?? 15)
/**
 * The cold frame-ready loads click as soon as the button shows, while the page and the browser
 * are still starting up (its processes, the host's first work), and the frame's document then
 * often starts late. A visitor reads the page first: the second cold row clicks this long after
 * the button appears.
 */
const PAUSE_MS = 1000
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const lastFile = join(root, 'dist/bench-last.json')
const previous = existsSync(lastFile) ? JSON.parse(readFileSync(lastFile, 'utf8')) : {}
const figures = {}
/** Prints a figure with its target and the previous run's figure; `key` names it across runs. */
const row = (label, value, note = '', key = undefined) => {
  if (key) figures[key] = value
  const before = key && previous[key] !== undefined ? `(last run ${previous[key]})` : ''
  console.log(`  ${label.padEnd(44)} ${value.padStart(10)}  ${[note, before].filter(Boolean).join('  ')}`)
}

// The floor: a bare cross-site iframe, served from the frame's site (127.0.0.1, another port),
// that loads one module script which tells its parent it runs.
const FLOOR_PORT = TEST_PORTS.benchFloor
const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/floor.html`
function serveFloor() {
  const files = {
    '/floor.html': ['text/html', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title><script type="module" src="/floor.js"></script></head><body></body></html>'],
    '/floor.js': ['text/javascript', "parent.postMessage({ type: 'floor-loaded' }, '*')\n"],
  }
  const server = createServer((req, res) => {
    const file = files[req.url]
    if (!file) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-cache' }).end(file[1])
  })
  return new Promise((ok) => server.listen(FLOOR_PORT, '127.0.0.1', () => ok(() => new Promise((done) => server.close(done)))))
}

/** iframe created -> its script posted to this page, in ms. */
function floorOnce(page) {
  return iframeOnce(page, floorUrl, 'floor-loaded')
}

/** `src` in a new hidden iframe of `page`: ms until it posts a message of `type` to the page. */
function iframeOnce(page, src, type) {
  return page.evaluate(
    ({ src, type }) =>
      new Promise((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.style.display = 'none'
        const start = performance.now()
        window.addEventListener('message', function onMessage(event) {
          if (event.data?.type !== type) return
          window.removeEventListener('message', onMessage)
          resolve(performance.now() - start)
          iframe.remove()
        })
        iframe.src = src
        document.body.append(iframe)
      }),
    { src, type },
  )
}

/** The frame page on its own, without the widget's click: in a fresh profile, 1 s after the
 * demo page loaded, iframe created -> the frame announced itself (`oriel:frame-loaded`), beside
 * the floor measured the same way, the two in turn. Tells the frame page's own time from what the
 * host page does on the click (the modal, the wallet list and its images, the frame client). */
async function measureIdle(browser) {
  const frameUrl = `${urls.frameHost}/frame?projectId=demo`
  const samples = { frame: [], floor: [] }
  for (let i = 0; i < Math.ceil(RUNS / 2); i++) {
    for (const kind of i % 2 ? ['floor', 'frame'] : ['frame', 'floor']) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(urls.demo)
      await page.waitForTimeout(PAUSE_MS)
      samples[kind].push(await (kind === 'floor' ? floorOnce(page) : iframeOnce(page, frameUrl, 'oriel:frame-loaded')))
      await context.close()
    }
  }
  return samples
}

/** Where the frame's time went, in ms from the host's frame-start mark, read in the frame. */
async function frameSteps(page, frameStart) {
  const frame = page.frames().find((f) => f.url().includes('/frame?'))
  if (!frame) return {}
  const inFrame = await frame.evaluate(() => {
    const origin = performance.timeOrigin
    const nav = performance.getEntriesByType('navigation')[0]
    const resource = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN
    const wasm = resource('.wasm')
    return {
      html: origin + (nav?.responseEnd ?? NaN),
      parsed: origin + (nav?.domInteractive ?? NaN),
      glue: origin + (resource('oriel_frame.')?.responseEnd ?? NaN),
      wasmStart: origin + (wasm?.startTime ?? NaN),
      wasm: origin + (wasm?.responseEnd ?? NaN),
      boot: origin + mark('oriel:boot'),
      compiled: origin + mark('oriel:wasm-compiled'),
      started: origin + mark('oriel:wasm-started'),
    }
  })
  return Object.fromEntries(Object.entries(inFrame).map(([k, v]) => [k, v - frameStart]))
}

/** Opens the widget `RUNS` times and reads the SDK's own marks: frame-start, frame-loaded
 * (the frame announced itself) and frame-ready. The host codec is TypeScript: nothing to
 * instantiate. With `pauseMs`, the floor and the click each wait that long after the page
 * loaded. */
async function measure(browser, { fresh, pauseMs = 0 }) {
  const samples = []
  let context = await browser.newContext()
  for (let i = 0; i < RUNS; i++) {
    // The floor first, in a profile of its own when cold, so neither warms the other's process.
    if (fresh && i > 0) {
      await context.close()
      context = await browser.newContext()
    }
    const floorPage = await context.newPage()
    await floorPage.goto(urls.demo)
    if (pauseMs > 0) await floorPage.waitForTimeout(pauseMs)
    const floor = await floorOnce(floorPage)
    await floorPage.close()
    if (fresh) {
      await context.close()
      context = await browser.newContext()
    }
    const page = await context.newPage()
    await page.goto(urls.demo)
    if (pauseMs > 0) {
      await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
      await page.waitForTimeout(pauseMs)
    }
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page.getByTestId('frame-status').filter({ hasText: /^ready/ }).waitFor({ timeout: 20_000 })
    // The SDK's first request after Ready (it introduces the dapp): when the frame is of use.
    await page.waitForFunction(() => performance.getEntriesByName('oriel:frame-answered').length > 0, null, { timeout: 20_000 })
    const host = await page.evaluate(() => {
      const at = (name) => performance.getEntriesByName(`oriel:${name}`)[0]?.startTime ?? NaN
      const start = at('frame-start')
      return {
        ready: at('frame-ready') - start,
        loaded: at('frame-loaded') - start,
        answered: at('frame-answered') - start,
        start: performance.timeOrigin + start,
      }
    })
    samples.push({ ...host, floor, steps: await frameSteps(page, host.start) })
    await page.close()
  }
  await context.close()
  return samples
}

/** Builds the two minimal apps of scripts/bench/minimal into the demo's directory, so they
 * are served from the demo's origin (one frame-host allows). */
async function buildMinimalApps(demoDir) {
  const { build } = await import('vite')
  const react = (await import('@vitejs/plugin-react')).default
  const { defaultClientConditions } = await import('vite')
  const dir = join(root, 'scripts/bench/minimal')
  process.env.VITE_ORIEL_FRAME_HOST = urls.frameHost
  await build({
    root: dir,
    base: '/bench/',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions: ['@oriel/source', ...defaultClientConditions] },
    build: {
      outDir: join(demoDir, 'bench'),
      emptyOutDir: true,
      rollupOptions: { input: { react: join(dir, 'react.html'), oriel: join(dir, 'oriel.html') } },
    },
  })
}

/** In the page from its start: the time the connect button first has a box, and after a
 * click on it, the time the modal's first view shows its content (Oriel: an input or a button
 * in the card's body, not the loading spinner; a peer: its first wallet option). Times are rAF
 * timestamps: the frame that paints. Selectors are searched in the page and in every shadow
 * root, since the peers draw inside custom elements. */
const modalProbe = ({ button, view }) => {
  const deep = (selector, root = document) => {
    const hit = root.querySelector(selector)
    if (hit) return hit
    for (const el of root.querySelectorAll('*')) {
      const inner = el.shadowRoot && deep(selector, el.shadowRoot)
      if (inner) return inner
    }
    return null
  }
  const hasBox = (selector) => deep(selector)?.getBoundingClientRect().width > 0
  const watch = (found, key) => {
    const check = (now) => {
      if (found()) window[key] = now
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  }
  watch(() => hasBox(button), '__buttonAt')
  document.addEventListener(
    'click',
    (event) => {
      window.__clickAt = event.timeStamp
      watch(() => hasBox(view), '__viewAt')
    },
    { capture: true, once: true },
  )
}

const ORIEL_PROBE = { button: '[data-bench-button], [data-oriel-connect-button]', view: '[role="dialog"] .body :is(input, button)' }

/** One cold load of `url` (a new profile): navigation -> button, and click -> first view. */
async function loadModal(browser, url, { click, probe = ORIEL_PROBE }) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.addInitScript(modalProbe, probe)
    await page.goto(url)
    await page.waitForFunction(() => window.__buttonAt !== undefined)
    const button = await page.evaluate(() => window.__buttonAt)
    if (!click) return { button }
    // Locators reach into open shadow roots, so a peer's custom-element button is clicked too.
    await page.locator(probe.button).first().click()
    await page.waitForFunction(() => window.__viewAt !== undefined, null, { timeout: 10_000 })
    return { button, view: await page.evaluate(() => window.__viewAt - window.__clickAt) }
  } finally {
    await context.close()
  }
}

/**
 * `MODAL_RUNS` rounds of one cold load of each app in turn, so a slow spell of the machine falls
 * on all of them alike rather than on whichever app it was measuring. Resolves to each app's
 * navigation -> button and click -> view samples, in the order of `apps`.
 */
async function measureModals(browser, apps) {
  const samples = apps.map(() => ({ button: [], view: [] }))
  for (let i = 0; i < MODAL_RUNS; i++) {
    for (const [k, app] of apps.entries()) {
      const { button, view } = await loadModal(browser, app.url, app)
      samples[k].button.push(button)
      if (view !== undefined) samples[k].view.push(view)
    }
  }
  return samples
}

/** Gzip bytes of the JavaScript a built page loads before anything else: its module script
 * and the chunks it preloads (Vite writes both into the HTML). */
function initialJs(dir, page) {
  const html = readFileSync(join(dir, page), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1])
  return files.reduce((sum, file) => sum + gz(join(dir, file.replace(/^\/[^/]+\//, ''))), 0)
}

function reportModal(reactAlone, oriel, peers) {
  const spread = (values) => `min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))}`
  const base = median(reactAlone.button)
  row('navigation -> button: React alone', `${base} ms`, spread(reactAlone.button), 'modal.reactButton')
  row(
    'navigation -> connect button: with Oriel',
    `${median(oriel.button)} ms`,
    `target <= React alone + 30 ms (${base + 30} ms); ${spread(oriel.button)}`,
    'modal.orielButton',
  )
  const fastestPeer = Math.min(...peers.map((p) => median(p.view)))
  row(
    'click -> Connect view visible',
    `${median(oriel.view)} ms`,
    `target <= 50 ms and below every peer (${fastestPeer} ms); ${spread(oriel.view)}`,
    'modal.open',
  )
  row('initial JS over React alone: Oriel', kb(oriel.bytes - reactAlone.bytes), 'keep far below the peers', 'modal.orielBytes')
  for (const peer of peers) {
    const key = `peers.${peer.app}`
    row(`navigation -> button: ${peer.name}`, `${median(peer.button)} ms`, spread(peer.button), `${key}.button`)
    row(`click -> first view: ${peer.name}`, `${median(peer.view)} ms`, spread(peer.view), `${key}.open`)
    row(`initial JS over React alone: ${peer.name}`, kb(peer.bytes - reactAlone.bytes), '', `${key}.bytes`)
  }
}

function median(values) {
  if (values.length === 0) return 'n/a'
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2)
}

function report(label, key, samples) {
  const ready = samples.map((s) => s.ready)
  const floor = median(samples.map((s) => s.floor))
  row(label, `${median(ready)} ms`, `target <= 100 ms and <= floor + 40 ms; min ${Math.round(Math.min(...ready))}, max ${Math.round(Math.max(...ready))}`, `${key}.ready`)
  row('  floor: a bare cross-site iframe', `${floor} ms`, '', `${key}.floor`)
  row('  of which: frame page announced', `${median(samples.map((s) => s.loaded))} ms`, '', `${key}.loaded`)
  const step = (name) => median(samples.map((s) => s.steps[name] ?? NaN).filter((v) => !Number.isNaN(v)))
  row('  in the frame: page HTML received', `${step('html')} ms`, '', `${key}.html`)
  row('  in the frame: page parsed', `${step('parsed')} ms`, '', `${key}.parsed`)
  row('  in the frame: JS glue received', `${step('glue')} ms`, '', `${key}.glue`)
  row('  in the frame: boot.js runs', `${step('boot')} ms`, '', `${key}.boot`)
  row('  in the frame: wasm requested', `${step('wasmStart')} ms`, '', `${key}.wasmStart`)
  row('  in the frame: wasm received', `${step('wasm')} ms`, '', `${key}.wasm`)
  row('  in the frame: wasm compiled', `${step('compiled')} ms`, '', `${key}.compiled`)
  row('  in the frame: wasm started (announced)', `${step('started')} ms`, '', `${key}.started`)
  row('  the frame answers its first request', `${median(samples.map((s) => s.answered))} ms`, "the SDK's first request after Ready", `${key}.answered`)
}

// The stack without the devnet (so without the bundler and the on-ramp): nothing here reads a chain.
const servers = await startStack({ devnet: false })
const stopFloor = await serveFloor()
try {
  const dist = servers.demoDir
  const bundle = readBundle(dist)
  console.log('\nDemo build (gzip -9), as the dapp ships it')
  for (const chunk of bundle.initial) {
    row(`initial  ${chunk.file}`, kb(chunk.bytes), chunk.react ? '(React itself)' : '')
  }
  row('initial chunk over React (SDK + demo code)', kb(bundle.overReact), 'target <= 60 KB', 'initialOverReact')
  for (const chunk of bundle.lazy) row(`lazy     ${chunk.file}`, kb(chunk.bytes))
  const frameFiles = JSON.parse(readFileSync(join(root, 'dist/frame/manifest.json'), 'utf8'))
  const frameAsset = (name) => join(root, 'dist/frame', frameFiles[name])
  const frameWasm = gz(frameAsset('wasm'))
  const frameGlue = gz(frameAsset('glue')) + gz(frameAsset('boot'))
  console.log('\nFrame (served by frame-host)')
  row('frame wasm', kb(frameWasm), 'target <= 120 KB', 'frameWasm')
  row('frame wasm as served (brotli)', kb(statSync(`${frameAsset('wasm')}.br`).size), '', 'frameWasmBrotli')
  row('frame JS glue + boot.js', kb(frameGlue), '', 'frameGlue')

  await buildMinimalApps(dist)
  await buildPeerApps(join(dist, 'bench-peers'))
  const browser = await launchChromium()
  let cold
  let paused
  let warm
  let idle
  let reactAlone
  let oriel
  const peers = []
  try {
    const minimal = (app) => `${urls.demo}/bench/${app}.html`
    const apps = [
      { url: minimal('react'), click: false },
      { url: minimal('oriel'), click: true },
      ...PEERS.map((peer) => ({
        url: `${urls.demo}/bench-peers/${peer.app}.html`,
        click: true,
        probe: { button: peer.button, view: peer.view },
      })),
    ]
    const [reactSamples, orielSamples, ...peerSamples] = await measureModals(browser, apps)
    reactAlone = { ...reactSamples, bytes: initialJs(join(dist, 'bench'), 'react.html') }
    oriel = { ...orielSamples, bytes: initialJs(join(dist, 'bench'), 'oriel.html') }
    for (const [k, peer] of PEERS.entries()) {
      peers.push({ ...peer, ...peerSamples[k], bytes: initialJs(join(dist, 'bench-peers'), `${peer.app}.html`) })
    }
    cold = await measure(browser, { fresh: true })
    paused = await measure(browser, { fresh: true, pauseMs: PAUSE_MS })
    warm = await measure(browser, { fresh: false })
    idle = await measureIdle(browser)
  } finally {
    await browser.close()
  }
  console.log(`\nThe modal in Chromium (minimal React 19 apps, production builds), median of ${MODAL_RUNS} cold loads each, the apps in turn`)
  reportModal(reactAlone, oriel, peers)
  console.log(`\nFrame ready in Chromium (iframe created -> handshake done), median of ${RUNS}`)
  report('cold (new profile: no HTTP or code cache)', 'cold', cold)
  report(`cold, clicked ${PAUSE_MS / 1000} s after the page loaded`, 'coldPaused', paused)
  report('warm (returning visitor: caches kept)', 'warm', warm)
  console.log(`\nThe frame page alone, no click (cold, ${PAUSE_MS / 1000} s after the page loaded; iframe created -> announced), median of ${Math.ceil(RUNS / 2)}`)
  const idleFloor = median(idle.floor)
  row('frame page announced', `${median(idle.frame)} ms`, `floor + 40 ms: ${idleFloor + 40} ms`, 'idle.frame')
  row('  floor: a bare cross-site iframe', `${idleFloor} ms`, '', 'idle.floor')
  if (!smoke) {
    mkdirSync(join(root, 'dist'), { recursive: true })
    writeFileSync(lastFile, `${JSON.stringify(figures, null, 2)}\n`)
  }
} finally {
  await stopFloor()
  await servers.stop()
}
