// make bench: what a dapp ships and how fast the frame gets ready, measured for real:
//   - gzip bytes of the demo build: the initial chunks (React apart) and every lazy chunk/asset
//   - gzip bytes of the frame wasm
//   - frame-ready time in Chromium: iframe created -> handshake done, median of 20 cold loads
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
  const samples = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext() // cold: no HTTP cache, no storage
      const page = await context.newPage()
      await page.goto(urls.demo)
      await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
      await page.getByTestId('frame-status').filter({ hasText: /^ready/ }).waitFor({ timeout: 20_000 })
      samples.push(Number(await page.getByTestId('frame-ready-ms').textContent()))
      await context.close()
    }
  } finally {
    await browser.close()
  }
  samples.sort((a, b) => a - b)
  const median = (samples[9] + samples[10]) / 2
  console.log(`\nFrame ready in Chromium (iframe created -> handshake done), ${RUNS} cold loads`)
  row('median', `${median} ms`, 'target <= 100 ms')
  row('min / max', `${samples[0]} / ${samples.at(-1)} ms`)
} finally {
  await servers.stop()
}
