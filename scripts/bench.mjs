// make bench: what a dapp ships and how fast the frame gets ready, measured for real:
//   - gzip bytes of the demo build: the initial chunks (React apart) and every lazy chunk/asset
//   - gzip bytes of the frame wasm
//   - frame-ready time in Chromium: iframe created -> handshake done, median of 20 loads, both
//     cold (a new browser profile each time) and warm (caches kept), with where the time went
// It prints the figures next to their targets; it asserts nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../e2e/support/browser.mjs'
import { root, startAll, urls } from '../e2e/support/servers.mjs'

const RUNS = 20
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const row = (label, value, note = '') => console.log(`  ${label.padEnd(44)} ${value.padStart(10)}  ${note}`)

/** Opens the widget `RUNS` times and reads the SDK's own marks: frame-start, frame-loaded
 * (the frame announced itself), codec-loaded and frame-ready. */
async function measure(browser, { fresh }) {
  const samples = []
  let context = await browser.newContext()
  for (let i = 0; i < RUNS; i++) {
    if (fresh && i > 0) {
      await context.close()
      context = await browser.newContext()
    }
    const page = await context.newPage()
    await page.goto(urls.demo)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page.getByTestId('frame-status').filter({ hasText: /^ready/ }).waitFor({ timeout: 20_000 })
    samples.push(
      await page.evaluate(() => {
        const at = (name) => performance.getEntriesByName(`oriel:${name}`)[0]?.startTime ?? NaN
        const start = at('frame-start')
        return { ready: at('frame-ready') - start, loaded: at('frame-loaded') - start, codec: at('codec-loaded') - start }
      }),
    )
    await page.close()
  }
  await context.close()
  return samples
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2)
}

function report(label, samples) {
  const ready = samples.map((s) => s.ready)
  row(label, `${median(ready)} ms`, `target <= 100 ms; min ${Math.round(Math.min(...ready))}, max ${Math.round(Math.max(...ready))}`)
  row('  of which: frame page announced', `${median(samples.map((s) => s.loaded))} ms`)
  row('  of which: host codec instantiated', `${median(samples.map((s) => s.codec))} ms`)
}

const servers = await startAll()
try {
  const dist = servers.demoDir
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  const initial = new Set()
  const visit = (key) => {
    if (initial.has(key)) return
    initial.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  visit(entryKey)
  const isReact = (key) => /react|scheduler/.test(manifest[key].name ?? '') && !manifest[key].isEntry

  console.log('\nDemo build (gzip -9), as the dapp ships it')
  let reactBytes = 0
  let ours = 0
  for (const key of initial) {
    const bytes = gz(join(dist, manifest[key].file))
    if (isReact(key)) reactBytes += bytes
    else ours += bytes
    row(`initial  ${manifest[key].file}`, kb(bytes), isReact(key) ? '(React itself)' : '')
    for (const css of manifest[key].css ?? []) {
      const cssBytes = gz(join(dist, css))
      ours += cssBytes
      row(`initial  ${css}`, kb(cssBytes))
    }
  }
  row('initial chunk over React (SDK + demo code)', kb(ours), 'target <= 60 KB')
  for (const [key, chunk] of Object.entries(manifest)) {
    if (initial.has(key)) continue
    row(`lazy     ${chunk.file}`, kb(gz(join(dist, chunk.file))))
  }
  const frameWasm = gz(join(root, 'dist/frame/oriel_frame_bg.wasm'))
  const frameGlue = gz(join(root, 'dist/frame/oriel_frame.js')) + gz(join(root, 'dist/frame/boot.js'))
  console.log('\nFrame (served by frame-host)')
  row('frame wasm', kb(frameWasm), 'target <= 120 KB')
  row('frame JS glue + boot.js', kb(frameGlue))

  const browser = await launchChromium()
  let cold
  let warm
  try {
    cold = await measure(browser, { fresh: true })
    warm = await measure(browser, { fresh: false })
  } finally {
    await browser.close()
  }
  console.log(`\nFrame ready in Chromium (iframe created -> handshake done), median of ${RUNS}`)
  report('cold (new profile: no HTTP or code cache)', cold)
  report('warm (returning visitor: caches kept)', warm)
} finally {
  await servers.stop()
}
