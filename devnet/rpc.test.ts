// frame-host's chain RPC endpoint (spec §7 "Chain RPC": `/v1/?chainId=…&projectId=…`), used the
// way a dapp uses any RPC URL: viem's public and wallet clients over it, on a hardhat devnet of the
// test's own with the real frame-host binary in front. The devnet's URL is the second of the
// network's two in frame-host's config; the first answers nothing, so every call that reaches a
// node falls over to the devnet.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  MethodNotSupportedRpcError,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet } from '@oriel/stack/devnet'
import { startFrameHost } from '@oriel/stack/frameHost'
import { freePort } from '@oriel/stack/ports'
import { DEVNET_DEPLOYER_KEY } from './deploy.mjs'

let devnet: Awaited<ReturnType<typeof startDevnet>>
let frameHost: Awaited<ReturnType<typeof startFrameHost>>
let rpcUrl: string
/** The requests one client IP may send in the test's frame-host's 10-minute window. */
const REQUESTS_PER_IP = 40

beforeAll(async () => {
  const contractsFile = join(mkdtempSync(join(tmpdir(), 'oriel-rpc-')), 'devnet-contracts.json')
  devnet = await startDevnet({ port: await freePort(), contractsFile })
  const dead = `http://127.0.0.1:${await freePort()}`
  const listen = `127.0.0.1:${await freePort()}`
  frameHost = await startFrameHost({
    allowedOrigins: ['http://localhost:5173'],
    listen,
    devnetUrl: devnet.url,
    devnetRpcUrls: [dead, devnet.url],
    extraToml: `[rpc]\nrequests_per_ip = ${REQUESTS_PER_IP}\n`,
  })
  rpcUrl = `${frameHost.url}/v1/?chainId=eip155:31337&projectId=demo`
})
afterAll(async () => {
  await frameHost?.stop()
  await devnet?.stop()
})

/** A JSON-RPC answer. */
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

/** Posts `body` as JSON-RPC to the endpoint, as a program would. */
async function post<T extends Answer | Answer[] = Answer>(body: unknown, url = rpcUrl) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as T }
}

describe('the chain RPC endpoint', () => {
  it('serves viem: reads, a batch in one request, and a sent transaction, past a dead node', async () => {
    // Request 1: one batch of four calls, in one POST.
    const posts: string[] = []
    const client = createPublicClient({
      transport: http(rpcUrl, { batch: { wait: 10 }, onFetchRequest: (request) => void posts.push(request.url) }),
    })
    const deployer = privateKeyToAccount(DEVNET_DEPLOYER_KEY)
    const [chainId, block, balance, code] = await Promise.all([
      client.getChainId(),
      client.getBlockNumber(),
      client.getBalance({ address: deployer.address }),
      client.getCode({ address: deployer.address }),
    ])
    expect(chainId).toBe(31337)
    expect(block).toBeGreaterThan(0n)
    expect(balance).toBeGreaterThan(parseEther('1'))
    expect(code).toBeUndefined()
    expect(posts).toHaveLength(1)

    // A transfer signed here and sent through the endpoint (eth_sendRawTransaction), mined on
    // the devnet; the wallet client reads nonce and fees through the endpoint too.
    const to: Address = privateKeyToAccount(generatePrivateKey()).address
    const wallet = createWalletClient({ account: deployer, chain: { ...devnetChain, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl, { batch: true }) })
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.25') })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 200 })
    expect(receipt.status).toBe('success')
    const direct = createPublicClient({ transport: http(devnet.url) })
    expect(await direct.getBalance({ address: to })).toBe(parseEther('0.25'))
  })

  it('refuses what is not a read: the node’s own accounts, signing, node administration', async () => {
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    // eth_accounts is not a public client's method: asked as a dapp would ask a wallet.
    const accounts = { method: 'eth_accounts' } as unknown as Parameters<typeof client.request>[0]
    await expect(client.request(accounts)).rejects.toBeInstanceOf(MethodNotSupportedRpcError)
    const { status, body } = await post<Answer[]>([
      { jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ to: '0x0000000000000000000000000000000000000001' }] },
      { jsonrpc: '2.0', id: 2, method: 'hardhat_setBalance', params: ['0x0000000000000000000000000000000000000001', '0x1'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 4, method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: '0x989680' }] },
    ])
    expect(status).toBe(200)
    expect(body.map((a) => a.error?.code)).toEqual([-32004, -32004, undefined, -32602])
    expect(body[2]).toEqual({ jsonrpc: '2.0', id: 3, result: '0x7a69' })
  })

  it('names a bad network, a bad body and a spent budget as JSON-RPC errors', async () => {
    const unknown = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, rpcUrl.replace('eip155:31337', 'eip155:1'))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Unsupported chainId: eip155:1' } })
    const garbage = await fetch(rpcUrl, { method: 'POST', body: '{"jsonrpc":' })
    expect(garbage.status).toBe(400)
    expect(((await garbage.json()) as Answer).error?.code).toBe(-32700)
    // The budget: REQUESTS_PER_IP per 10 minutes; what is left of it goes now.
    let answer = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    while (answer.status === 200) answer = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(answer.status).toBe(429)
    expect(answer.body.error?.code).toBe(-32005)
    expect(answer.body.error?.message).toMatch(/^Please try again after \d+ seconds$/)
    expect(Number(answer.retryAfter)).toBeGreaterThan(0)
  })
})

const devnetChain = {
  id: 31337,
  name: 'Local Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
} as const
