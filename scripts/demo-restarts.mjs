// Starts `make demo`, checks in Chromium that the dapp renders (the Connect Wallet button shows
// and no request of the page failed), stops it with Ctrl-C (SIGINT) and starts it again, N times
// (default 5). Exits non-zero at the first start that does not render or does not stop cleanly.
//   node scripts/demo-restarts.mjs [N]
import { spawn } from 'node:child_process'
import { launchChromium } from '@oriel/stack/browser'
import { portsOf, root, urlsOf } from '@oriel/stack/ports'

const runs = Number(process.argv[2] ?? 5)
const DEMO = portsOf('demo')
const DAPP = urlsOf(DEMO).demo
const PORTS = [DEMO.demo, DEMO.wallet, DEMO.farcaster, DEMO.devnet, DEMO.relay, DEMO.frameHost]

/** Starts `make demo` in its own process group; resolves once it prints that it is running. */
function startDemo() {
  const child = spawn('make', ['--no-print-directory', 'demo'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const ready = new Promise((ok, fail) => {
    const onData = (chunk) => {
      output += chunk
      if (output.includes('Oriel demo is running')) ok()
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => fail(new Error(`make demo exited with ${code} before it was running:\n${output}`)))
  })
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))
  return { child, ready, exited, output: () => output }
}

/** Whether something still accepts connections on 127.0.0.1:`port`. */
async function listening(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) })
    return true
  } catch {
    return false
  }
}

const browser = await launchChromium()
let failed = false
try {
  for (let run = 1; run <= runs; run++) {
    const started = Date.now()
    const demo = startDemo()
    await demo.ready
    const readyMs = Date.now() - started

    const page = await browser.newPage()
    const failures = []
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`))
    page.on('requestfailed', (r) => failures.push(`failed ${r.url()}`))
    await page.goto(DAPP, { waitUntil: 'networkidle' })
    const buttons = await page.getByRole('button', { name: 'Connect Wallet' }).count()
    await page.close()

    // Ctrl-C reaches the whole group, as in a terminal.
    process.kill(-demo.child.pid, 'SIGINT')
    const { code, signal } = await demo.exited
    // make ends itself with the signal after its recipe stopped, as after Ctrl-C in a terminal.
    const stopped = code === 0 || signal === 'SIGINT'
    const left = []
    for (const port of PORTS) if (await listening(port)) left.push(port)

    const rendered = buttons > 0 && failures.length === 0
    console.log(
      `start ${run}/${runs}: ready in ${(readyMs / 1000).toFixed(1)} s, ` +
        `${rendered ? 'dapp rendered' : `dapp NOT rendered (${failures.join(', ') || 'no Connect Wallet button'})`}, ` +
        `${stopped ? 'stopped' : `stop failed (${code ?? signal})`}${left.length ? `, ports still open: ${left.join(' ')}` : ''}`,
    )
    if (!rendered || !stopped || left.length > 0) {
      failed = true
      console.error(demo.output())
      break
    }
  }
} finally {
  await browser.close()
}
process.exit(failed ? 1 : 0)
