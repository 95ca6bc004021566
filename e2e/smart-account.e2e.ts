// The embedded wallet as an ERC-4337 smart account, end to end: the real widget, frame and
// frame-host, the devnet's EntryPoint v0.7 and Safe 1.4.1 with its 4337 module (published
// artifacts), and the real bundler (alto). Account → Switch to Smart Account makes the Safe of
// the wallet's key the connected address; its message signature verifies (viem, ERC-6492) before
// the account exists; a batch of two transfers is one user operation that deploys it and lands
// both; its signatures then verify through the Safe's own ERC-1271; a transaction from it is one
// operation too; switching back to EOA gives the key's address again, also after a reload.
import { openAccount as openAccountView, switchNetwork, walletFrame } from '@oriel/stack/widget'
import { createPublicClient, type Hex, hashMessage, http, parseAbi, parseEther, parseEventLogs } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_MESSAGE as MESSAGE, DEMO_RECIPIENT, DEMO_SECOND_RECIPIENT, DEMO_VALUE } from '../demo/src/typedData'
import { smartAccountOf } from '../devnet/userOperation.mjs'
import { approvalShown } from './support/approval'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })
const demo = loggedInDemo(`smart-account+${Date.now()}@example.com`)
let key: Hex
let smart: Hex

const page = () => demo.page
const dialog = () => page().getByRole('dialog')
const accountType = () => dialog().getByTestId('account-type')
const switchButton = () => dialog().getByTestId('switch-account-type')
const connectedAddress = () => page().getByTestId('demo-address').textContent()
/** The two receivers of the demo's "Send a batch". */
const RECEIVERS = [DEMO_RECIPIENT, DEMO_SECOND_RECIPIENT] as Hex[]

const openAccount = () => openAccountView(page())

/** The operations the EntryPoint ran for `sender`, from its UserOperationEvent logs. */
async function operationsOf(sender: Hex) {
  const logs = await chain.getLogs({ address: contracts.accountAbstraction.entryPoint, fromBlock: 0n })
  return parseEventLogs({ abi: entryPoint07Abi, logs, eventName: 'UserOperationEvent' }).filter(
    (log) => log.args.sender.toLowerCase() === sender.toLowerCase(),
  )
}

/** ERC-6492's suffix of an undeployed account's signature. */
const ERC6492_SUFFIX = '6492'.repeat(16)
const ERC1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

/** Signs the demo's message from the wallet (approved in the frame) and answers the signature
 * (the demo shows one result at a time: the step before showed another). */
async function signMessage(): Promise<Hex> {
  const signature = page().getByTestId('demo-signature')
  expect(await signature.count()).toBe(0)
  await page().getByRole('button', { name: 'Sign message' }).click()
  await approvalShown(page())
  await walletFrame(page()).getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => signature.textContent(), { timeout: 20_000 }).toMatch(/^0x[0-9a-f]+$/)
  return (await signature.textContent()) as Hex
}

beforeAll(async () => {
  key = demo.address
  smart = (await smartAccountOf(urls.devnet, contracts, key)) as Hex
  // The wallet follows the widget to the devnet, which has smart accounts (alto through frame-host).
  await switchNetwork(page(), 'Local Devnet')
})

describe('the embedded smart account', () => {
  it("switches to the Safe of the wallet's key, counterfactual until used", async () => {
    await expect.poll(() => accountType().textContent()).toBe('EOA')
    await switchButton().click()
    await expect.poll(connectedAddress, { timeout: 20_000 }).toBe(smart)
    await expect.poll(() => accountType().textContent()).toBe('Smart account · not deployed yet')
    expect(await switchButton().textContent()).toBe('Switch to EOA')
    expect(await chain.getCode({ address: smart })).toBeUndefined()
  })

  it('signs a message before it exists: an ERC-6492 signature that verifies', async () => {
    await page().keyboard.press('Escape')
    const signature = await signMessage()
    expect(signature.endsWith(ERC6492_SUFFIX)).toBe(true)
    expect(await chain.verifyMessage({ address: smart, message: MESSAGE, signature })).toBe(true)
    expect(await chain.verifyMessage({ address: smart, message: 'another message', signature })).toBe(false)
    expect(await chain.getCode({ address: smart }), 'verifying deploys nothing').toBeUndefined()
  })

  it('sends a batch of two calls as one user operation that deploys the account; both land', async () => {
    await chain.request({ method: 'hardhat_setBalance' as never, params: [smart, '0xDE0B6B3A7640000'] as never })
    const before = await Promise.all(RECEIVERS.map((address) => chain.getBalance({ address })))
    await page().getByRole('button', { name: 'Send a batch' }).click()
    const screen = await approvalShown(page())
    expect(screen).toContain('Smart account: the calls run as one, all or none')
    expect(screen).toContain('Max network fee')
    await walletFrame(page()).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page().getByTestId('demo-batch-id').textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)

    await expect.poll(() => operationsOf(smart).then((ops) => ops.length), { timeout: 30_000 }).toBe(1)
    const [operation] = await operationsOf(smart)
    expect(operation!.args.success).toBe(true)
    const after = await Promise.all(RECEIVERS.map((address) => chain.getBalance({ address })))
    expect(after).toEqual(before.map((balance) => balance + BigInt(DEMO_VALUE)))
    expect(await chain.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
  })

  it("once deployed, signs messages the Safe's ERC-1271 accepts", async () => {
    const signature = await signMessage()
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    const answer = (hash: Hex) => chain.readContract({ address: smart, abi: ERC1271, functionName: 'isValidSignature', args: [hash, signature] })
    expect(await answer(hashMessage(MESSAGE))).toBe('0x1626ba7e')
    expect(await chain.verifyMessage({ address: smart, message: MESSAGE, signature })).toBe(true)
    await expect(answer(hashMessage('another message'))).rejects.toThrow()
  })

  it('eth_sendTransaction from it is one operation, answered with the transaction that carried it', async () => {
    const before = await chain.getBalance({ address: DEMO_RECIPIENT })
    await page().getByRole('button', { name: 'Send transaction' }).click()
    await approvalShown(page())
    await walletFrame(page()).getByRole('button', { name: 'Approve' }).click()
    const hash = (await page().getByTestId('demo-tx-hash').textContent({ timeout: 60_000 })) as Hex
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.to?.toLowerCase()).toBe(contracts.accountAbstraction.entryPoint.toLowerCase())
    expect(await chain.getBalance({ address: DEMO_RECIPIENT })).toBe(before + parseEther('0.001'))
    expect((await operationsOf(smart)).map((op) => op.transactionHash)).toContain(hash)
  })

  it("switching back to EOA gives the key's address, and it stays so after a reload", async () => {
    await openAccount()
    await expect.poll(() => accountType().textContent()).toBe('Smart account')
    await switchButton().click()
    await expect.poll(connectedAddress, { timeout: 20_000 }).toBe(key)
    await expect.poll(() => accountType().textContent()).toBe('EOA')
    await page().reload()
    await expect.poll(connectedAddress, { timeout: 20_000 }).toBe(key)
    await openAccount()
    await expect.poll(() => accountType().textContent()).toBe('EOA')
  })
})
