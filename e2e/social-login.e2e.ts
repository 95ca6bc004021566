// Social login, end to end through the real widget: the demo dapp (origin A) with its wallet
// frame (frame-host, origin B), the provider in a popup at the local identity provider
// (oidc.mjs, origin C), frame-host's callback page handing the result to the frame, the frame
// redeeming it and opening the wallet. Each new browser context is a new device.
import { approveEmailLink, openAccount } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const PROBLEM = 'A problem occurred while trying initialize authentication.'
const HINT = 'Try again, or continue with your email or a wallet.'
// A typed user per run, so the linking below does not depend on earlier runs or files.
const run = Date.now().toString(36)

/** The latest device's page, and what its page and frame logged as warnings and errors. */
const latest: { page?: Page; logs: string[] } = { logs: [] }

/** The demo in a new browser context (a new device). */
async function newDevice(): Promise<Page> {
  const context = await chromium.newContext()
  const page = await context.newPage()
  latest.page = page
  latest.logs = []
  const started = Date.now()
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') latest.logs.push(`${Date.now() - started} ms ${m.type()}: ${m.text()}`)
  })
  await page.goto(urls.demo)
  return page
}

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || !latest.page) return
  const snapshot = await latest.page.locator('body').ariaSnapshot({ timeout: 5_000 }).catch(String)
  console.error(`${task.name}: the page at failure:\n${snapshot}\nits console:\n${latest.logs.join('\n')}`)
})

/** Opens the widget and clicks "Continue with {provider}"; the provider's page in the popup. */
async function startSocialLogin(page: Page, provider: 'Google' | 'GitHub'): Promise<Page> {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Continue with ${provider}` }).click(),
  ])
  // Blank until the frame names the provider's URL, then the provider's sign-in page.
  await popup.waitForURL(`${urls.oidc}/**`, { timeout: 20_000 })
  await popup.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor()
  return popup
}

/** Presses `button` at the provider; resolves once the callback page closed the popup. */
async function finishAtProvider(popup: Page, press: (popup: Page) => Promise<void>) {
  // The callback page may close the popup before the click returns: wait from before it.
  const closed = popup.waitForEvent('close', { timeout: 20_000 })
  await press(popup)
  await closed
}

const asAda = (popup: Page) => popup.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()

/** Signs in at the provider as a typed user. */
function asTyped(username: string, email: string, verified: boolean) {
  return async (popup: Page) => {
    await popup.getByRole('textbox', { name: 'Username' }).fill(username)
    await popup.getByRole('textbox', { name: 'Email' }).fill(email)
    if (verified) await popup.getByLabel('The email is verified').check()
    await popup.getByRole('button', { name: 'Sign in and allow' }).click()
  }
}

/** Waits for the connected address, then shows it in the Account view: the address, and the social login row. */
async function account(page: Page) {
  const demoAddress = page.getByTestId('demo-address').filter({ hasText: ADDRESS })
  await demoAddress.waitFor({ timeout: 30_000 })
  const address = (await demoAddress.textContent())!
  await openAccount(page)
  const shown = page.getByTestId('account-address')
  expect(await shown.textContent()).toBe(address)
  const social = (await page.getByTestId('account-social').textContent()) ?? ''
  const email = page.getByTestId('account-email')
  return {
    address,
    social,
    email: (await email.count()) > 0 ? await email.textContent() : null,
    canExport: (await page.getByRole('button', { name: 'Export recovery phrase' }).count()) > 0,
  }
}

/**
 * A new device of Ada's existing account: the provider's login opens a session but not the
 * wallet, and Ada's address gets the approval link (issue 38 M-3). Ada approves it on its page;
 * signing in again with `provider` (as `press`) then opens the wallet.
 */
async function approveThenSignInAgain(page: Page, since: number, provider: 'Google' | 'GitHub', press: (popup: Page) => Promise<void>) {
  await page.getByRole('alert').filter({ hasText: 'This device is not approved for this account yet' }).waitFor({ timeout: 30_000 })
  expect(await page.getByTestId('demo-address').textContent()).toBe('')
  await approveEmailLink(page, 'ada@example.com', since)
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Continue with ${provider}` }).click(),
  ])
  await again.waitForURL(`${urls.oidc}/**`, { timeout: 20_000 })
  await finishAtProvider(again, press)
}

/** The message under the social buttons. */
async function socialError(page: Page): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: PROBLEM })
  await alert.waitFor({ timeout: 20_000 })
  return (await alert.textContent()) ?? ''
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    provider: localStorage.getItem('@oriel/connected_social_provider'),
    username: localStorage.getItem('@oriel/connected_social_username'),
  }))

describe('social login', () => {
  let adaAddress = ''

  it('Google as Ada creates a wallet, shown with the provider in Account, kept across a reload', async () => {
    const page = await newDevice()
    const popup = await startSocialLogin(page, 'Google')
    // While the user is at the provider, the widget says it is waiting.
    await page.getByRole('status').filter({ hasText: 'Authenticating...' }).waitFor()
    await finishAtProvider(popup, asAda)
    const shown = await account(page)
    adaAddress = shown.address
    expect(shown.social).toBe('Google · ada@example.com')
    expect(shown.email).toBe('ada@example.com')
    expect(await stored(page)).toEqual({ provider: 'google', username: 'ada@example.com' })

    await page.reload()
    const again = await account(page)
    expect(again.address).toBe(adaAddress)
    expect(again.social).toBe('Google · ada@example.com')
  })

  it('Google again from a new browser returns the same address once Ada approves the device by email', async () => {
    const page = await newDevice()
    const since = Date.now()
    const popup = await startSocialLogin(page, 'Google')
    await finishAtProvider(popup, asAda)
    await approveThenSignInAgain(page, since, 'Google', asAda)
    expect((await account(page)).address).toBe(adaAddress)
  })

  it('GitHub with the same verified email links to that user; disconnect forgets the provider', async () => {
    const page = await newDevice()
    const since = Date.now()
    const popup = await startSocialLogin(page, 'GitHub')
    await finishAtProvider(popup, asTyped(`ada-gh-${run}`, 'ada@example.com', true))
    await approveThenSignInAgain(page, since, 'GitHub', asTyped(`ada-gh-${run}`, 'ada@example.com', true))
    const shown = await account(page)
    expect(shown.address).toBe(adaAddress)
    expect(shown.social).toBe(`GitHub · ada-gh-${run}`)
    expect(shown.canExport).toBe(true)

    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe('')
    expect(await stored(page)).toEqual({ provider: null, username: null })
  })

  it('an unverified email never links: a new wallet, no email, and no export to offer', async () => {
    const page = await newDevice()
    const popup = await startSocialLogin(page, 'GitHub')
    await finishAtProvider(popup, asTyped(`ada-unverified-${run}`, 'ada@example.com', false))
    const shown = await account(page)
    expect(shown.address).not.toBe(adaAddress)
    expect(shown.social).toBe(`GitHub · ada-unverified-${run}`)
    expect(shown.email).toBeNull()
    expect(shown.canExport).toBe(false)
  })

  it('a denied consent says so under the buttons and leaves the widget on Connect', async () => {
    const page = await newDevice()
    const popup = await startSocialLogin(page, 'Google')
    await finishAtProvider(popup, (p) => p.getByRole('button', { name: 'Deny access' }).click())
    expect(await socialError(page)).toBe(`${PROBLEM} Sign-in with Google was declined. ${HINT}`)
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).toBe(true)
    expect(await page.getByTestId('demo-address').textContent()).toBe('')
  })

  it('a popup the user closes says so, and a new attempt then works', async () => {
    const page = await newDevice()
    const popup = await startSocialLogin(page, 'GitHub')
    await popup.close()
    expect(await socialError(page)).toBe(`${PROBLEM} The sign-in window was closed before the sign-in finished. ${HINT}`)
    expect(await page.getByTestId('demo-address').textContent()).toBe('')

    const [again] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with GitHub' }).click(),
    ])
    await again.waitForURL(`${urls.oidc}/**`, { timeout: 20_000 })
    const since = Date.now()
    await finishAtProvider(again, asTyped(`ada-gh-${run}`, 'ada@example.com', true))
    await approveThenSignInAgain(page, since, 'GitHub', asTyped(`ada-gh-${run}`, 'ada@example.com', true))
    expect((await account(page)).address).toBe(adaAddress)
  })
})
