// What the frame's approval screen shows for messages a dapp crafts to mislead (issue 11, W4
// and W5): the real demo, widget, frame and frame-host. The demo's "Sign message" button signs
// the message this test gives it (its bundle is rewritten on the way to the browser to read it
// from localStorage), so each case is a reload of the same logged-in page.
import { readRequest, walletFrame } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const email = `approvals+${Date.now()}@example.com`
const DEMO_MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'
const chain = createPublicClient({ transport: http(urls.devnet) })
let page: Page
let address: Hex

/** The message the demo signs next: `text` repeated `repeat` times. */
type Message = { text: string; repeat?: number }

const demo = loggedInDemo(email, {
  prepare: async (context) => {
    // The demo's message literal becomes a read of the test's message, set before the app runs.
    await context.addInitScript(() => {
      const spec = localStorage.getItem('e2e-message')
      if (spec) {
        const { text, repeat } = JSON.parse(spec) as Message
        ;(globalThis as { __e2eMessage?: string }).__e2eMessage = text.repeat(repeat ?? 1)
      }
    })
    await context.route(`${urls.demo}/assets/*.js`, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        /(["'`])Welcome to Lumen! Sign to prove you own this address\.\1/g,
        `(globalThis.__e2eMessage ?? ${JSON.stringify(DEMO_MESSAGE)})`,
      )
      await route.fulfill({ response, body })
    })
  },
})

beforeAll(() => {
  page = demo.page
  address = demo.address
})

const screen = () => walletFrame(page).locator('.screen')
const approveButton = () => walletFrame(page).getByRole('button', { name: 'Approve' })

/** Reloads the demo with `message` as the one it signs, and asks for its personal_sign. */
async function askToSign(message: Message): Promise<number> {
  await page.evaluate((spec) => localStorage.setItem('e2e-message', spec), JSON.stringify(message))
  await page.reload()
  await page.getByTestId('demo-address').filter({ hasText: /^0x/ }).waitFor({ timeout: 30_000 })
  const asked = Date.now()
  await page.getByRole('button', { name: 'Sign message' }).click()
  await screen().waitFor({ timeout: 30_000 })
  return Date.now() - asked
}

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

describe('the approval screen', () => {
  it('shows bidi overrides and zero-width characters as highlighted marks, and warns (W4)', async () => {
    const text = 'Approve payment of \u202E0001\u202C USDC. Recipient: \u202Enrecnoc detsurt\u202C at lum\u200Ben.app'
    await askToSign({ text })
    const message = walletFrame(page).locator('.message').first()
    expect(await message.textContent()).toBe(
      'Approve payment of ⟨U+202E⟩0001⟨U+202C⟩ USDC. Recipient: ⟨U+202E⟩nrecnoc detsurt⟨U+202C⟩ at lum⟨U+200B⟩en.app',
    )
    expect(await message.locator('.hidden-char').allTextContents()).toEqual([
      '⟨U+202E⟩',
      '⟨U+202C⟩',
      '⟨U+202E⟩',
      '⟨U+202C⟩',
      '⟨U+200B⟩',
    ])
    expect(await walletFrame(page).locator('.warning').textContent()).toContain(
      'hidden or direction-changing characters',
    )
    // Not one such character reached the frame's document, and the dapp's text is a
    // left-to-right isolate whatever it holds.
    const drawn = await walletFrame(page).evaluate(() => document.body.textContent ?? '')
    expect(drawn).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/)
    const style = await message.evaluate((el) => {
      const s = getComputedStyle(el)
      return { direction: s.direction, unicodeBidi: s.unicodeBidi }
    })
    expect(style).toEqual({ direction: 'ltr', unicodeBidi: 'isolate' })

    // What is signed is the message as the dapp sent it.
    await readRequest(walletFrame(page))
    await expect.poll(() => approveButton().isEnabled(), { timeout: 10_000 }).toBe(true)
    await approveButton().click()
    const signature = (await page.getByTestId('demo-signature').textContent({ timeout: 20_000 })) as Hex
    expect(await chain.verifyMessage({ address, message: text, signature })).toBe(true)
  })

  it('an ordinary message gets no warning and no marks', async () => {
    await askToSign({ text: 'Grüße from Lumen — שלום, مرحبا, 日本 ❤️' })
    expect(await walletFrame(page).locator('.message').first().textContent()).toBe(
      'Grüße from Lumen — שלום, مرحبا, 日本 ❤️',
    )
    expect(await walletFrame(page).locator('.hidden-char').count()).toBe(0)
    expect(await walletFrame(page).locator('.warning').count()).toBe(0)
    // Who asks: the origin the browser vouched for first, then the name the dapp gives itself,
    // as its claim (L-7).
    const lines = await walletFrame(page).locator('.screen .title ~ p').allTextContents()
    expect(lines.slice(0, 2)).toEqual([urls.demo, 'Calls itself “Lumen”'])
    await expect.poll(() => approveButton().isEnabled(), { timeout: 10_000 }).toBe(true)
    await walletFrame(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: User rejected/)
  })

  it('a 1 MB message: its first 8 KiB, its size, the rest counted and hashed; Approve waits for the end (W5)', async () => {
    const line = 'Lumen terms, clause by clause. '
    const repeat = Math.ceil((1024 * 1024) / line.length)
    const full = line.repeat(repeat)
    const took = await askToSign({ text: line, repeat })
    console.log(`a ${full.length}-byte message: the screen appeared ${took} ms after the click`)

    const rows = walletFrame(page).locator('.row')
    const row = (label: string) =>
      rows.filter({ has: walletFrame(page).locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd')
    const shown = (await row('Message').textContent())!
    expect(shown.length).toBeLessThanOrEqual(8192)
    expect(full.startsWith(shown)).toBe(true)
    expect(await row('Size').textContent()).toBe(`${full.length.toLocaleString('en-US')} bytes`)
    expect(await row('Not shown').textContent()).toBe(
      `Message truncated: ${(full.length - shown.length).toLocaleString('en-US')} more bytes are not shown.`,
    )
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(full))
    expect(await row('SHA-256 of the whole message').textContent()).toBe(
      `0x${Buffer.from(digest).toString('hex')}`,
    )

    // Fully in view for well over 500 ms, the request read but not its message: Approve stays
    // off, and the screen says why. Reject works.
    await readRequest(walletFrame(page), { contentOnly: true })
    const hint = walletFrame(page).getByText('Scroll to the end of the message to approve it.')
    await expect.poll(() => walletFrame(page).getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true)
    await page.waitForTimeout(1_500)
    expect(await approveButton().isEnabled()).toBe(false)
    expect(await hint.isVisible()).toBe(true)

    // Halfway is not the end.
    const box = walletFrame(page).locator('.message').first()
    await box.evaluate((el) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2
    })
    await page.waitForTimeout(300)
    expect(await approveButton().isEnabled()).toBe(false)
    // The user reads on to the end, from the keyboard.
    await box.focus()
    await page.keyboard.press('End')
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true)
    expect(await hint.isVisible()).toBe(false)
    await approveButton().click()
    const signature = (await page.getByTestId('demo-signature').textContent({ timeout: 30_000 })) as Hex
    expect(await chain.verifyMessage({ address, message: full, signature })).toBe(true)
  })

  it('takes the keyboard: focus moves into the request, Tab reaches Approve, Escape rejects with 4001', async () => {
    await askToSign({ text: 'Sign in to Lumen with the keyboard.' })
    await expect.poll(() => approveButton().isEnabled(), { timeout: 10_000 }).toBe(true)
    const focused = () => walletFrame(page).evaluate(() => document.activeElement?.textContent ?? '')
    // The frame has the focus: Tab walks the request's own controls, Reject before Approve.
    const seen: string[] = []
    for (let i = 0; i < 4 && seen.at(-1) !== 'Approve'; i++) {
      await page.keyboard.press('Tab')
      seen.push(await focused())
    }
    expect(seen).toContain('Reject')
    expect(seen.at(-1)).toBe('Approve')
    // Approve's label is readable on its colour: WCAG AA's 4.5:1 for text.
    const colours = await approveButton().evaluate((el) => {
      const s = getComputedStyle(el)
      return [s.color, s.backgroundColor]
    })
    expect(contrast(colours[0]!, colours[1]!)).toBeGreaterThanOrEqual(4.5)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: User rejected/)
    // The request's view is gone and the focus is back in the widget, not left in the frame.
    await page.locator('oriel-modal [data-view="ApproveTransaction"]').waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME')
  })

  it("the widget's Close on a request means Reject (4001)", async () => {
    await askToSign({ text: 'Close me.' })
    await page.getByRole('button', { name: 'Reject and close' }).click()
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: /)
    await page.locator('oriel-modal [data-view="ApproveTransaction"]').waitFor({ state: 'detached' })
  })

  it("wears the widget's theme: light and its accent when the widget is light, and follows a change while open", async () => {
    await page.evaluate((spec) => localStorage.setItem('e2e-message', spec), JSON.stringify({ text: 'Themes.' }))
    await page.reload()
    await page.getByTestId('demo-address').filter({ hasText: /^0x/ }).waitFor({ timeout: 30_000 })
    await page.getByTestId('theme-toggle').click()
    await page.getByTestId('theme-toggle').and(page.locator('[data-theme-mode="light"]')).waitFor()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await screen().waitFor({ timeout: 30_000 })
    const colours = () =>
      walletFrame(page).evaluate(() => {
        const approve = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Approve')!
        return {
          screen: getComputedStyle(document.querySelector('.screen')!).backgroundColor,
          approve: getComputedStyle(approve).backgroundColor,
          label: getComputedStyle(approve).color,
        }
      })
    // The widget's light background and its light accent (#076b62), with white on it.
    await expect.poll(async () => (await colours()).screen).toBe('rgb(255, 255, 255)')
    expect(await colours()).toEqual({
      screen: 'rgb(255, 255, 255)',
      approve: 'rgb(7, 107, 98)',
      label: 'rgb(255, 255, 255)',
    })
    // Back to dark while the request is open (the toggle is under the modal's overlay, so the
    // test presses it from script): the frame follows, with the dark teal and dark text on it.
    await page.getByTestId('theme-toggle').dispatchEvent('click')
    await expect.poll(async () => (await colours()).approve).toBe('rgb(61, 214, 198)')
    expect((await colours()).label).toBe('rgb(0, 0, 0)')
    expect((await colours()).screen).not.toBe('rgb(255, 255, 255)')
    await expect.poll(() => walletFrame(page).getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true)
    await walletFrame(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: User rejected/)
  })
})
