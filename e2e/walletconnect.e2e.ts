// WalletConnect pairing end to end, offline: the demo dapp (origin A) shows a pairing QR code,
// the demo wallet (its own origin, WalletConnect's sign client on the wallet side, Hardhat's
// account #1 in viem) pairs with its URI through the loopback relay, the dapp connects, and a
// personal_sign request goes to the wallet and back with a signature viem accepts.
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
/** Hardhat's account #1: the demo wallet's account. */
const WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'

/** Every URL either page asked for (HTTP and WebSocket). */
const requested: string[] = []

async function newPage(url: string): Promise<Page> {
  const context = await chromium.newContext()
  context.on('request', (request) => requested.push(request.url()))
  const page = await context.newPage()
  page.on('websocket', (socket) => requested.push(socket.url()))
  await page.goto(url)
  return page
}

describe('WalletConnect pairing', () => {
  let dapp: Page
  let wallet: Page
  let uri = ''

  it('the Connect view’s WalletConnect entry shows a wc: pairing as a QR code, and Copy link copies it', async () => {
    dapp = await newPage(urls.demo)
    await dapp.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.demo })
    await dapp.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await dapp.getByRole('button', { name: /^WalletConnect/ }).click()
    const qr = dapp.getByTestId('wc-qr')
    await qr.waitFor({ timeout: 20_000 })
    uri = (await qr.getAttribute('data-uri'))!
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(uri).toContain('symKey=')
    await expect(dapp.getByRole('img', { name: 'QR code for pairing a wallet' }).isVisible()).resolves.toBe(true)

    await dapp.getByRole('button', { name: 'Copy link' }).click()
    await dapp.getByText('Link copied').waitFor()
    expect(await dapp.evaluate(() => navigator.clipboard.readText())).toBe(uri)
  })

  it('the demo wallet pairs with that URI and approves; the dapp shows the wallet’s address', async () => {
    wallet = await newPage(`${urls.wallet}/?uri=${encodeURIComponent(uri)}`)
    await wallet.getByRole('heading', { name: 'Connect to Lumen?' }).waitFor({ timeout: 20_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()

    await expect.poll(() => dapp.getByTestId('demo-address').textContent(), { timeout: 20_000 }).toBe(WALLET_ADDRESS)
    await expect.poll(() => wallet.getByTestId('wallet-status').textContent()).toBe('Connected to Lumen')
    // The modal closed on connect.
    await expect.poll(() => dapp.getByTestId('wc-qr').count()).toBe(0)
  })

  it('personal_sign goes to the wallet and back, and the signature verifies for the address', async () => {
    await dapp.getByRole('button', { name: 'Sign message' }).click()
    await wallet.getByRole('heading', { name: 'personal_sign request' }).waitFor({ timeout: 20_000 })
    expect(await wallet.locator('.prompt pre').textContent()).toBe(MESSAGE)
    await wallet.getByRole('button', { name: 'Sign' }).click()

    const signature = dapp.getByTestId('demo-signature')
    await signature.waitFor({ timeout: 20_000 })
    const value = (await signature.textContent()) as `0x${string}`
    expect(value).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: MESSAGE, signature: value })).toBe(true)
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: `${MESSAGE}!`, signature: value })).toBe(false)
  })

  it('stays connected across a reload, without pairing again', async () => {
    await dapp.reload()
    await expect.poll(() => dapp.getByTestId('demo-address').textContent(), { timeout: 20_000 }).toBe(WALLET_ADDRESS)
  })

  it('nothing reached beyond this machine (no Verify, telemetry or public relay)', () => {
    const remote = requested.filter((url) => !/^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//u.test(url))
    expect(remote.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([])
    expect(requested.some((url) => url.startsWith(urls.relay))).toBe(true)
  })
})
