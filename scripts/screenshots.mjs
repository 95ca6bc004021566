// Screenshots of every view a visitor can reach, in both themes, on a desktop window (1280×800)
// and a phone (390×844, iPhone user agent), clicked through the real demo, widget, frame,
// frame-host and devnet: the local stack (stack/) on the browser tests' ports. For design
// reviews: `make screenshots`.
//
//   node scripts/screenshots.mjs [outDir]   (default: dist/screenshots)
//
// Writes {outDir}/{theme}-{size}/{NN}-{View}.png and prints every path. A step that cannot reach
// its view fails the script: a missing screenshot is never silent.
//
// ORIEL_SCREENSHOTS_VIEWS=Connect,ApproveTransaction takes only the views named, in the dark
// theme on the desktop window, and stops once it has them (CI's smoke run).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startStack } from '@oriel/stack'
import { launchChromium } from '@oriel/stack/browser'
import { root } from '@oriel/stack/ports'
import { addTestWallet } from '@oriel/stack/wallets'
import { approveEmailLink, enterCode, frameOnShow, openAccount, pickWallet, readRequest, startEmailLogin, startExport, walletFrame } from '@oriel/stack/widget'

const outDir = resolve(process.argv[2] ?? join(root, 'dist/screenshots'))
/** The views to take (all unless ORIEL_SCREENSHOTS_VIEWS names some). */
const only = process.env.ORIEL_SCREENSHOTS_VIEWS ? new Set(process.env.ORIEL_SCREENSHOTS_VIEWS.split(',')) : undefined
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
}
const THEMES = only ? ['dark'] : ['dark', 'light']
/** Views the demo cannot show, and why. */
const NOT_SHOWN = {
  ConnectingSiwe: 'SIWXSignMessage under its siweConfig name; the demo configures siwx',
  ConnectingWalletConnectBasic: 'opens only in a dapp configured without chain adapters; the demo has them',
  UnsupportedChain: 'needs a wallet on a network the demo does not list; the demo lists every network its wallets use',
  StorageAccess: 'offered only where the browser keeps the frame\'s storage for the page alone; headless Chromium keeps it',
}

const modal = (page) => page.locator('oriel-modal [role="dialog"]')
const frameOf = (page) => walletFrame(page, urls.frameHost)
/** Thrown once every view ORIEL_SCREENSHOTS_VIEWS names is taken: the run is over. */
class AllTaken extends Error {}

/** Waits until `view` is on show and its motion has ended. */
async function settled(page, view) {
  await page.locator(`oriel-modal [role="dialog"][data-view="${view}"]`).waitFor({ timeout: 30_000 })
  // The view itself, not the spinner its lazily loaded code shows meanwhile.
  await page.locator(`oriel-modal .view[data-view="${view}"]`).first().waitFor({ timeout: 30_000 })
  await page.evaluate(async () => {
    const root = document.querySelector('oriel-modal')?.shadowRoot
    await Promise.allSettled((root?.getAnimations() ?? []).filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY).map((a) => a.finished))
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

/** One run: a theme on a size, its shots numbered in the order taken. */
function shooter(dir) {
  mkdirSync(dir, { recursive: true })
  let n = 0
  const taken = []
  return {
    taken,
    async shot(page, view, label = view) {
      await settled(page, view)
      ++n
      if (only && !only.has(view)) return
      const path = join(dir, `${String(n).padStart(2, '0')}-${label}.png`)
      await page.screenshot({ path })
      taken.push(view)
      console.log(path)
      if (only && [...only].every((v) => taken.includes(v))) throw new AllTaken()
    },
  }
}

async function setTheme(page, theme) {
  const toggle = page.getByTestId('theme-toggle')
  if ((await toggle.getAttribute('data-theme-mode')) !== theme) await toggle.click()
  await page.locator(`[data-testid="theme-toggle"][data-theme-mode="${theme}"]`).waitFor()
}

const back = (page) => modal(page).getByRole('button', { name: 'Back', exact: true }).click()

/** Logged out: Connect and what hangs off it. */
async function loggedOut(browser, size, theme, { shot }) {
  const context = await browser.newContext(SIZES[size])
  // This wallet declines, so ConnectingExternal stays on show (one that approves at once
  // connects before the view's code has loaded, and the modal closes).
  await addTestWallet(context, { rpcUrl: urls.devnet, name: 'Oriel Test Wallet', reject: true })
  const page = await context.newPage()
  await page.goto(urls.demo)
  await setTheme(page, theme)
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  // A phone with chain adapters opens Connect too (spec: All Wallets first only without them).
  await modal(page).locator('[data-section="featured"], [data-section="recommended"]').first().waitFor({ timeout: 30_000 })
  await shot(page, 'Connect')

  await modal(page).getByRole('button', { name: 'Help' }).click()
  await shot(page, 'WhatIsAWallet')
  await back(page)

  await modal(page).getByRole('button', { name: /All Wallets/ }).first().click()
  await modal(page).locator('[data-view="AllWallets"] .wallet-card').first().waitFor({ timeout: 30_000 })
  await shot(page, 'AllWallets')
  await modal(page).locator('[data-view="AllWallets"] .wallet-card').first().click()
  await modal(page).locator('.pairing').waitFor({ timeout: 30_000 })
  await shot(page, 'ConnectingWalletConnect')
  await back(page)
  await back(page)

  await modal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await modal(page).getByTestId('farcaster-qr').waitFor({ timeout: 30_000 })
  await shot(page, 'ConnectingFarcaster')
  await back(page)

  await modal(page).getByRole('button', { name: /Oriel Test Wallet/ }).first().click()
  await shot(page, 'ConnectingExternal')
  await page.keyboard.press('Escape')
  await context.close()

  // The demo with sign-in required: the connected wallet is asked to sign in.
  const signing = await browser.newContext(SIZES[size])
  await addTestWallet(signing, { rpcUrl: urls.devnet, name: 'Oriel Test Wallet' })
  const signInPage = await signing.newPage()
  await signInPage.goto(`${urls.demo}/?signin=required`)
  await setTheme(signInPage, theme)
  await pickWallet(signInPage, 'Oriel Test Wallet')
  await shot(signInPage, 'SIWXSignMessage')
  await signing.close()
}

/** Logged in by email: the code, the account and its views, an approval, then a new device. */
async function loggedIn(browser, size, theme, { shot }) {
  const email = `screens+${theme}-${size}-${Date.now()}@example.com`
  const context = await browser.newContext(SIZES[size])
  const page = await context.newPage()
  await page.goto(urls.demo)
  await setTheme(page, theme)
  const since = Date.now()
  await startEmailLogin(page, email)
  // A new address signs up by its emailed link first (issue 38 L-1), then gets its code.
  await page.getByText('Approve this device').first().waitFor({ timeout: 30_000 })
  await approveEmailLink(page, email, since)
  await page.getByLabel('Code').waitFor({ timeout: 30_000 })
  await shot(page, 'EmailVerifyOtp')
  await enterCode(page, email, since)
  await page.getByTestId('demo-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Sign message' }).waitFor()

  await openAccount(page)
  await shot(page, 'Account')
  await modal(page).getByRole('button', { name: /^Switch network, current:/ }).click()
  await shot(page, 'Networks')
  await back(page)
  // Buy, once the provider's options are in (on Ethereum the sandbox sells nothing: it says so).
  await modal(page).getByRole('button', { name: 'Buy', exact: true }).click()
  await modal(page).getByLabel('You pay').waitFor({ timeout: 30_000 })
  await shot(page, 'Buy')
  await back(page)
  for (const [button, view] of [
    ['Swap', 'Swap'],
    ['Receive', 'Receive'],
    ['Send', 'Send'],
    ['Update email', 'UpdateEmail'],
    ['Export recovery phrase', 'ExportWallet'],
  ]) {
    await modal(page).getByRole('button', { name: button, exact: true }).click()
    await shot(page, view)
    await back(page)
  }
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Sign message' }).click()
  await frameOf(page).locator('.screen').waitFor({ timeout: 30_000 })
  await frameOnShow(page)
  await shot(page, 'ApproveTransaction')
  await frameOf(page).getByRole('button', { name: 'Reject' }).click()
  await modal(page).waitFor({ state: 'detached' })

  // A name: RegisterAccountName with a free one typed, then the success view once the frame's
  // approval of the signature is given (the Account header shows it from then on).
  await openAccount(page)
  await modal(page).getByRole('button', { name: 'Choose a name', exact: true }).click()
  await modal(page).getByRole('textbox', { name: 'Name' }).fill(`shot${theme}${size}${Date.now().toString(36)}`)
  const register = modal(page).getByRole('button', { name: /^Register .+/ })
  await register.waitFor({ timeout: 30_000 })
  await shot(page, 'RegisterAccountName')
  await register.click()
  await frameOf(page).locator('.screen').waitFor({ timeout: 30_000 })
  await frameOnShow(page)
  await readRequest(frameOf(page))
  await frameOf(page).locator('button:not([disabled])', { hasText: 'Approve' }).click({ timeout: 10_000 })
  await modal(page).getByTestId('registered-name').waitFor({ timeout: 30_000 })
  await shot(page, 'RegisterAccountNameSuccess')
  await page.keyboard.press('Escape')

  await openAccount(page)
  await startExport(page, email)
  await frameOf(page).getByRole('button', { name: 'Done' }).waitFor({ timeout: 30_000 })
  await frameOnShow(page)
  await shot(page, 'ExportWallet', 'ExportWallet-phrase')
  await frameOf(page).getByRole('button', { name: 'Done' }).click()
  await page.keyboard.press('Escape')

  // The same email on a new device asks for the emailed approval first.
  const other = await browser.newContext(SIZES[size])
  const second = await other.newPage()
  await second.goto(urls.demo)
  await setTheme(second, theme)
  await startEmailLogin(second, email)
  await modal(second).locator('[data-view="EmailVerifyDevice"]').waitFor({ timeout: 30_000 })
  await shot(second, 'EmailVerifyDevice')
  await other.close()
  await context.close()
}

const stack = await startStack()
const { urls } = stack
const browser = await launchChromium()
let failed = false
try {
  for (const theme of THEMES) {
    for (const size of only ? ['desktop'] : Object.keys(SIZES)) {
      const run = shooter(join(outDir, `${theme}-${size}`))
      try {
        await loggedOut(browser, size, theme, run)
        await loggedIn(browser, size, theme, run)
      } catch (error) {
        if (!(error instanceof AllTaken)) throw error
      }
      const missing = only ? [...only].filter((view) => !run.taken.includes(view)) : []
      if (missing.length) throw new Error(`no view named ${missing.join(', ')}`)
    }
  }
  console.log('\nNot shown:')
  for (const [view, why] of Object.entries(NOT_SHOWN)) console.log(`  ${view}: ${why}`)
} catch (error) {
  failed = true
  console.error('screenshots: a view could not be reached:', error)
} finally {
  await browser.close()
  await stack.stop()
}
process.exit(failed ? 1 : 0)
