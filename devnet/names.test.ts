// Names resolve on chain: a name registered through frame-host's HTTP API (a viem account signs
// the registration message) resolves with viem's own ENS actions over EIP-3668 CCIP-read, on a
// hardhat devnet of the test's own with the real frame-host binary as the gateway. frame-host
// (dev mode, with the devnet contracts file) points the suffix's OffchainNameResolver at its
// gateway when it starts; viem reaches it through the devnet's universal resolver. A smart
// account (the devnet's Safe, not deployed yet) registers with an ERC-6492 signature, which
// frame-host checks over the devnet.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  type Hex,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hashMessage,
  http,
  namehash,
  parseAbi,
  serializeErc6492Signature,
  toCoinType,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getEnsAddress, getEnsText, normalize, packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet } from '@oriel/stack/devnet'
import { startFrameHost } from '@oriel/stack/frameHost'
import { freePort } from '@oriel/stack/ports'
import type { DevnetContracts } from './deploy.mjs'
import { setEnsAddress } from './ens.mjs'
import { safeFactoryData, safeMessageSignature, smartAccountOf } from './userOperation.mjs'

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

/** Posts a registration of `name` for `address`, signed by `sign`, as the SDK does. */
async function post(name: string, address: Address, sign: (message: string) => Promise<Hex>, attributes: Record<string, string> = {}) {
  const message = JSON.stringify({ name, attributes, timestamp: Math.floor(Date.now() / 1000) })
  return fetch(`${frameHostUrl}/v1/profile/account?projectId=demo&st=appkit&sv=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: Number(toCoinType(contracts.chainId)), address, message, signature: await sign(message) }),
  })
}

/** Registers `name` for a fresh account through the HTTP API. */
async function register(name: string, attributes: Record<string, string> = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const response = await post(name, account.address, (message) => account.signMessage({ message }), attributes)
  expect(response.status, await response.clone().text()).toBe(200)
  return account.address
}

/** `owner`'s signature for `safe` while the Safe is not deployed: ERC-6492's wrapping of the
 * Safe's ERC-1271 signature with the factory call that deploys it. */
function safeSigner(owner: ReturnType<typeof privateKeyToAccount>, safe: Address) {
  const aa = contracts.accountAbstraction
  return async (message: string) =>
    serializeErc6492Signature({
      address: aa.safeProxyFactory,
      data: safeFactoryData(aa, owner.address),
      signature: await safeMessageSignature({ chainId: contracts.chainId, safe, owner, hash: hashMessage(message) }),
    })
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

  it("a smart account not deployed yet registers with its ERC-6492 signature; another key's is refused", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const safe = (await smartAccountOf(devnet.url, contracts, owner.address)) as Address
    const name = `safe${Date.now().toString(36)}.oriel.id`
    const stranger = privateKeyToAccount(generatePrivateKey())
    const refused = await post(name, safe, safeSigner(stranger, safe))
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid signature' } })
    const response = await post(name, safe, safeSigner(owner, safe))
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await lookup(name)).toBe(safe)
    expect(await client.getCode({ address: safe }), 'checking deploys nothing').toBeUndefined()
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
