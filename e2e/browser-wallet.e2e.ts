// A browser wallet end to end: a wallet announced with EIP-6963 (a real viem account on the
// local devnet) connects from the demo's Connect view, comes back by itself after a reload,
// disconnects and stays disconnected. Nothing reaches the network at page load before the
// modal opens.
import { DEVNET_ACCOUNT, addTestWallet } from '@oriel/stack/wallets'
import { openAccount } from '@oriel/stack/widget'
import type { Page, Request } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const WALLET = 'Oriel Test Wallet'
const chromium = chromiumForFile()
let page: Page

beforeAll(async () => {
  const context = await chromium.newContext()
  await addTestWallet(context, { rpcUrl: urls.devnet, name: WALLET })
  page = await context.newPage()
})
afterEach(async ({ task }) => {
  // These tests run in sequence on one page, so a failure says what the page showed then.
  if (task.result?.state === 'fail') {
    console.error(`${task.name}: the page at failure:\n${await page.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
  }
})

const address = () => page.getByTestId('demo-address')
const storageItem = (key: string) => page.evaluate((k) => localStorage.getItem(k), key)

/** Loads `url` and returns every request the page made until the network went quiet. */
async function loadRecording(url: string, reload = false): Promise<Request[]> {
  const requests: Request[] = []
  const onRequest = (request: Request) => requests.push(request)
  page.on('request', onRequest)
  if (reload) await page.reload({ waitUntil: 'networkidle' })
  else await page.goto(url, { waitUntil: 'networkidle' })
  page.off('request', onRequest)
  return requests
}

/** Requests other than the dapp's own document and static assets. */
function beyondThePage(requests: Request[]): string[] {
  const assets = new Set(['document', 'script', 'stylesheet', 'image', 'font'])
  return requests
    .filter((r) => new URL(r.url()).origin !== urls.demo || !assets.has(r.resourceType()))
    .map((r) => `${r.resourceType()} ${r.method()} ${r.url()}`)
}

describe('a browser wallet (EIP-6963) on the devnet', () => {
  it('makes no network request at page load before the modal opens', async () => {
    const requests = await loadRecording(urls.demo)
    expect(requests.length).toBeGreaterThan(0)
    expect(beyondThePage(requests)).toEqual([])
    await expect.poll(() => page.getByTestId('demo-network').textContent()).toBe('Ethereum')
  })

  it('connects from the Connect view and shows the address', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const dialog = page.getByRole('dialog')
    const row = dialog.getByRole('button', { name: new RegExp(WALLET) })
    await expect.poll(() => row.textContent()).toContain('INSTALLED')
    await row.click()
    await expect.poll(() => address().textContent(), { timeout: 15_000 }).toBe(DEVNET_ACCOUNT.address)
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('demo-wallet').textContent()).toBe(WALLET)
    expect(await page.getByTestId('demo-network').textContent()).toBe('Local Devnet')
    expect(await storageItem('@oriel/connected_connector_ids')).toBe('{"eip155":"dev.oriel.testwallet"}')
    // The account is the devnet's funded account #0.
    const devnet = createPublicClient({ transport: http(urls.devnet) })
    expect(await devnet.getChainId()).toBe(31337)
    expect(await devnet.getBalance({ address: DEVNET_ACCOUNT.address as `0x${string}` })).toBeGreaterThan(0n)
  })

  it('reconnects by itself after a reload, without opening the modal', async () => {
    const requests = await loadRecording(urls.demo, true)
    await expect.poll(() => address().textContent(), { timeout: 15_000 }).toBe(DEVNET_ACCOUNT.address)
    expect(await page.getByRole('dialog').count()).toBe(0)
    // The reconnect needed the devnet (the wallet's chain id) and nothing else: no frame, no frame-host.
    expect(beyondThePage(requests).every((r) => r.includes(urls.devnet))).toBe(true)
  })

  it("reports 'Chain is not supported' when the wallet cannot switch, and stays on its network", async () => {
    await openAccount(page)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Switch network, current: Local Devnet' }).click()
    await dialog.getByRole('button', { name: /Ethereum/ }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Chain is not supported')
    await dialog.getByRole('button', { name: 'Back' }).click()
    expect(await page.getByTestId('demo-network').textContent()).toBe('Local Devnet')
  })

  it('disconnects from the Account view and stays disconnected after a reload', async () => {
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => address().textContent()).toBe('')
    await dialog.waitFor({ state: 'detached' })
    expect(await storageItem('@oriel/connection_status')).toBe('disconnected')

    await page.reload({ waitUntil: 'networkidle' })
    // Longer than reconnect would wait for a stored wallet to announce itself.
    await page.waitForTimeout(1_500)
    expect(await address().textContent()).toBe('')
    expect(await page.getByRole('button', { name: 'Connect Wallet' }).count()).toBeGreaterThan(0)
  })

  it('a declined request shows why and connects on "Try again"', async () => {
    await page.evaluate(() => {
      ;(window as unknown as { __orielTestWallet: { reject: boolean } }).__orielTestWallet.reject = true
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const dialog = page.getByRole('dialog')
    const row = dialog.getByRole('button', { name: new RegExp(WALLET) })
    await expect.poll(() => row.textContent()).toContain('RECENT')
    await row.click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Connection declined')
    await page.evaluate(() => {
      ;(window as unknown as { __orielTestWallet: { reject: boolean } }).__orielTestWallet.reject = false
    })
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => address().textContent(), { timeout: 15_000 }).toBe(DEVNET_ACCOUNT.address)
  })
})
