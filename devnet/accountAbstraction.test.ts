// ERC-4337 on a hardhat node of the test's own: the EntryPoint v0.7 and SimpleAccountFactory
// from their npm artifacts, the real alto bundler in front, and user operations built and signed
// by hand (devnet/userOperation.mjs, as the frame will) landing on chain.
import { createServer } from 'node:net'
import { type Address, createPublicClient, defineChain, http, type PublicClient, parseEther } from 'viem'
import { type BundlerClient, createBundlerClient, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBundler } from '../e2e/support/bundler.mjs'
import { startDevnet } from '../e2e/support/devnet.mjs'
import { SIMPLE_ACCOUNT_ABI } from './accountAbstraction.mjs'
import { clients, type DevnetContracts, deployDevnetContracts } from './deploy.mjs'
import { signedUserOperation, smartAccountOf, userOperationRequest } from './userOperation.mjs'

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
    id: 31337,
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

/** Sends `value` wei of the deployer's ether to `to` and waits for it. */
async function sendEther(to: Address, value: bigint) {
  const { wallet, pub } = await clients(devnet.url)
  await pub.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value }) })
}

const userOperation = (owner: PrivateKeyAccount, calls: { to: Address; value: bigint }[], signer = owner) =>
  signedUserOperation({ rpcUrl: devnet.url, bundlerUrl: bundler.url, contracts, owner, calls, signer })

const send = (op: UserOperation<'0.7'>) =>
  bundlerClient.request({
    method: 'eth_sendUserOperation',
    params: [userOperationRequest(op), contracts.accountAbstraction.entryPoint],
  })

describe('smart accounts through the alto bundler', () => {
  it('lists the devnet EntryPoint as supported', async () => {
    expect(await bundlerClient.request({ method: 'eth_supportedEntryPoints' })).toEqual([contracts.accountAbstraction.entryPoint])
  })

  it('deploys the account with its first user operation, which pays two recipients in one batch', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await accountOf(owner.address)
    expect(await client.getCode({ address: account })).toBeUndefined()
    await sendEther(account, parseEther('1'))
    const [alice, bob] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]

    const hash = await send(await userOperation(owner, [
      { to: alice, value: parseEther('0.1') },
      { to: bob, value: parseEther('0.2') },
    ]))
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account)
    // One bundle transaction carried both calls and created the account at the promised address.
    expect(await client.getBalance({ address: alice })).toBe(parseEther('0.1'))
    expect(await client.getBalance({ address: bob })).toBe(parseEther('0.2'))
    expect(await client.getCode({ address: account })).not.toBeUndefined()
    expect(await client.readContract({ address: account, abi: SIMPLE_ACCOUNT_ABI, functionName: 'owner' })).toBe(owner.address)
    const byHash = await bundlerClient.getUserOperation({ hash })
    expect(byHash.transactionHash).toBe(receipt.receipt.transactionHash)

    // The next operation of the deployed account carries no initCode and takes the next nonce.
    const second = await userOperation(owner, [{ to: alice, value: parseEther('0.05') }])
    expect(second.factory).toBeUndefined()
    expect(second.nonce).toBe(1n)
    const secondHash = await send(second)
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: secondHash, pollingInterval: 100 })).success).toBe(true)
    expect(await client.getBalance({ address: alice })).toBe(parseEther('0.15'))
  })

  it('refuses an operation signed by a key other than the owner', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await sendEther(await accountOf(owner.address), parseEther('1'))
    const stranger = privateKeyToAccount(generatePrivateKey())
    const op = await userOperation(owner, [{ to: stranger.address, value: 1n }], stranger)
    await expect(send(op)).rejects.toThrow(/AA24 signature error/)
    expect(await client.getBalance({ address: stranger.address })).toBe(0n)
  })
})
