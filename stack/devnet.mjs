// The local EVM devnet: hardhat's node (chain 31337, instant mining, the well-known funded test
// accounts), started from the checkout's node_modules so it runs offline, with the devnet's
// contracts (devnet/deploy.mjs: Multicall3, three tokens, an NFT collection) deployed on it.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deployDevnetContracts } from '../devnet/deploy.mjs'
import { portsOf, root } from './ports.mjs'
import { spawnUntilReady } from './spawnUntilReady.mjs'

const CONFIG = join(root, 'stack/hardhat.config.cjs')
/** `eth_chainId` of the devnet: 31337. */
export const DEVNET_CHAIN_ID = '0x7a69'

/** Asks `url` for its chain id; `undefined` while nothing answers. */
export async function chainIdOf(url) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    if (!response.ok) return undefined
    return (await response.json()).result
  } catch {
    return undefined
  }
}

/**
 * Starts `hardhat node` on `host:port`, waits until `eth_chainId` answers 0x7a69 and, unless
 * `deploy` is false, deploys the devnet contracts (their addresses also written to
 * `contractsFile` when given). Resolves to `{ url, stop, contracts }`; `stop()` ends the node
 * and waits for it to exit.
 *
 * @param {{ port: number, host?: string, timeoutMs?: number, log?: boolean, deploy?: boolean, contractsFile?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void>, contracts?: import('../devnet/deploy.mjs').DevnetContracts }>}
 */
export async function startDevnet({ port, host = '127.0.0.1', timeoutMs = 30_000, log = false, deploy = true, contractsFile }) {
  if (!port) throw new Error('startDevnet: a port is required')
  const url = `http://${host}:${port}`
  if (await chainIdOf(url)) throw new Error(`${url} is already taken by another node`)
  const bin = join(root, 'node_modules/.bin/hardhat')
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm ci`)
  const stop = await spawnUntilReady({
    bin,
    args: ['--config', CONFIG, 'node', '--hostname', host, '--port', String(port)],
    env: { HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    log,
    name: `hardhat node on ${url}`,
    what: 'answer eth_chainId',
    ready: async () => (await chainIdOf(url)) === DEVNET_CHAIN_ID,
    timeoutMs,
    pollMs: 100,
  })
  if (!deploy) return { url, stop }
  try {
    return { url, stop, contracts: await deployDevnetContracts(url, { file: contractsFile }) }
  } catch (error) {
    await stop()
    throw error
  }
}

// `node stack/devnet.mjs [port] [contracts file]`: runs a devnet with its contracts in the
// foreground (port 8545, `make demo`'s, unless given).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? portsOf('demo').devnet)
  const contractsFile = process.argv[3] ? resolve(process.argv[3]) : undefined
  const devnet = await startDevnet({ port, contractsFile })
  console.log(`devnet (chain 31337) answering at ${devnet.url}${contractsFile ? `, contracts in ${contractsFile}` : ''}`)
  const shutdown = () => devnet.stop().then(() => process.exit(0))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
