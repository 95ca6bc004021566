// Sending on the local Solana cluster (devnet/solana, litesvm) from the embedded wallet, end to
// end through the widget's Send view: the SDK builds the transfer (SOL: a System transfer;
// dUSDC: the receiver's token account created if missing, then TransferChecked), the frame's
// approval shows the decoded amount and receiver, and after Approve the cluster holds exactly
// the amounts sent at a fresh address.
import { fillSend, readRequest, switchNetwork, walletFrame } from '@oriel/stack/widget'
import {
  type Address,
  address as toAddress,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports,
  devnet as testCluster,
} from '@solana/kit'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { approvalShown } from './support/approval'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const solana = createSolanaRpc(testCluster(urls.solana))
const email = `solana-send+${Date.now()}@example.com`
const DUSDC_MINT = toAddress('3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu')
const TOKEN_PROGRAM = toAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ASSOCIATED_TOKEN_PROGRAM = toAddress('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** How long the widget and frame-host keep an address's balances on one network (spec §9). */
const BALANCE_CACHE_MS = 30_000

const demo = loggedInDemo(email)
let page: Page

beforeAll(() => {
  page = demo.page
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-oriel-connect-button]').first()
const tokenRow = (name: string) => dialog().getByRole('listitem', { name: new RegExp(`^${name}: `) })

/** The receiver's associated dUSDC account, derived by @solana/kit. */
async function dusdcAccount(owner: Address) {
  const encoder = getAddressEncoder()
  const [account] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encoder.encode(owner), encoder.encode(TOKEN_PROGRAM), encoder.encode(DUSDC_MINT)],
  })
  return account
}

/** A token account's (mint, owner, amount), from its bytes on the cluster. */
async function readTokenAccount(account: Address) {
  const { value } = await solana.getAccountInfo(account, { encoding: 'base64' }).send()
  if (!value) return undefined
  const bytes = Buffer.from(value.data[0], 'base64')
  return {
    programOwner: value.owner,
    mint: new Uint8Array(bytes.subarray(0, 32)),
    owner: new Uint8Array(bytes.subarray(32, 64)),
    amount: bytes.readBigUInt64LE(64),
  }
}

/** An instruction field's text on the approval screen (`Amount`, `To`…) within instruction `n`. */
function approvalField(n: number, label: string) {
  const frame = walletFrame(page)
  const instruction = frame.locator('.row').filter({ has: frame.locator(':scope > .label', { hasText: new RegExp(`^Instruction ${n}$`) }) })
  return instruction
    .locator('.tree li')
    .filter({ has: frame.locator(':scope > .key', { hasText: new RegExp(`^${label}: $`) }) })
    .first()
    .locator(':scope > :not(.key)')
    .textContent()
}

/** Opens Send, picks `tokenName`, types `amount` and `to`, sends, and waits for the approval. */
async function sendThroughView(tokenName: string, amount: string, to: string) {
  const view = await fillSend(page, { token: tokenName, amount, to })
  await expect.poll(() => view.getByTestId('send-fee').textContent()).toMatch(/SOL/)
  await view.getByRole('button', { name: 'Send', exact: true }).click()
  await approvalShown(page)
}

describe('Send from the embedded wallet on the local Solana cluster', () => {
  let sender: Address

  it('is funded with SOL and dUSDC on the cluster and shows them', async () => {
    await switchNetwork(page, 'Local Solana')
    const firstRead = Date.now()
    await dialog().getByRole('button', { name: 'Receive' }).click()
    sender = toAddress((await dialog().getByTestId('receive-address').textContent())?.trim() ?? '')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await solana.requestAirdrop(sender, lamports(3_000_000_000n)).send()
    const minted = await fetch(`${urls.solana}/faucet/token`, { method: 'POST', body: JSON.stringify({ address: sender, amount: '25000000' }) })
    expect(minted.status).toBe(200)
    // Past the 30 s balance cache (spec §9), opening Account reads the funded balances.
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await page.waitForTimeout(Math.max(0, firstRead + BALANCE_CACHE_MS + 500 - Date.now()))
    await connectButton().click()
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('3.000 SOL')
    await expect.poll(() => tokenRow('Devnet USD Coin').getAttribute('aria-label')).toMatch(/^Devnet USD Coin: 25\.00 dUSDC, /)
  })

  it('sends 0.75 SOL to a fresh address: the approval shows receiver and amount, the cluster the exact lamports', async () => {
    const receiver = (await generateKeyPairSigner()).address
    expect((await solana.getBalance(receiver).send()).value).toBe(0n)
    await sendThroughView('Solana', '0.75', receiver)
    expect(await approvalField(1, 'Action')).toBe('Transfer SOL')
    expect(await approvalField(1, 'From')).toBe(sender)
    expect(await approvalField(1, 'To')).toBe(receiver)
    expect(await approvalField(1, 'Amount')).toBe('0.75 SOL')
    await walletFrame(page).getByRole('button', { name: 'Approve' }).click()
    await dialog().locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
    expect((await solana.getBalance(receiver, { commitment: 'confirmed' }).send()).value).toBe(750_000_000n)
    // The sender paid the amount and the 5000-lamport signature fee.
    expect((await solana.getBalance(sender, { commitment: 'confirmed' }).send()).value).toBe(3_000_000_000n - 750_000_000n - 5_000n)
  })

  it('sends 2.5 dUSDC to a fresh address: its token account is created and holds exactly 2.5', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const account = await dusdcAccount(receiver)
    expect(await readTokenAccount(account)).toBeUndefined()
    await sendThroughView('Devnet USD Coin', '2.5', receiver)
    expect(await approvalField(1, 'Action')).toBe('Create token account if missing')
    expect(await approvalField(1, 'Owner')).toBe(receiver)
    expect(await approvalField(2, 'Action')).toBe('Transfer token')
    expect(await approvalField(2, 'Mint')).toBe(DUSDC_MINT)
    expect(await approvalField(2, 'Amount')).toBe('2.5')
    expect(await approvalField(2, 'To')).toBe(receiver)
    expect(await approvalField(2, 'To account')).toBe(account)
    // Two instructions fill more than the screen: Approve waits until the request was read to its end.
    await readRequest(walletFrame(page))
    await walletFrame(page).getByRole('button', { name: 'Approve' }).click()
    await dialog().locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
    const held = await readTokenAccount(account)
    const encoder = getAddressEncoder()
    expect(held?.programOwner).toBe(TOKEN_PROGRAM)
    expect(held?.mint).toEqual(new Uint8Array(encoder.encode(DUSDC_MINT)))
    expect(held?.owner).toEqual(new Uint8Array(encoder.encode(receiver)))
    expect(held?.amount).toBe(2_500_000n)
    expect(await readTokenAccount(await dusdcAccount(sender)).then((a) => a?.amount)).toBe(22_500_000n)
  })
})
