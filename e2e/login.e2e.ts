// Email login with the embedded wallet, end to end: the real widget, frame, frame-host (with its
// dev mailbox) on two origins. A second browser profile is a new device.
import { waitForMail } from '@oriel/stack/mailbox'
import { approveEmailLink, openAccount, enterCode as typeCode, startEmailLogin as startLogin } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'
import { record } from './support/recorder.mjs'

const urls = inject('urls')
const chromium = chromiumForFile()
const email = `ada+${Date.now()}@example.com`
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

async function newDevice() {
  const context = await chromium.newContext()
  const recorder = await record(context)
  const page = await context.newPage()
  await page.goto(urls.demo)
  return { context, page, recorder }
}

const startEmailLogin = (page: Page) => startLogin(page, email)
const enterCode = (page: Page, since: number) => typeCode(page, email, since)

const address = (page: Page) => page.getByTestId('demo-address')

/** The device secret in the frame's own storage (kept per site): readable by a test harness, not by the dapp. */
async function deviceSecret(page: Page): Promise<string> {
  const frame = page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame`))!
  const key = `oriel/device/${new URL(urls.demo).origin}`
  return frame.evaluate((key) => JSON.parse(localStorage.getItem(key)!).secret as string, key)
}

describe('email login', () => {
  let first: Awaited<ReturnType<typeof newDevice>> & { secret?: string }
  let firstAddress = ''

  it('a new email signs up by the emailed link, logs in with the emailed code and gets an address', async () => {
    first = await newDevice()
    const since = Date.now()
    await startEmailLogin(first.page)
    // A new address gets a link first, not a code: nothing to guess before its owner acts.
    await first.page.getByText(/approve this device/i).first().waitFor()
    await approveEmailLink(first.page, email, since)
    await first.page.getByLabel('Code').waitFor({ timeout: 30_000 })
    // Sends are throttled to one per 30 s for this email on this device: "Resend" counts down,
    // disabled, instead of failing when pressed.
    const resend = first.page.getByRole('button', { name: /^Resend in \d+ s$/ })
    await resend.waitFor()
    expect(await resend.isDisabled()).toBe(true)
    const wait = Number((await resend.textContent())!.match(/in (\d+) s/)![1])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(30)
    await expect.poll(() => resend.textContent(), { timeout: 3_000 }).not.toBe(`Resend in ${wait} s`)
    // A wrong code says so under the field, and stays there (no snackbar over the footer) until
    // the code changes.
    const code = first.page.getByLabel('Code')
    await code.fill('000000')
    const error = first.page.getByRole('alert').filter({ hasText: 'Invalid code' })
    await error.waitFor()
    const below = await first.page.evaluate(() => {
      const root = document.querySelector('oriel-modal')!.shadowRoot!
      const field = root.querySelector('.code-field')!.getBoundingClientRect()
      const message = root.querySelector('.field-error')!.getBoundingClientRect()
      return message.top >= field.bottom
    })
    expect(below).toBe(true)
    await first.page.waitForTimeout(3_000)
    expect(await error.isVisible()).toBe(true)
    expect(await first.page.locator('oriel-modal .snackbar').count()).toBe(0)
    await code.press('Backspace')
    await error.waitFor({ state: 'detached' })
    await enterCode(first.page, since)
    await expect.poll(() => address(first.page).textContent(), { timeout: 20_000 }).toMatch(ADDRESS)
    firstAddress = (await address(first.page).textContent())!
    first.secret = await deviceSecret(first.page)
  })

  it('stays connected across a reload', async () => {
    await first.page.reload()
    await expect.poll(() => address(first.page).textContent(), { timeout: 20_000 }).toBe(firstAddress)
  })

  it('a new device needs the emailed approval and a code, and gets the same address', async () => {
    const second = await newDevice()
    // The first device's 30 s wait is its own: another device is not held up by it.
    const since = Date.now()
    await startEmailLogin(second.page)
    await second.page.getByText(/approve this device/i).first().waitFor()
    const [link] = await waitForMail(email, /https?:\/\/\S+\/auth\/v1\/device\/approve\?token=[0-9a-f]+/, { since })
    // The user opens the link from their mailbox, in any browser. Opening it (a mail scanner's
    // GET) approves nothing: the page names the device, site, place and time, and asks.
    const approval = await (await chromium.newContext()).newPage()
    await approval.goto(link!)
    await approval.getByRole('heading', { name: 'Approve a new device?' }).waitFor()
    for (const fact of ['Device', 'Site', 'Place', 'Time']) {
      await approval.getByText(fact, { exact: true }).waitFor()
    }
    expect(await approval.content()).toContain(urls.demo)
    await second.page.waitForTimeout(3_000)
    expect(await second.page.getByLabel('Code').count()).toBe(0)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await approval.getByText('Device approved: go back to the app.').waitFor()
    await approval.context().close()

    await second.page.getByLabel('Code').waitFor({ timeout: 30_000 })
    await enterCode(second.page, since)
    await expect.poll(() => address(second.page).textContent(), { timeout: 20_000 }).toBe(firstAddress)
    const secondSecret = await deviceSecret(second.page)
    expect(secondSecret).not.toBe(first.secret)

    // Sign out on the second device.
    await openAccount(second.page)
    await second.page.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => address(second.page).textContent()).toBe('')
    await second.page.reload()
    await second.page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
    expect(await address(second.page).textContent()).toBe('')

    // Nothing secret crossed a process boundary. The device secret (read here from the frame's
    // own storage, which only a test harness can do) never appears in a postMessage or an
    // HTTP request body; neither does any field that would carry a seed or key.
    for (const [device, secret] of [
      [first, first.secret!],
      [second, secondSecret],
    ] as const) {
      expect(secret).toMatch(/^[0-9a-f]{64}$/)
      const { messages, bodies } = await device.recorder.collect(device.context.pages())
      expect(messages.length).toBeGreaterThan(0)
      expect(bodies.some((b) => b.includes('/auth/v1/email/verify'))).toBe(true)
      // Binary messages are recorded as hex: the secret's bytes show as `secret` itself, and
      // the secret written as text shows as the hex of its characters.
      const asText = Buffer.from(secret, 'utf8').toString('hex')
      for (const text of [...messages, ...bodies]) {
        expect(text.toLowerCase()).not.toContain(secret)
        expect(text.toLowerCase()).not.toContain(asText)
        expect(text).not.toMatch(/"(seed|mnemonic|privateKey|secret|entropy|pepper|recoveryKey)"/i)
      }
    }
  })
})
