// Starts `make demo` and checks that every service answers on its origin (stack/ports.mjs, the
// demo profile): the dapp, the demo wallet, the demo Farcaster client, the identity provider and
// the on-ramp sandbox serve their pages, frame-host its health route, the devnet, the bundler and
// the Solana cluster a JSON-RPC call, the relay a WebSocket; then that the dapp renders in
// Chromium (the Connect Wallet button shows and no request of the page failed); then stops it
// with Ctrl-C (SIGINT) and checks that every port is free again. N times (default 5). Exits
// non-zero at the first start that does not answer, render or stop cleanly. `--dev` does the
// same with `make demo-dev` (Vite dev servers). CI runs each once (scripts/test.sh).
//   node scripts/demo-restarts.mjs [N] [--dev]
import { spawn } from 'node:child_process'
import { launchChromium } from '@oriel/stack/browser'
import { portsOf, root, urlsOf } from '@oriel/stack/ports'
import WebSocket from 'ws'

const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5)
const target = process.argv.includes('--dev') ? 'demo-dev' : 'demo'
const PORTS = portsOf('demo')
const URLS = urlsOf(PORTS)

/** Starts `make demo` (or demo-dev) in its own process group; resolves once it prints that it is running. */
function startDemo() {
  const child = spawn('make', ['--no-print-directory', target], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const ready = new Promise((ok, fail) => {
    const onData = (chunk) => {
      output += chunk
      if (output.includes('Oriel demo is running')) ok()
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => fail(new Error(`make ${target} exited with ${code} before it was running:\n${output}`)))
  })
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))
  return { child, ready, exited, output: () => output }
}

/** `method` over JSON-RPC at `url`: its result, or throws. */
async function rpc(url, method) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  const body = await response.json()
  if (body.error || body.result === undefined) throw new Error(`${method}: ${JSON.stringify(body)}`)
  return body.result
}

/** Throws unless GET `url` answers 200. */
async function page(url) {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
}

/** What each service answers when it runs. */
const CHECKS = {
  demo: () => page(URLS.demo),
  frameHost: () => page(`${URLS.frameHost}/healthz`),
  wallet: () => page(URLS.wallet),
  farcaster: () => page(URLS.farcaster),
  oidc: () => page(`${URLS.oidc}/google/.well-known/openid-configuration`),
  onramp: () => page(URLS.onramp),
  devnet: async () => {
    if ((await rpc(URLS.devnet, 'eth_chainId')) !== '0x7a69') throw new Error('the devnet is not chain 31337')
  },
  bundler: async () => {
    if ((await rpc(URLS.bundler, 'eth_supportedEntryPoints')).length !== 1) throw new Error('alto serves no EntryPoint')
  },
  solana: async () => {
    if ((await rpc(URLS.solana, 'getHealth')) !== 'ok') throw new Error('the Solana cluster is not healthy')
  },
  relay: () =>
    new Promise((ok, fail) => {
      const socket = new WebSocket(URLS.relay)
      socket.once('open', () => ok(socket.close()))
      socket.once('error', fail)
    }),
}

/** The services that do not answer as they should, each with why. */
async function notAnswering() {
  const wrong = []
  for (const [name, check] of Object.entries(CHECKS)) {
    await check().catch((error) => wrong.push(`${name} (${error.message})`))
  }
  return wrong
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
    const wrong = await notAnswering()

    const tab = await browser.newPage()
    const failures = []
    tab.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`))
    tab.on('requestfailed', (r) => failures.push(`failed ${r.url()}`))
    await tab.goto(URLS.demo, { waitUntil: 'networkidle' })
    const buttons = await tab.getByRole('button', { name: 'Connect Wallet' }).count()
    await tab.close()

    // Ctrl-C reaches the whole group, as in a terminal.
    process.kill(-demo.child.pid, 'SIGINT')
    const { code, signal } = await demo.exited
    // make ends itself with the signal after its recipe stopped, as after Ctrl-C in a terminal.
    const stopped = code === 0 || signal === 'SIGINT'
    const left = []
    for (const port of Object.values(PORTS)) if (await listening(port)) left.push(port)

    const rendered = buttons > 0 && failures.length === 0
    console.log(
      `start ${run}/${runs}: ready in ${(readyMs / 1000).toFixed(1)} s, ` +
        `${wrong.length ? `NOT answering: ${wrong.join(', ')}` : `all ${Object.keys(CHECKS).length} services answered`}, ` +
        `${rendered ? 'dapp rendered' : `dapp NOT rendered (${failures.join(', ') || 'no Connect Wallet button'})`}, ` +
        `${stopped ? 'stopped' : `stop failed (${code ?? signal})`}${left.length ? `, ports still open: ${left.join(' ')}` : ''}`,
    )
    if (wrong.length > 0 || !rendered || !stopped || left.length > 0) {
      failed = true
      console.error(demo.output())
      break
    }
  }
} finally {
  await browser.close()
}
process.exit(failed ? 1 : 0)
