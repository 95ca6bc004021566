// Names resolve on chain: a name registered through frame-host's HTTP API (a viem account signs
// the registration message) resolves with viem's own ENS actions over EIP-3668 CCIP-read, on a
// hardhat devnet of the test's own with the real frame-host binary as the gateway. frame-host
// (dev mode, with the devnet contracts file) points the suffix's OffchainNameResolver at its
// gateway when it starts; viem reaches it through the devnet's universal resolver.
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  type Hex,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  namehash,
  parseAbi,
  toCoinType,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getEnsAddress, getEnsText, normalize, packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet } from '../e2e/support/devnet.mjs'
import { startFrameHost } from '../e2e/support/servers.mjs'
import type { DevnetContracts } from './deploy.mjs'
import { setEnsAddress } from './ens.mjs'

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))))
    })
  })
}

const resolverAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function resolveWithProof(bytes response, bytes extraData) view returns (bytes)',
  'function signatureHash(uint64 expires, bytes request, bytes result) view returns (bytes32)',
  'function gatewaySigners() view returns (address[])',
  'function url() view returns (string)',
  'error UnknownSigner(address signer)',
])
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])

let devnet: Awaited<ReturnType<typeof startDevnet>>
let frameHost: Awaited<ReturnType<typeof startFrameHost>>
let contracts: DevnetContracts
let frameHostUrl: string
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  const contractsFile = join(mkdtempSync(join(tmpdir(), 'oriel-names-')), 'devnet-contracts.json')
  devnet = await startDevnet({ port: await freePort(), contractsFile })
  contracts = devnet.contracts!
  const listen = `127.0.0.1:${await freePort()}`
  frameHostUrl = `http://${listen}`
  frameHost = await startFrameHost({
    allowedOrigins: ['http://localhost:5173'],
    listen,
    devnetUrl: devnet.url,
    devnetContracts: contractsFile,
  })
  // Hardhat answers a reverted eth_call (every CCIP-read lookup starts with one) with JSON-RPC
  // error -32603, which viem retries three times, 1 s in all, unless told not to.
  client = createPublicClient({ transport: http(devnet.url, { retryCount: 0 }) })
})
afterAll(async () => {
  await frameHost?.stop()
  await devnet?.stop()
})

/** Registers `name` for a fresh account through the HTTP API, as the SDK does. */
async function register(name: string, attributes: Record<string, string> = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name, attributes, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(`${frameHostUrl}/v1/profile/account?projectId=demo&st=appkit&sv=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: Number(toCoinType(contracts.chainId)),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return account.address
}

const lookup = (name: string, coinType?: bigint) =>
  getEnsAddress(client, {
    name: normalize(name),
    coinType,
    universalResolverAddress: contracts.ens.universalResolver,
  })

describe('names on chain', () => {
  it('frame-host pointed the suffix at the name resolver, and the resolver at its gateway', async () => {
    const gateway = (await (await fetch(`${frameHostUrl}/v1/profile/gateway`)).json()) as {
      suffix: string
      url: string
      signer: Address
    }
    expect(gateway.suffix).toBe('oriel.id')
    const read = { address: contracts.ens.nameResolver, abi: resolverAbi } as const
    expect(await client.readContract({ ...read, functionName: 'url' })).toBe(
      `${frameHostUrl}/v1/profile/ccip/{sender}/{data}.json`,
    )
    expect(await client.readContract({ ...read, functionName: 'gatewaySigners' })).toEqual([gateway.signer])
  })

  it('a registered name resolves with viem over CCIP-read, an unregistered one to nothing', async () => {
    const name = `test${Date.now().toString(36)}.oriel.id`
    expect(await lookup(name)).toBeNull()
    const address = await register(name, { avatar: 'https://img.test/a.png' })
    expect(await lookup(name)).toBe(address)
    expect(await lookup(name.toUpperCase())).toBe(address)
    // By coin type, viem gives the record's bytes as they are (lowercase hex).
    const byCoin = await lookup(name, toCoinType(contracts.chainId))
    expect(byCoin && getAddress(byCoin)).toBe(address)
    expect(await lookup(name, toCoinType(10))).toBeNull()
    expect(
      await getEnsText(client, {
        name,
        key: 'avatar',
        universalResolverAddress: contracts.ens.universalResolver,
      }),
    ).toBe('https://img.test/a.png')
    expect(await lookup(`nobody${Date.now().toString(36)}.oriel.id`)).toBeNull()
  })

  it('the resolver refuses an answer not signed by the gateway key', async () => {
    const name = `proof${Date.now().toString(36)}.oriel.id`
    const address = await register(name)
    const request = encodeFunctionData({
      abi: resolverAbi,
      functionName: 'resolve',
      args: [toHex(packetToBytes(name)), encodeFunctionData({ abi: addrAbi, functionName: 'addr', args: [namehash(name)] })],
    })
    const read = { address: contracts.ens.nameResolver, abi: resolverAbi } as const
    const gateway = `${frameHostUrl}/v1/profile/ccip/${read.address.toLowerCase()}/${request}.json`
    const { data } = (await (await fetch(gateway)).json()) as { data: Hex }
    // The gateway's own answer passes the callback…
    const result = await client.readContract({ ...read, functionName: 'resolveWithProof', args: [data, request] })
    expect(getAddress(`0x${result.slice(-40)}`)).toBe(address)

    // …one for another address, signed by any other key, does not.
    const forger = privateKeyToAccount(generatePrivateKey())
    const forged = encodeAbiParameters([{ type: 'address' }], [forger.address])
    const expires = BigInt(Math.floor(Date.now() / 1000) + 300)
    const hash = await client.readContract({ ...read, functionName: 'signatureHash', args: [expires, request, forged] })
    const signature = await forger.sign({ hash })
    const response = encodeAbiParameters([{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }], [forged, expires, signature])
    await expect(
      client.readContract({ ...read, functionName: 'resolveWithProof', args: [response, request] }),
    ).rejects.toThrow(/UnknownSigner/)
  })

  it('the universal resolver also answers names of the devnet public resolver', async () => {
    const owner: Address = privateKeyToAccount(generatePrivateKey()).address
    await setEnsAddress(devnet.url, contracts, 'carol.oriel', owner)
    expect(await lookup('carol.oriel')).toBe(owner)
    expect(await lookup('nobody.example')).toBeNull()
  })
})
