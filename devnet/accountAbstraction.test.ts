// ERC-4337 on a hardhat node of the test's own: the EntryPoint v0.7 and a Safe 1.4.1 with the
// Safe4337Module 0.3.0 from their npm artifacts, the real alto bundler in front, and user
// operations built and signed by hand (devnet/userOperation.mjs, as the frame does) landing on
// chain; and the deployed Safe answering ERC-1271 for its owner's message signatures.
import {
  type Address,
  createPublicClient,
  defineChain,
  type Hex,
  hashTypedData,
  http,
  keccak256,
  type PublicClient,
  pad,
  parseAbi,
  parseEther,
  recoverAddress,
  slice,
  stringToHex,
} from 'viem'
import { type BundlerClient, createBundlerClient, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBundler } from '@oriel/stack/bundler'
import { startDevnet } from '@oriel/stack/devnet'
import { freePort } from '@oriel/stack/ports'
import { SAFE_4337_MODULE_ABI, SAFE_ABI } from './accountAbstraction.mjs'
import { clients, type DevnetContracts, deployDevnetContracts } from './deploy.mjs'
import {
  DUMMY_SIGNATURE,
  safeMessageSignature,
  safeMessageTypedData,
  safeOperationTypedData,
  signedUserOperation,
  smartAccountOf,
  userOperationRequest,
} from './userOperation.mjs'

const CHAIN_ID = 31337
/** ERC-1271's answer for a valid signature. */
const MAGIC_VALUE = '0x1626ba7e'
/** Where a Safe keeps its fallback handler: keccak256("fallback_manager.handler.address"). */
const FALLBACK_HANDLER_SLOT = keccak256(stringToHex('fallback_manager.handler.address'))
/** The Safe's ERC-1271 entry point (its fallback handler, the module, answers it). */
const ERC1271_ABI = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

let devnet: Awaited<ReturnType<typeof startDevnet>>
let bundler: Awaited<ReturnType<typeof startBundler>>
let contracts: DevnetContracts
let client: PublicClient
let bundlerClient: BundlerClient

beforeAll(async () => {
  devnet = await startDevnet({ port: await freePort(), deploy: false })
  contracts = await deployDevnetContracts(devnet.url)
  bundler = await startBundler({ port: await freePort(), rpcUrl: devnet.url, entryPoint: contracts.accountAbstraction.entryPoint })
  const chain = defineChain({
    id: CHAIN_ID,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.url] } },
  })
  client = createPublicClient({ chain, transport: http(devnet.url) }) as PublicClient
  bundlerClient = createBundlerClient({ chain, transport: http(bundler.url) })
}, 120_000)
afterAll(async () => {
  await bundler?.stop()
  await devnet?.stop()
})

const accountOf = (owner: Address) => smartAccountOf(devnet.url, contracts, owner)
const fresh = () => privateKeyToAccount(generatePrivateKey())

/** Sends `value` wei of the deployer's ether to `to` and waits for it. */
async function sendEther(to: Address, value: bigint) {
  const { wallet, pub } = await clients(devnet.url)
  await pub.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value }) })
}

const userOperation = (owner: PrivateKeyAccount, calls: { to: Address; value: bigint; data?: Hex }[], signer = owner) =>
  signedUserOperation({ rpcUrl: devnet.url, bundlerUrl: bundler.url, contracts, owner, calls, signer })

const send = (op: UserOperation<'0.7'>) =>
  bundlerClient.request({
    method: 'eth_sendUserOperation',
    params: [userOperationRequest(op), contracts.accountAbstraction.entryPoint],
  })

/** Sends `op` and waits for it to land; whether it succeeded. */
async function land(op: UserOperation<'0.7'>) {
  return (await bundlerClient.waitForUserOperationReceipt({ hash: await send(op), pollingInterval: 100 })).success
}

/** A fresh owner's Safe, funded and deployed by its first operation (a call of nothing to itself). */
async function deployedSafe() {
  const owner = fresh()
  const safe = await accountOf(owner.address)
  await sendEther(safe, parseEther('1'))
  expect(await land(await userOperation(owner, [{ to: owner.address, value: 0n }]))).toBe(true)
  return { owner, safe }
}

describe('Safe smart accounts through the alto bundler', () => {
  it('lists the devnet EntryPoint as supported', async () => {
    expect(await bundlerClient.request({ method: 'eth_supportedEntryPoints' })).toEqual([contracts.accountAbstraction.entryPoint])
  })

  it('deploys the Safe with its first user operation, which pays two recipients in one batch', async () => {
    const owner = fresh()
    const account = await accountOf(owner.address)
    expect(await client.getCode({ address: account })).toBeUndefined()
    await sendEther(account, parseEther('1'))
    const [alice, bob] = [fresh().address, fresh().address]

    const first = await userOperation(owner, [
      { to: alice, value: parseEther('0.1') },
      { to: bob, value: parseEther('0.2') },
    ])
    expect(first.factory).toBe(contracts.accountAbstraction.safeProxyFactory)
    const hash = await send(first)
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account)
    // One bundle transaction carried both calls (a MultiSendCallOnly batch) and created the Safe
    // at the promised address, owned by the owner alone, with the module enabled.
    expect(await client.getBalance({ address: alice })).toBe(parseEther('0.1'))
    expect(await client.getBalance({ address: bob })).toBe(parseEther('0.2'))
    expect(await client.getCode({ address: account })).not.toBeUndefined()
    expect(await client.readContract({ address: account, abi: SAFE_ABI, functionName: 'getOwners' })).toEqual([owner.address])
    expect(await client.readContract({ address: account, abi: SAFE_ABI, functionName: 'getThreshold' })).toBe(1n)
    const module = contracts.accountAbstraction.safe4337Module
    expect(await client.readContract({ address: account, abi: SAFE_ABI, functionName: 'isModuleEnabled', args: [module] })).toBe(true)
    expect(await client.getStorageAt({ address: account, slot: FALLBACK_HANDLER_SLOT })).toBe(pad(module.toLowerCase() as Hex))
    const byHash = await bundlerClient.getUserOperation({ hash })
    expect(byHash.transactionHash).toBe(receipt.receipt.transactionHash)

    // The next operation of the deployed Safe carries no initCode, takes the next nonce and
    // calls `executeUserOp` directly for its one call.
    const second = await userOperation(owner, [{ to: alice, value: parseEther('0.05') }])
    expect(second.factory).toBeUndefined()
    expect(second.nonce).toBe(1n)
    expect(await land(second)).toBe(true)
    expect(await client.getBalance({ address: alice })).toBe(parseEther('0.15'))
  })

  it('refuses an operation signed by a key other than the owner', async () => {
    const owner = fresh()
    await sendEther(await accountOf(owner.address), parseEther('1'))
    const stranger = fresh()
    const op = await userOperation(owner, [{ to: stranger.address, value: 1n }], stranger)
    await expect(send(op)).rejects.toThrow(/AA24 signature error/)
    expect(await client.getBalance({ address: stranger.address })).toBe(0n)
  })

  it('estimates gas with the dummy signature, which never lands', async () => {
    const owner = fresh()
    await sendEther(await accountOf(owner.address), parseEther('1'))
    const op = await userOperation(owner, [{ to: owner.address, value: 1n }])
    expect(op.verificationGasLimit).toBeGreaterThan(0n)
    expect(op.callGasLimit).toBeGreaterThan(0n)
    await expect(send({ ...op, signature: DUMMY_SIGNATURE })).rejects.toThrow(/AA24 signature error/)
  })

  it("signs the hash of the module's own getOperationHash: viem's typed-data hash of the SafeOp", async () => {
    const owner = fresh()
    await sendEther(await accountOf(owner.address), parseEther('1'))
    const op = await userOperation(owner, [
      { to: owner.address, value: 1n },
      { to: fresh().address, value: 0n, data: '0xa9059cbb01020304' },
    ])
    const { entryPoint, safe4337Module } = contracts.accountAbstraction
    const onChain = await client.readContract({
      address: safe4337Module,
      abi: SAFE_4337_MODULE_ABI,
      functionName: 'getOperationHash',
      args: [toPackedUserOperation(op)],
    })
    const hash = hashTypedData(safeOperationTypedData({ chainId: CHAIN_ID, aa: contracts.accountAbstraction, userOperation: op }))
    expect(onChain).toBe(hash)
    // The signature: validAfter and validUntil (6 bytes each, 0), then the owner's signature of
    // that hash as it is (not EIP-191), v 27 or 28.
    expect(slice(op.signature, 0, 12)).toBe(`0x${'00'.repeat(12)}`)
    expect(await recoverAddress({ hash, signature: slice(op.signature, 12) })).toBe(owner.address)
    expect([27, 28]).toContain(Number.parseInt(op.signature.slice(-2), 16))
    expect(await client.readContract({ address: safe4337Module, abi: SAFE_4337_MODULE_ABI, functionName: 'SUPPORTED_ENTRYPOINT' })).toBe(
      entryPoint,
    )
  })
})

describe('ERC-1271 messages of a deployed Safe', () => {
  /** The Safe's answer to `isValidSignature(hash, signature)`, or the reason it reverted. */
  async function answer(safe: Address, hash: Hex, signature: Hex) {
    try {
      return await client.readContract({ address: safe, abi: ERC1271_ABI, functionName: 'isValidSignature', args: [hash, signature] })
    } catch (error) {
      return (error as Error).message
    }
  }

  it("answers the magic value for its owner's SafeMessage signature of a hash, and not for another key's", async () => {
    const { owner, safe } = await deployedSafe()
    const hash = keccak256(stringToHex('hello'))
    const signature = await safeMessageSignature({ chainId: CHAIN_ID, safe, owner, hash })
    expect(await answer(safe, hash, signature)).toBe(MAGIC_VALUE)
    // The hash the owner signed is the one the Safe computes (its fallback handler's
    // `getMessageHashForSafe` of `abi.encode(hash)`).
    const messageHash = await client.readContract({
      address: contracts.accountAbstraction.safe4337Module,
      abi: SAFE_4337_MODULE_ABI,
      functionName: 'getMessageHashForSafe',
      args: [safe, hash],
    })
    expect(messageHash).toBe(hashTypedData(safeMessageTypedData({ chainId: CHAIN_ID, safe, hash })))

    const stranger = await safeMessageSignature({ chainId: CHAIN_ID, safe, owner: fresh(), hash })
    expect(await answer(safe, hash, stranger)).not.toBe(MAGIC_VALUE)
    const otherHash = keccak256(stringToHex('goodbye'))
    expect(await answer(safe, otherHash, signature)).not.toBe(MAGIC_VALUE)
    // Nor does the owner's plain signature of the hash (no SafeMessage around it) pass.
    expect(await answer(safe, hash, await owner.sign({ hash }))).not.toBe(MAGIC_VALUE)
  })
})
