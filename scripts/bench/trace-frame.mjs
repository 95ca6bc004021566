// Where the frame-ready time goes, from a Chromium performance trace: opens the demo in a fresh
// profile, waits PAUSE_MS, records a trace of the Connect Wallet click until the frame's first
// answer, and prints each main thread's tasks over 1.5 ms (the host page's, the frame's, the
// browser's, the GPU process's compositor) in ms from the SDK's `oriel:frame-start` mark, with
// the events inside each task, and the frame's files as the network service and the frame's
// renderer saw them. Run after `make bench` has built everything:
//   ORIEL_FRAME_HOST_PROFILE=release node scripts/bench/trace-frame.mjs [runs]
// Each run's trace is kept as dist/trace-frame-N.json, for chrome://tracing or Perfetto.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startStack } from '@oriel/stack'
import { launchChromium } from '@oriel/stack/browser'
import { root, TEST_URLS as urls } from '@oriel/stack/ports'

const RUNS = Number(process.argv[2] ?? 1)
const PAUSE_MS = 1000
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'toplevel', 'blink', 'v8.execute']
const THREADS = /^(CrRendererMain|CrBrowserMain|VizCompositorThread)$/
const ms = (us) => (us / 1000).toFixed(1).padStart(6)

/** Prints the trace's main-thread tasks and the frame's requests, timed from `oriel:frame-start`. */
function report(events) {
  const names = { process: {}, thread: {} }
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'process_name') names.process[e.pid] = e.args.name
    if (e.ph === 'M' && e.name === 'thread_name') names.thread[`${e.pid}:${e.tid}`] = e.args.name
  }
  const mark = (name) => events.find((e) => e.name === `oriel:${name}`)
  const start = mark('frame-start')
  if (!start) throw new Error('no oriel:frame-start mark in the trace')
  const t0 = start.ts
  const end = (mark('frame-answered') ?? start).ts + 20_000
  console.log('marks:', ['boot', 'wasm-compiled', 'wasm-started', 'frame-loaded', 'frame-ready', 'frame-answered'].map((n) => `${n} ${mark(n) ? ms(mark(n).ts - t0).trim() : '-'}`).join(', '))
  const byThread = new Map()
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || e.ts > end || e.ts + e.dur < t0) continue
    const key = `${e.pid}:${e.tid}`
    if (!THREADS.test(names.thread[key] ?? '')) continue
    if (!byThread.has(key)) byThread.set(key, [])
    byThread.get(key).push(e)
  }
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur)
    const tasks = []
    for (const e of list) if (!tasks.length || e.ts >= tasks.at(-1).ts + tasks.at(-1).dur) tasks.push(e)
    const owner = key.split(':')[0] === String(start.pid) ? 'host page' : names.process[key.split(':')[0]]
    const busy = tasks.reduce((sum, e) => sum + e.dur, 0)
    console.log(`\n${owner} (${key}) ${names.thread[key]}: busy ${ms(busy).trim()} ms`)
    for (const task of tasks.filter((e) => e.dur > 1500)) {
      const inside = list
        .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 700 && !/RunTask|Microtask/.test(e.name))
        .slice(0, 6)
        .map((e) => `${e.name} ${ms(e.dur).trim()}`)
      console.log(`  ${ms(task.ts - t0)} +${ms(task.dur)}  ${inside.join(' | ')}`)
    }
  }
  console.log('\nthe frame\'s files (network: request sent .. last byte; renderer: when its main thread took the bytes)')
  const requests = new Map()
  for (const e of events) {
    const data = e.args?.data
    if (e.name === 'ResourceSendRequest' && /\/frame(\?|\/assets\/)/.test(data?.url ?? '')) requests.set(data.requestId, { url: data.url, taken: [] })
  }
  for (const e of events) {
    const request = requests.get(e.args?.data?.requestId)
    if (!request) continue
    const data = e.args.data
    if (e.name === 'ResourceReceiveResponse') request.sent = data.timing && data.timing.requestTime * 1e6
    if (e.name === 'ResourceReceivedData') request.taken.push(`${ms(e.ts - t0).trim()} (${data.encodedDataLength} B)`)
    if (e.name === 'ResourceFinish') request.done = data.finishTime * 1e6
  }
  for (const { url, sent, done, taken } of requests.values()) {
    const name = url.replace(/^.*\/frame/, '/frame').replace(/\.[0-9a-f]{16}\./, '.')
    console.log(`  ${name.padEnd(30)} network ${sent ? ms(sent - t0) : '     -'} ..${done ? ms(done - t0) : '     -'}  renderer ${taken.join(', ')}`)
  }
}

const servers = await startStack({ devnet: false })
const browser = await launchChromium()
try {
  mkdirSync(join(root, 'dist'), { recursive: true })
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(urls.demo)
    const button = page.getByRole('button', { name: 'Connect Wallet' }).first()
    await button.waitFor()
    await page.waitForTimeout(PAUSE_MS)
    await browser.startTracing(page, { categories: CATEGORIES })
    await button.click()
    await page.waitForFunction(() => performance.getEntriesByName('oriel:frame-answered').length > 0, null, { timeout: 20_000 })
    const trace = await browser.stopTracing()
    const file = join(root, `dist/trace-frame-${run}.json`)
    writeFileSync(file, trace)
    console.log(`\n=== run ${run + 1} of ${RUNS} (${file})`)
    report(JSON.parse(trace.toString()).traceEvents)
    await context.close()
  }
} finally {
  await browser.close()
  await servers.stop()
}
