// Recovery-phrase export, end to end: a fresh emailed code, then the phrase drawn inside the
// wallet frame (frame-host's origin) laid over the widget. The dapp page never holds it.
import { loginByEmail, openAccount, startExport, walletFrame } from '@oriel/stack/widget'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'
import { record } from './support/recorder.mjs'

const urls = inject('urls')
const chromium = chromiumForFile()
const email = `export+${Date.now()}@example.com`
let context: BrowserContext

describe('recovery phrase export', () => {
  it('shows the phrase only inside the frame, after a fresh code, and never sends it', async () => {
    context = await chromium.newContext()
    const recorder = await record(context)
    const page = await context.newPage()
    await page.goto(urls.demo)
    await loginByEmail(page, email)

    await openAccount(page)
    await startExport(page, email)

    // The frame draws twelve words in its own document…
    const frame = walletFrame(page)
    const words = frame.locator('.word')
    await expect.poll(() => words.count(), { timeout: 20_000 }).toBe(12)
    const phrase = (await words.allTextContents()).join(' ')
    expect(phrase.split(' ').every((w) => /^[a-z]+$/.test(w))).toBe(true)
    // …which the dapp page cannot see: none of it is in the page's own DOM.
    const hostText = await page.evaluate(() => document.documentElement.outerHTML)
    expect(hostText).not.toContain(phrase)

    // Done arms only after the frame has been fully visible for 500 ms; then a real click on
    // it (the frame lies over the widget) closes the phrase and the widget goes back.
    const done = frame.getByRole('button', { name: 'Done' })
    await expect.poll(() => done.isEnabled(), { timeout: 5_000 }).toBe(true)
    await done.click()
    await page.getByRole('button', { name: 'Export recovery phrase' }).waitFor()
    await expect.poll(() => frame.locator('.word').count()).toBe(0)
    const box = await page.locator('iframe[data-oriel-frame]').boundingBox()
    expect(box?.width ?? 0).toBe(0)

    // Not one word sequence of the phrase crossed a process boundary.
    const { messages, bodies } = await recorder.collect(context.pages())
    expect(bodies.some((b) => b.includes('/auth/v1/export/verify'))).toBe(true)
    const asHex = Buffer.from(phrase, 'utf8').toString('hex')
    for (const text of [...messages, ...bodies]) {
      expect(text).not.toContain(phrase)
      expect(text.toLowerCase()).not.toContain(asHex)
    }
  })

  it('at 390 x 844: a grid where no word wraps from its number, Done in view, the keyboard back in the widget after', async () => {
    context = await chromium.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const narrowEmail = `export-narrow+${Date.now()}@example.com`
    await page.goto(urls.demo)
    await loginByEmail(page, narrowEmail)
    await openAccount(page)
    await startExport(page, narrowEmail)
    const frame = walletFrame(page)
    const words = frame.locator('.word')
    await expect.poll(() => words.count(), { timeout: 20_000 }).toBe(12)
    // The frame draws the phrase before the widget lays the iframe over its card, so the grid
    // is measured as the user sees it: once Done has armed, which takes the frame fully
    // visible (at its shown size) for 500 ms. Measured earlier, the iframe may still be 0 wide
    // and the grid one column.
    const done = frame.getByRole('button', { name: 'Done' })
    await expect.poll(() => done.isEnabled(), { timeout: 5_000 }).toBe(true)

    // Each word sits on one line with its number, in two or three columns.
    const cells = await words.evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect()
        const line = Number.parseFloat(getComputedStyle(item).lineHeight)
        return { left: Math.round(box.left), lines: Math.round((item.clientHeight - 12) / line) }
      }),
    )
    expect(cells.every((c) => c.lines === 1)).toBe(true)
    expect([2, 3]).toContain(new Set(cells.map((c) => c.left)).size)

    // Done is inside the frame's visible area, without scrolling.
    const inView = await done.evaluate((button) => {
      const box = button.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })
    expect(inView).toBe(true)

    // After Done the keyboard is the widget's again: Escape closes the modal.
    await done.click()
    await page.getByRole('button', { name: 'Export recovery phrase' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME')
    await page.keyboard.press('Escape')
    await page.locator('oriel-modal [role="dialog"]').waitFor({ state: 'detached' })
  })
})
