// Solana and Bitcoin browser wallets end to end: test wallets registered through wallet-standard
// (a real ed25519 key with @solana/kit, a real secp256k1 key with @scure/btc-signer) connect
// from the demo's Connect view, and the demo signs through the SDK's Solana and Bitcoin
// providers. Every signature is checked here with other code than the wallet's: @solana/kit's
// verifier, bitcoinjs-message, and @scure/btc-signer's sighash with noble's verifier. The Solana
// wallet also sends SOL on the local cluster (devnet/solana) from the widget's Send view, and the
// cluster, read with @solana/kit, holds exactly what was sent.
import { BITCOIN_TEST_KEY, bitcoinWalletScript, SOLANA_TEST_SEED, solanaWalletScript } from '@oriel/stack/wallets'
import { fillSend, switchNetwork } from '@oriel/stack/widget'
import { secp256k1 } from '@noble/curves/secp256k1'
import {
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressFromPublicKey,
  lamports,
  type SignatureBytes,
  devnet as testCluster,
  verifySignature,
} from '@solana/kit'
import { base58, base64, hex } from '@scure/base'
import { p2wpkh } from '@scure/btc-signer'
import bitcoinMessage from 'bitcoinjs-message'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectDemoPsbtSigned } from './support/bitcoinChecks'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const cluster = createSolanaRpc(testCluster(urls.solana))
const SOLANA_WALLET = 'Oriel Solana Test Wallet'
const BITCOIN_WALLET = 'Oriel Bitcoin Test Wallet'
const MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'
let context: BrowserContext
let page: Page

// What the wallets' keys are, worked out here and not asked of the wallets.
const solanaKeys = await createKeyPairFromPrivateKeyBytes(hex.decode(SOLANA_TEST_SEED))
const SOLANA_ADDRESS = await getAddressFromPublicKey(solanaKeys.publicKey)
const BITCOIN_PUBLIC_KEY = secp256k1.getPublicKey(hex.decode(BITCOIN_TEST_KEY), true)
const BITCOIN_ADDRESS = p2wpkh(BITCOIN_PUBLIC_KEY).address!

beforeAll(async () => {
  context = await chromium.newContext()
  await context.addInitScript({ content: await solanaWalletScript({ name: SOLANA_WALLET }) })
  await context.addInitScript({ content: await bitcoinWalletScript({ name: BITCOIN_WALLET }) })
  page = await context.newPage()
  await page.goto(urls.demo, { waitUntil: 'networkidle' })
})
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    console.error(`${task.name}: the page at failure:\n${await page.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
  }
})

const address = () => page.getByTestId('demo-address')
const section = (title: string) => page.getByRole('region', { name: title })

/** Connects `wallet` from the widget's Connect view and waits for its address. */
async function connectFromWidget(wallet: string, expected: string) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  const dialog = page.getByRole('dialog')
  const row = dialog.getByRole('button', { name: new RegExp(wallet) })
  await expect.poll(() => row.textContent()).toContain('INSTALLED')
  await row.click()
  await expect.poll(() => address().textContent(), { timeout: 15_000 }).toBe(expected)
  await dialog.waitFor({ state: 'detached' })
}

/** Disconnects from the Account view (the account button shows the address's start). */
async function disconnectFromWidget(start: string) {
  await page.getByRole('button', { name: new RegExp(`^${start}`) }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect.poll(() => address().textContent()).toBe('')
}

const setReject = (global: '__orielSolanaWallet' | '__orielBitcoinWallet', reject: boolean) =>
  page.evaluate(([g, r]) => {
    ;(window as unknown as Record<string, { reject: boolean }>)[g as string]!.reject = r as boolean
  }, [global, reject] as const)

describe('a Solana wallet through wallet-standard', () => {
  it('connects from the Connect view on Solana', async () => {
    await connectFromWidget(SOLANA_WALLET, SOLANA_ADDRESS)
    expect(await page.getByTestId('demo-wallet').textContent()).toBe(SOLANA_WALLET)
    expect(await page.getByTestId('demo-network').textContent()).toBe('Solana')
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('@oriel/connected_connector_ids'))) ?? '{}')).toEqual({
      solana: `wallet-standard:solana:${SOLANA_WALLET}`,
    })
  })

  it('signs the demo message through the Solana provider; the signature verifies with @solana/kit', async () => {
    const card = section('Try the Solana wallet')
    expect(await card.getByText(MESSAGE).count()).toBe(1)
    await card.getByRole('button', { name: 'Sign message' }).click()
    const signature = await card.getByTestId('demo-solana-signature').textContent()
    const bytes = base58.decode(signature ?? '')
    expect(bytes).toHaveLength(64)
    const message = new TextEncoder().encode(MESSAGE)
    expect(await verifySignature(solanaKeys.publicKey, bytes as SignatureBytes, message)).toBe(true)
    // Not a signature of anything else.
    expect(await verifySignature(solanaKeys.publicKey, bytes as SignatureBytes, new TextEncoder().encode(`${MESSAGE}!`))).toBe(
      false,
    )
  })

  it("a declined signature shows 4001 'User rejected the request.'", async () => {
    await setReject('__orielSolanaWallet', true)
    const card = section('Try the Solana wallet')
    await card.getByRole('button', { name: 'Sign message' }).click()
    await expect.poll(() => card.getByTestId('demo-error').textContent()).toBe('4001: User rejected the request.')
    await setReject('__orielSolanaWallet', false)
  })

  it('sends 0.75 SOL on Local Solana from the Send view: the wallet signs, the cluster holds exactly the amount', async () => {
    // Funded before the widget first reads the account on Local Solana, so that read sees it.
    await cluster.requestAirdrop(SOLANA_ADDRESS, lamports(2_000_000_000n)).send()
    await expect.poll(async () => (await cluster.getBalance(SOLANA_ADDRESS, { commitment: 'confirmed' }).send()).value).toBe(2_000_000_000n)
    const receiver = (await generateKeyPairSigner()).address
    expect((await cluster.getBalance(receiver).send()).value).toBe(0n)

    await switchNetwork(page, 'Local Solana')
    const dialog = page.getByRole('dialog')
    expect(await page.getByTestId('demo-network').textContent()).toBe('Local Solana')
    // The wallet answers no reads: the widget reads the balance from the cluster itself.
    await expect.poll(() => dialog.getByTestId('account-balance').textContent()).toBe('2.000 SOL')

    const view = await fillSend(page, { token: 'Solana', amount: '0.75', to: receiver })
    await expect.poll(() => view.getByTestId('send-fee').textContent()).toMatch(/SOL/)
    await view.getByRole('button', { name: 'Send', exact: true }).click()
    // The test wallet signs without a prompt; the widget returns to Account once the cluster confirms.
    await dialog.locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByText('Sent 0.75 SOL').count()).toBe(1)
    // 2 - 0.75 - 0.000005, truncated to 3 decimals.
    await expect.poll(() => dialog.getByTestId('account-balance').textContent()).toBe('1.249 SOL')

    expect((await cluster.getBalance(receiver, { commitment: 'confirmed' }).send()).value).toBe(750_000_000n)
    // The sender paid the amount and the 5000-lamport signature fee.
    expect((await cluster.getBalance(SOLANA_ADDRESS, { commitment: 'confirmed' }).send()).value).toBe(
      2_000_000_000n - 750_000_000n - 5_000n,
    )
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('disconnects, and the Solana card goes', async () => {
    await disconnectFromWidget(SOLANA_ADDRESS.slice(0, 4))
    expect(await section('Try the Solana wallet').count()).toBe(0)
  })
})

describe('a Bitcoin wallet through wallet-standard', () => {
  it('connects its payment address from the Connect view on Bitcoin', async () => {
    await connectFromWidget(BITCOIN_WALLET, BITCOIN_ADDRESS)
    expect(BITCOIN_ADDRESS).toMatch(/^bc1q/)
    expect(await page.getByTestId('demo-wallet').textContent()).toBe(BITCOIN_WALLET)
    expect(await page.getByTestId('demo-network').textContent()).toBe('Bitcoin')
  })

  it('signs the demo message; bitcoinjs-message verifies it for the address', async () => {
    const card = section('Try the Bitcoin wallet')
    await card.getByRole('button', { name: 'Sign message' }).click()
    const signature = (await card.getByTestId('demo-bitcoin-signature').textContent()) ?? ''
    expect(base64.decode(signature)).toHaveLength(65)
    expect(bitcoinMessage.verify(MESSAGE, BITCOIN_ADDRESS, signature)).toBe(true)
    expect(bitcoinMessage.verify(`${MESSAGE}!`, BITCOIN_ADDRESS, signature)).toBe(false)
  })

  it('signs a PSBT: the input signature verifies against the BIP-143 sighash, and the transaction finalizes', async () => {
    const card = section('Try the Bitcoin wallet')
    await card.getByRole('button', { name: 'Sign PSBT' }).click()
    expectDemoPsbtSigned((await card.getByTestId('demo-bitcoin-psbt').textContent()) ?? '', BITCOIN_PUBLIC_KEY)
  })

  it("a declined PSBT shows 4001 'User rejected the request.'", async () => {
    await setReject('__orielBitcoinWallet', true)
    const card = section('Try the Bitcoin wallet')
    await card.getByRole('button', { name: 'Sign PSBT' }).click()
    await expect.poll(() => card.getByTestId('demo-error').textContent()).toBe('4001: User rejected the request.')
    await setReject('__orielBitcoinWallet', false)
  })

  it('the Account view says balances are not available for Bitcoin, not a zero balance', async () => {
    await page.getByRole('button', { name: /^bc1q/ }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByTestId('account-balance').textContent()).toBe('Balances are not available for this network')
    expect(await dialog.getByText(/0\.000/).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
  })
})
