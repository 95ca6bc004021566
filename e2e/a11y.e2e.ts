// Accessibility of the widget in the demo, in Chromium: axe finds no serious or critical
// violations on the Connect, Account and Receive views in either theme; the keyboard works (Tab stays in
// the dialog, Esc closes it, focus returns to the Connect button); the motion timings of spec §9
// reach the page and go away under prefers-reduced-motion.
import { loginByEmail, openAccount, switchNetwork } from '@oriel/stack/widget'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const newPage = (options: BrowserContextOptions = {}) => chromium.newPage(urls.demo, options)

const dialog = (page: Page) => page.getByRole('dialog')

/** Waits until the open dialog shows `view` and its animations have settled. */
async function showing(page: Page, view: string) {
  await page.locator(`oriel-modal [role="dialog"][data-view="${view}"]`).waitFor()
  await page.waitForTimeout(400)
}

async function setTheme(page: Page, mode: 'light' | 'dark') {
  const toggle = page.getByTestId('theme-toggle')
  if ((await toggle.getAttribute('data-theme-mode')) !== mode) await toggle.click()
  await expect.poll(() => toggle.getAttribute('data-theme-mode')).toBe(mode)
}

/** A description of the focused element, looking through shadow roots. */
function focused(page: Page) {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement
    const path: string[] = []
    while (active?.shadowRoot?.activeElement) {
      path.push(active.tagName.toLowerCase())
      active = active.shadowRoot.activeElement
    }
    const dialog = document.querySelector('oriel-modal')?.shadowRoot?.querySelector('[role="dialog"]')
    return {
      inDialog: Boolean(dialog && active && dialog.contains(active)),
      isDialog: active === dialog,
      name: active?.getAttribute('aria-label') || active?.textContent?.trim() || active?.tagName.toLowerCase() || '',
      connectButton: active?.hasAttribute('data-oriel-connect-button') ?? false,
      path,
    }
  })
}

describe('accessibility', () => {
  for (const mode of ['dark', 'light'] as const) {
    it(`the Connect view has no serious or critical axe violations (${mode})`, async () => {
      const page = await newPage()
      await setTheme(page, mode)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await showing(page, 'Connect')
      expect(await page.locator('oriel-modal').getAttribute('data-theme')).toBe(mode)
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  it('the AllWallets view (opened by the dapp) has no serious or critical axe violations, in both themes', async () => {
    const page = await newPage()
    for (const mode of ['dark', 'light'] as const) {
      await setTheme(page, mode)
      await page.getByRole('button', { name: 'Browse wallets' }).click()
      await showing(page, 'AllWallets')
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  })

  it('the Account and Receive views have no serious or critical axe violations, in both themes', async () => {
    const page = await newPage()
    await loginByEmail(page, `a11y+${Date.now()}@example.com`)
    // The scans look at the account as a user of the demo sees it: on the devnet, where
    // frame-host reads balances. (On Ethereum it has no RPC here: the Account view would show
    // 'Token Balance Unavailable', and that 2.5 s notice fading out in the middle of a scan is
    // measured as faint text. The notice's colours are checked in palette.test.ts.)
    const tokens = page.waitForResponse((r) => r.url().includes('/v1/account/') && r.url().includes('eip155%3A31337'))
    await switchNetwork(page, 'Local Devnet')
    expect((await tokens).status()).toBe(200)
    // The Ethereum read's notice has run its 2.5 s by the time the scans start.
    await page.locator('oriel-modal .snackbar').waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    for (const mode of ['dark', 'light'] as const) {
      await setTheme(page, mode)
      await openAccount(page)
      await showing(page, 'Account')
      await page.getByTestId('account-balance').waitFor()
      expect(await page.locator('oriel-modal').getAttribute('data-theme')).toBe(mode)
      expect(await page.locator('oriel-modal .snackbar').count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      // Receive, reached from Account by keyboard, passes too.
      await page.getByRole('button', { name: 'Receive', exact: true }).focus()
      await page.keyboard.press('Enter')
      await showing(page, 'Receive')
      await page.getByTestId('receive-qr').waitFor()
      expect(await page.locator('oriel-modal .snackbar').count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  })

  it('Tab cycles inside the dialog, Esc closes it and focus returns to the Connect button', async () => {
    const page = await newPage()
    const connect = page.getByRole('button', { name: 'Connect Wallet' })
    await connect.focus()
    await page.keyboard.press('Enter')
    await showing(page, 'Connect')
    expect(await dialog(page).getAttribute('aria-labelledby')).toBeTruthy()
    expect((await focused(page)).isDialog).toBe(true)

    // Walk forward through every control and past the last one: focus never leaves the dialog
    // and comes back round to the first control.
    const names: string[] = []
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      expect(now.inDialog, `Tab ${i + 1} left the dialog for ${now.name}`).toBe(true)
      if (names.length > 0 && now.name === names[0]) break
      names.push(now.name)
    }
    expect(names[0]).toBe('Help')
    expect(names).toContain('Email')
    expect(names).toContain('Close')
    expect(names.length).toBeGreaterThan(4)
    expect((await focused(page)).name).toBe('Help')
    // And backwards from the first control to the last.
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).name).toBe(names.at(-1))

    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    expect((await focused(page)).connectButton).toBe(true)
    // The dapp heard it (useOrielEvents in the demo).
    await expect.poll(() => page.getByTestId('demo-last-event').textContent()).toBe('MODAL_CLOSE')
  })
})

/** Computed animation and transition timings of elements in the modal's shadow root. */
function motion(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('oriel-modal')?.shadowRoot
    const style = (selector: string) => {
      const element = root?.querySelector(selector)
      if (!element) return null
      const s = getComputedStyle(element)
      return {
        animation: `${s.animationName} ${s.animationDuration}`,
        transition: `${s.transitionProperty} ${s.transitionDuration}`,
        height: (element as HTMLElement).style.height,
      }
    }
    return { view: style('.view'), title: style('.title'), body: style('.body'), card: style('.card') }
  })
}

describe('motion', () => {
  it('views fade in over 150 ms, the header text over 120 ms, the height follows in 150 ms, a refused input shakes for 500 ms', async () => {
    const page = await newPage()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await showing(page, 'Connect')
    const before = await motion(page)
    expect(before.view?.animation).toBe('view-in 0.15s')
    expect(before.title?.animation).toBe('fade-in 0.12s')
    expect(before.body?.transition).toBe('height 0.15s')
    const connectHeight = before.body?.height

    await page.getByRole('button', { name: 'Help' }).click()
    await showing(page, 'WhatIsAWallet')
    const after = await motion(page)
    expect(after.view?.animation).toBe('view-in 0.15s')
    expect(after.body?.height).toMatch(/^\d+(\.\d+)?px$/)
    expect(after.body?.height).not.toBe(connectHeight)

    await page.getByRole('button', { name: 'Back' }).click()
    await showing(page, 'Connect')
    await page.getByLabel('Email').fill('not an email')
    await page.getByLabel('Email').press('Enter')
    const shaking = await motion(page)
    expect(shaking.card?.animation).toBe('shake 0.5s')
    await page.waitForTimeout(600)
    expect((await motion(page)).card?.animation).not.toContain('shake')
  })

  it('prefers-reduced-motion turns the animations off', async () => {
    const page = await newPage({ reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await showing(page, 'Connect')
    const still = await motion(page)
    expect(still.view?.animation).toMatch(/^none /)
    expect(still.title?.animation).toMatch(/^none /)
    expect(still.body?.transition).toMatch(/ 0s$/)

    // A refused input still gets feedback, without motion: an error ring while it would shake.
    const ring = () =>
      page.evaluate(() => {
        const card = document.querySelector('oriel-modal')?.shadowRoot?.querySelector('.card')
        return card ? getComputedStyle(card).boxShadow : ''
      })
    const calm = await ring()
    await page.getByLabel('Email').fill('not an email')
    await page.getByLabel('Email').press('Enter')
    expect((await motion(page)).card?.animation).toMatch(/^none /)
    expect(await ring()).not.toBe(calm)
    await expect.poll(ring, { timeout: 2_000 }).toBe(calm)
  })
})
