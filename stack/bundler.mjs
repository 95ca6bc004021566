// The ERC-4337 bundler of the devnet: the real `@pimlico/alto` (npm), started from the checkout's
// node_modules against a devnet's RPC and its EntryPoint v0.7 (devnet/accountAbstraction.mjs).
// It sends its bundles from hardhat's ninth test account and deploys its own simulation contracts
// from the eighth on start, so neither races the deployer's nonces (nor the on-ramp sandbox's
// treasury, the tenth). Safe mode (ERC-7562's
// opcode and storage rules) stays off: it needs geth's JavaScript tracer, which hardhat lacks;
// every other check (simulation, signature, gas, fees) runs.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { root } from './ports.mjs'
import { spawnUntilReady } from './spawnUntilReady.mjs'

/** Hardhat's ninth well-known test account: alto's executor (sends the bundles). */
const EXECUTOR_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'
/** Hardhat's eighth: alto's utility account (deploys its simulation contracts). */
const UTILITY_KEY = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356'

/** POSTs one JSON-RPC call to `url`; its `result`, or `undefined` while nothing answers. */
async function call(url, method, params = []) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    if (!response.ok) return undefined
    return (await response.json()).result
  } catch {
    return undefined
  }
}

/**
 * Starts alto on 127.0.0.1:`port` for `rpcUrl` and `entryPoint`, and waits until
 * `eth_supportedEntryPoints` lists the EntryPoint. Resolves to `{ url, stop }`; `stop()` ends
 * alto and waits for it to exit.
 *
 * @param {{ port: number, rpcUrl: string, entryPoint: `0x${string}`, timeoutMs?: number, log?: boolean }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startBundler({ port, rpcUrl, entryPoint, timeoutMs = 60_000, log = false }) {
  if (!port) throw new Error('startBundler: a port is required')
  const url = `http://127.0.0.1:${port}`
  if (await call(url, 'eth_chainId')) throw new Error(`${url} is already taken`)
  const bin = join(root, 'node_modules/.bin/alto')
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm ci`)
  const args = [
    ['--entrypoints', entryPoint],
    ['--rpc-url', rpcUrl],
    ['--port', String(port)],
    ['--executor-private-keys', EXECUTOR_KEY],
    ['--utility-private-key', UTILITY_KEY],
    ['--safe-mode', 'false'],
    ['--log-level', log ? 'info' : 'warn'],
  ].flat()
  const stop = await spawnUntilReady({
    bin,
    args,
    env: { NODE_NO_WARNINGS: '1' },
    log,
    name: `alto on ${url}`,
    what: `list ${entryPoint}`,
    ready: async () => {
      const supported = await call(url, 'eth_supportedEntryPoints')
      return Array.isArray(supported) && supported.some((a) => String(a).toLowerCase() === entryPoint.toLowerCase())
    },
    timeoutMs,
    pollMs: 200,
  })
  return { url, stop }
}

// `node stack/bundler.mjs <port> <devnet rpc url> <entry point>`: runs alto in the
// foreground until SIGINT/SIGTERM; prints its URL once it serves the EntryPoint.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [port, rpcUrl, entryPoint] = process.argv.slice(2)
  if (!Number(port) || !rpcUrl || !/^0x[0-9a-fA-F]{40}$/.test(entryPoint ?? '')) {
    console.error('usage: node stack/bundler.mjs <port> <devnet rpc url> <entry point>')
    process.exit(2)
  }
  const bundler = await startBundler({ port: Number(port), rpcUrl, entryPoint: /** @type {`0x${string}`} */ (entryPoint) })
  console.log(bundler.url)
  const shutdown = () => bundler.stop().then(() => process.exit(0))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
