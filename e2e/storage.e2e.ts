// What the embedded wallet keeps depends on the browser. Chrome partitions a cross-site frame's
// storage per site (its default): the login survives a reload. A browser that blocks
// third-party storage outright (Chrome's "block third-party cookies", Brave, strict privacy
// modes) gives the frame none: the login then lasts for the page, the widget says so, and the
// next visit says why the user is logged out, instead of a silent disconnect.
import { launchChromium } from '@oriel/stack/browser'
import { loginByEmail, openAccount as openAccountView, walletFrame } from '@oriel/stack/widget'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'

const urls = inject('urls')
const MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'
const NOTICE = "This browser blocks the wallet's storage on this site, so you will have to log in again on your next visit."
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const browsers: Browser[] = []
afterAll(async () => {
  for (const browser of browsers) await browser.close()
})

async function open(thirdPartyStorage: 'partitioned' | 'blocked'): Promise<{ context: BrowserContext; page: Page }> {
  const browser = await launchChromium({ thirdPartyStorage })
  browsers.push(browser)
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(urls.demo)
  return { context, page }
}

const address = (page: Page) => page.getByTestId('demo-address')
/** Opens the widget on the Account view; its dialog. */
async function openAccount(page: Page) {
  await openAccountView(page)
  return page.getByRole('dialog')
}
/** Whether the frame's storage keeps this site's device (the frame keeps it per site: issue 38, I-1). */
const frameStorage = (page: Page) =>
  walletFrame(page).evaluate((key) => {
    try {
      return localStorage.getItem(key) === null ? 'empty' : 'kept'
    } catch {
      return 'blocked'
    }
  }, `oriel/device/${new URL(urls.demo).origin}`)

describe("Chrome's default: the frame's storage is partitioned per site", () => {
  it('keeps the login across a reload, with no storage notice', async () => {
    const { page } = await open('partitioned')
    await loginByEmail(page, `kept+${Date.now()}@example.com`)
    const dialog = await openAccount(page)
    expect(await dialog.getByTestId('storage-notice').count()).toBe(0)
    expect(await frameStorage(page)).toBe('kept')
    const before = await address(page).textContent()

    await page.reload()
    await expect.poll(() => address(page).textContent(), { timeout: 20_000 }).toBe(before)
  })
})

describe('a browser that blocks third-party storage', () => {
  let page: Page
  let account = ''
  afterEach(async ({ task }) => {
    // These tests run in sequence on one page, so a failure says what the page showed then.
    if (task.result?.state === 'fail' && page) {
      console.error(`${task.name}: the page at failure:\n${await page.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
    }
  })

  it('logs in, and the Account view says the login ends with the page', async () => {
    ;({ page } = await open('blocked'))
    await loginByEmail(page, `unkept+${Date.now()}@example.com`)
    account = (await address(page).textContent()) ?? ''
    expect(account).toMatch(ADDRESS)
    expect(await frameStorage(page)).toBe('blocked')
    const notice = (await openAccount(page)).getByTestId('storage-notice')
    await expect.poll(() => notice.textContent()).toContain(NOTICE)
    // Chromium has the Storage Access API, so the widget offers to ask for it in the frame.
    expect(await notice.getByRole('button', { name: 'Stay logged in' }).count()).toBe(1)
  })

  it('loses nothing within the page: the wallet still signs', async () => {
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Sign message' }).click()
    const approve = walletFrame(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 20_000 }).toBe(true)
    await approve.click()
    const signature = (await page.getByTestId('demo-signature').textContent({ timeout: 20_000 })) as Hex
    expect(await verifyMessage({ address: account as Hex, message: MESSAGE, signature })).toBe(true)
    expect(await address(page).textContent()).toBe(account)
  })

  it("'Stay logged in' asks in the frame; when the browser refuses, the widget says how to allow it", async () => {
    const dialog = await openAccount(page)
    await dialog.getByTestId('storage-notice').getByRole('button', { name: 'Stay logged in' }).click()
    // The frame draws its own request over the widget: only a click there counts for the browser.
    const screen = walletFrame(page).locator('.screen')
    await expect.poll(() => screen.textContent(), { timeout: 20_000 }).toContain('Stay logged in on this site')
    expect(await screen.textContent()).toContain(urls.demo)
    const allow = walletFrame(page).getByRole('button', { name: 'Allow' })
    await expect.poll(() => allow.isEnabled(), { timeout: 5_000 }).toBe(true)
    await allow.click()
    // Chromium grants storage access only to a site the user has visited first-party.
    await expect.poll(() => dialog.textContent()).toContain('The wallet still has no storage on this site')
    expect(await dialog.textContent()).toContain("allow third-party cookies and site data for this site in your browser's privacy settings")
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByTestId('storage-notice').waitFor()
    expect(await address(page).textContent()).toBe(account)
    await page.keyboard.press('Escape')
  })

  it('on the next visit, asks for login and says why', async () => {
    await page.reload()
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const reason = page.getByRole('dialog').getByTestId('login-not-kept')
    await expect.poll(() => reason.textContent(), { timeout: 20_000 }).toContain(
      "You were logged out because this browser blocks the wallet's storage on this site",
    )
    expect(await address(page).textContent()).toBe('')
    expect(await page.getByRole('dialog').getByLabel('Email').count()).toBe(1)
  })
})
