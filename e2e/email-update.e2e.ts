// Changing the login email with the embedded wallet, end to end: the real widget, frame and
// frame-host (with its dev mailbox). A fresh email logs in, then Account -> Update email, with
// one code from the current address and one from the new address.
//
// Throttles: the login sends one code to the old address; the update start sends the next one
// to the same address, but it has its own per-user throttle, and each run uses fresh addresses.
import { waitForMail } from '@oriel/stack/mailbox'
import { approveEmailLink, openAccount as openAccountView } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const run = Date.now()
const oldEmail = `ada+${run}@example.com`
const newEmail = `grace+${run}@example.com`
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CODE = /\b\d{6}\b/
const chromium = chromiumForFile()
let page: Page

beforeAll(async () => {
  page = await chromium.newPage(urls.demo)
})

const address = () => page.getByTestId('demo-address')
/** The Account view's email (its `<dd>`). */
const accountEmail = () => page.locator('[data-view="Account"] dd').first()

const openAccount = () => openAccountView(page)

/** Types the newest code mailed to `to` since `since` (other than `not`); returns it. */
async function enterCodeFrom(to: string, since: number, not?: string) {
  const pattern = not ? new RegExp(`\\b(?!${not})\\d{6}\\b`) : CODE
  const [code] = await waitForMail(to, pattern, { since })
  await page.getByLabel('Code').fill(code!)
  return code!
}

describe('email update', () => {
  let loginAddress = ''
  let loginCode = ''

  it('a fresh email logs in', async () => {
    const since = Date.now()
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page.getByLabel('Email').fill(oldEmail)
    await page.getByLabel('Email').press('Enter')
    // A new address signs up by its emailed link first (issue 38 L-1).
    await approveEmailLink(page, oldEmail, since)
    await page.getByLabel('Code').waitFor({ timeout: 30_000 })
    loginCode = await enterCodeFrom(oldEmail, since)
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toMatch(ADDRESS)
    loginAddress = (await address().textContent())!
    await openAccount()
    await expect.poll(() => accountEmail().textContent()).toBe(oldEmail)
  })

  it('Account -> Update email: a code from the current address, then one from the new one', async () => {
    await openAccount()
    await page.getByRole('button', { name: 'Update email' }).click()
    // The login's code mail went to the same address moments ago: skip its code.
    const primarySince = Date.now()
    await page.getByLabel('New email').fill(newEmail)
    await page.getByLabel('New email').press('Enter')
    await page.getByText(/code sent to your current email/).waitFor()
    const primaryCode = await enterCodeFrom(oldEmail, primarySince, loginCode)
    expect(primaryCode).not.toBe(loginCode)

    // The new address has had no other mail.
    await page.getByText(/code sent to your new email/).waitFor()
    await enterCodeFrom(newEmail, primarySince)

    await page.getByRole('button', { name: 'Disconnect' }).waitFor()
    await expect.poll(() => accountEmail().textContent(), { timeout: 20_000 }).toBe(newEmail)
    expect(await page.evaluate(() => localStorage.getItem('@oriel/embedded/email'))).toBe(newEmail)
    expect(await address().textContent()).toBe(loginAddress)
  })

  it('the new email sticks across a reload (the frame session has it too)', async () => {
    await page.reload()
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toBe(loginAddress)
    await openAccount()
    await expect.poll(() => accountEmail().textContent(), { timeout: 20_000 }).toBe(newEmail)
  })
})
