// The Blockchain API under load, measured for real on the local devnet (hardhat node, the devnet
// contracts) and the frame-host binary (`cargo build -p oriel-frame-host` first):
//   - indexer throughput: blocks per second from frame-host's start until its index reaches the
//     head of a devnet of TXS transfer blocks and EMPTY empty blocks (SQLite, the default)
//   - latency p50/p99 of the history route (first page, second page) and the balance route
//     (cached, and forceUpdate, which reads the chain), CLIENTS concurrent clients each sending
//     REQUESTS requests one after the other
// It prints the figures; it asserts nothing but that every answer is 200. Its ports are the
// port table's (stack/ports.mjs; ORIEL_PORT_OFFSET shifts them). `--smoke` (CI) runs a devnet of
// 50 blocks (history of two pages) and 5 clients of 2 requests.
import { spawn } from 'node:child_process'
import { Agent, get } from 'node:http'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@oriel/stack/devnet'
import { frameHostBinary } from '@oriel/stack/frameHost'
import { TEST_PORTS } from '@oriel/stack/ports'

const smoke = process.argv.includes('--smoke')
const CLIENTS = smoke ? 5 : 50
const REQUESTS = smoke ? 2 : 40
const TXS = smoke ? 30 : 300
const EMPTY = smoke ? 20 : 2000
const PORTS = { devnet: TEST_PORTS.benchApiDevnet, frameHost: TEST_PORTS.benchApiFrameHost }
const CHAIN = 'eip155:31337'
/** Hardhat's unlocked accounts #0 (holds every token) and #1 (whose history is read). */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const work = mkdtempSync(join(tmpdir(), 'oriel-bench-api-'))
const contractsFile = join(work, 'devnet-contracts.json')
const devnet = await startDevnet({ port: PORTS.devnet, contractsFile })
const stops = [devnet.stop]
const stopAll = async () => {
  for (const stop of stops.reverse()) await stop()
}

let id = 0
async function rpc(method, params) {
  const response = await fetch(devnet.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

const send = (to, value, data = '0x') =>
  rpc('eth_sendTransaction', [{ from: DEPLOYER, to, value: `0x${value.toString(16)}`, data }])
const pad = (hex) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

async function makeHistory() {
  const dusd = devnet.contracts.tokens[0].address
  for (let i = 1; i <= TXS; i++) {
    if (i % 2) await send(HOLDER, BigInt(i))
    else await send(dusd, 0n, `0xa9059cbb${pad(HOLDER)}${pad(i.toString(16))}`)
  }
  // evm_mine, not hardhat_mine: hardhat_mine's blocks name a zero parent hash, which the
  // indexer takes for a chain that does not link up.
  const mine = Array.from({ length: EMPTY }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'evm_mine', params: [] }))
  const mined = await fetch(devnet.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mine) })
  if (!mined.ok) throw new Error(`evm_mine: ${mined.status}`)
  await mined.arrayBuffer()
  // The last block holds a transfer, so the history shows when the index reached the head.
  return send(HOLDER, 1n)
}

function startFrameHost() {
  const bin = frameHostBinary('debug')
  const config = join(work, 'frame-host.toml')
  writeFileSync(
    config,
    `[[projects]]\nid = "demo"\nname = "bench"\nallowed_origins = ["http://localhost:5173"]\n\n` +
      `[[networks]]\nchain_id = "${CHAIN}"\nrpc_urls = ["${devnet.url}"]\n`,
  )
  const env = {
    ...process.env,
    ORIEL_CONFIG: config,
    // frame-host's dev mode (production is its default): the dev mailbox and loopback endpoints.
    ORIEL_MODE: 'dev',
    ORIEL_LISTEN: `127.0.0.1:${PORTS.frameHost}`,
    ORIEL_DATA_DIR: join(work, 'data'),
    ORIEL_FRAME_DIR: join(work, 'frame'),
    ORIEL_DEVNET_CONTRACTS: contractsFile,
    ORIEL_LOG: process.env.ORIEL_LOG ?? 'error',
  }
  const child = spawn(bin, [], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  stops.push(
    () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  )
  return `http://127.0.0.1:${PORTS.frameHost}`
}

const api = (base, route, extra = '') =>
  `${base}/v1/account/${HOLDER}/${route}?projectId=demo&st=bench&sv=0&chainId=${CHAIN}${extra}`

async function getJson(url) {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Polls the history until its newest entry is `hash`; returns the milliseconds since `since`. */
async function indexedAt(base, hash, since) {
  for (;;) {
    try {
      const page = await getJson(api(base, 'history'))
      if (page.data[0]?.metadata.hash === hash) return performance.now() - since
    } catch (error) {
      if (!String(error).includes('fetch failed')) throw error
    }
    if (performance.now() - since > 120_000) throw new Error('the index did not reach the head in 2 minutes')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** One GET over `agent`: resolves to its status once the body is read. */
const request = (url, agent) =>
  new Promise((done, fail) => {
    get(url, { agent }, (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode))
      response.on('error', fail)
    }).on('error', fail)
  })

/** CLIENTS clients (one kept-alive connection each: frame-host caps connections per address),
 * each REQUESTS GETs of `url` in a row: latency percentiles in ms and requests per second. */
async function load(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const samples = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now()
        const status = await request(url, agent)
        if (status !== 200) throw new Error(`${url}: ${status}`)
        samples.push(performance.now() - t)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  samples.sort((a, b) => a - b)
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  return { p50: at(0.5), p99: at(0.99), rps: samples.length / seconds }
}

try {
  const last = await makeHistory()
  const head = Number.parseInt(await rpc('eth_blockNumber', []), 16)
  const since = performance.now()
  const base = startFrameHost()
  const ms = await indexedAt(base, last, since)
  console.log('\n  Blockchain API on the devnet (debug frame-host build, SQLite)')
  console.log(`  indexer: ${head + 1} blocks (${TXS + 1} with a transfer) in ${(ms / 1000).toFixed(2)} s: ${((head + 1) / (ms / 1000)).toFixed(0)} blocks/s`)
  const first = await getJson(api(base, 'history'))
  const routes = [
    ['history, first page', api(base, 'history')],
    ['history, second page', api(base, 'history', `&cursor=${first.next}`)],
    ['balance (cached)', api(base, 'balance', '&currency=usd')],
    ['balance, forceUpdate (chain read)', api(base, 'balance', '&currency=usd&forceUpdate=true')],
  ]
  console.log(`  latency, ${CLIENTS} concurrent clients x ${REQUESTS} requests:`)
  for (const [label, url] of routes) {
    const { p50, p99, rps } = await load(url)
    console.log(`    ${label.padEnd(36)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   ${rps.toFixed(0).padStart(6)} req/s`)
  }
} finally {
  await stopAll()
}
