// The local Solana cluster's HTTP endpoint: JSON-RPC 2.0 (single requests and batches) on `POST /`
// and the dUSDC faucet on `POST /faucet/token`, with CORS open to any origin as public Solana RPC
// nodes have it (the wallet frame calls it from the browser). A test harness: production uses any
// Solana RPC URL.
//
// Run alone: node devnet/solana/server.mjs [--port 8899] [--host 127.0.0.1]
import { createServer } from 'node:http'
import { isAddress } from '@solana/kit'
import { CHAIN_ID, createCluster, GENESIS_HASH, MAX_FAUCET_TOKENS, RpcFailure, TOKEN } from './cluster.mjs'
import { answer } from './rpc.mjs'

/** The largest request body read. */
export const MAX_BODY_BYTES = 64 * 1024
/** The most requests one batch holds. */
export const MAX_BATCH = 100

/** JSON text with bigints written as plain numbers (lamports and u64s), as the RPC writes them. */
export function stringify(value) {
  const marked = JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `\u0000big:${v}` : v))
  return marked.replace(/"\\u0000big:(\d+)"/g, '$1')
}

/**
 * Starts the cluster on `host:port`: `{ url, chainId, genesisHash, mint, token, stop }`, `mint` the
 * dUSDC mint address. `port` 0 picks a free one.
 * @param {{ port: number, host?: string }} options
 */
export async function startSolanaDevnet({ port, host = '127.0.0.1' }) {
  const cluster = await createCluster()
  // One request at a time: the SVM is one state machine, and a send awaits nothing inside.
  let queue = Promise.resolve()
  const serial = (work) => {
    const run = queue.then(work)
    queue = run.catch(() => {})
    return run
  }
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' }).end()
      return
    }
    const path = req.url?.split('?')[0]
    if (req.method !== 'POST' || (path !== '/' && path !== '/faucet/token')) {
      reply(res, 404, { error: 'not found: POST / (JSON-RPC) or POST /faucet/token' })
      return
    }
    readBody(req)
      .then((body) => (body === null ? reply(res, 413, rpcError(null, -32600, `Request body over ${MAX_BODY_BYTES} bytes`)) : serial(() => handle(cluster, path, body, res))))
      .catch((error) => {
        console.error('solana devnet:', error)
        if (!res.headersSent) reply(res, 500, rpcError(null, -32603, 'Internal error'))
      })
  })
  await new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, ok)
  })
  const bound = server.address()
  return {
    url: `http://${host}:${bound.port}`,
    chainId: CHAIN_ID,
    genesisHash: GENESIS_HASH,
    mint: cluster.mint,
    token: TOKEN,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

function rpcError(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

function reply(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(stringify(body))
}

/** The body as text, or null past MAX_BODY_BYTES. */
function readBody(req) {
  return new Promise((ok, fail) => {
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data')
        req.resume()
        ok(null)
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

async function handle(cluster, path, text, res) {
  let body
  try {
    body = JSON.parse(text)
  } catch {
    return reply(res, path === '/' ? 200 : 400, path === '/' ? rpcError(null, -32700, 'Parse error') : { error: 'the body is not JSON' })
  }
  if (path === '/faucet/token') return faucet(cluster, body, res)
  if (!Array.isArray(body)) return reply(res, 200, await answer(cluster, body))
  if (body.length === 0 || body.length > MAX_BATCH) {
    return reply(res, 200, rpcError(null, -32600, `Invalid request: a batch holds 1 to ${MAX_BATCH} requests`))
  }
  const answers = []
  for (const request of body) answers.push(await answer(cluster, request))
  return reply(res, 200, answers)
}

/** `{ "address": base58, "amount": "base units" }` → `{ "signature": … }`: mints dUSDC to it. */
async function faucet(cluster, body, res) {
  const owner = body?.address
  if (typeof owner !== 'string' || !isAddress(owner)) return reply(res, 400, { error: 'address must be a base58 Solana address' })
  const amount = typeof body.amount === 'string' && /^[1-9]\d{0,30}$/.test(body.amount) ? BigInt(body.amount) : 0n
  if (amount === 0n || amount > MAX_FAUCET_TOKENS) {
    return reply(res, 400, { error: `amount must be a decimal string of 1 to ${MAX_FAUCET_TOKENS} base units` })
  }
  try {
    return reply(res, 200, { signature: await cluster.mintToken(owner, amount) })
  } catch (error) {
    if (!(error instanceof RpcFailure)) throw error
    return reply(res, 400, { error: error.message })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name)
    return at === -1 ? fallback : process.argv[at + 1]
  }
  const devnet = await startSolanaDevnet({ port: Number(arg('--port', '8899')), host: arg('--host', '127.0.0.1') })
  // One line of JSON the starter reads: where it listens and what it serves.
  console.log(JSON.stringify({ url: devnet.url, chainId: devnet.chainId, genesisHash: devnet.genesisHash, mint: devnet.mint, token: devnet.token }))
  const stop = () => devnet.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
