// Drives the demo's widget as a visitor does, with Playwright: the Account view, the network
// switch, the Send form, a browser wallet's connection, email login with the sign-up link and the code from the dev mailbox, the
// recovery-phrase export, and the wallet frame's approval screen. `make screenshots` and the
// browser tests' fixtures (e2e/support/fixtures.ts) share these; they wait, click and type, and
// check nothing: the tests' assertions stay in e2e/.
import { waitForMail } from './mailbox.mjs'
import { TEST_URLS } from './ports.mjs'

/** @typedef {import('playwright-core').Page} Page */

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The widget's dialog (in the modal's shadow root). @param {Page} page */
export const dialogOf = (page) => page.locator('oriel-modal [role="dialog"]')

/** Closes the widget's modal (Escape) if it is open, and waits until it is gone. @param {Page} page */
export async function closeModal(page) {
  if ((await dialogOf(page).count()) === 0) return
  await page.keyboard.press('Escape')
  await dialogOf(page).waitFor({ state: 'detached' })
}

/**
 * Opens the Account view from the widget's account button, closing whatever else the modal
 * shows first; does nothing when the Account view is already showing. Resolves once the view's
 * own content (its code loads lazily) is on show.
 * @param {Page} page
 */
export async function openAccount(page) {
  const address = dialogOf(page).locator('[data-view="Account"]').getByTestId('account-address')
  if (await address.isVisible()) return
  await closeModal(page)
  await page.locator('[data-oriel-connect-button]').first().click()
  await address.waitFor({ timeout: 30_000 })
}

/**
 * Switches the widget to `network` (its name as the Networks view lists it, e.g. `Local Devnet`)
 * from the Account view, opened first if it is not showing; resolves once Account names it as
 * the current network. A wallet that cannot switch leaves Account on its network: this then
 * times out.
 * @param {Page} page
 * @param {string} network
 */
export async function switchNetwork(page, network) {
  await openAccount(page)
  const dialog = dialogOf(page)
  await dialog.getByRole('button', { name: /^Switch network, current:/ }).click()
  await dialog.getByRole('button', { name: new RegExp(`^${escapeRegExp(network)}`) }).click()
  await dialog.getByRole('button', { name: new RegExp(`^Switch network, current: ${escapeRegExp(network)}`) }).waitFor()
}

/**
 * Opens Send from the Account view and fills it in: picks the token whose name starts with
 * `token` (e.g. `Ether`, `Devnet Dollar`), types `amount` and the receiver `to`. Returns the Send
 * view; the caller waits for what it expects (the fee, the resolved name).
 * @param {Page} page
 * @param {{ token: string, amount: string, to: string }} fields
 */
export async function fillSend(page, { token, amount, to }) {
  const dialog = dialogOf(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const view = dialog.locator('[data-view="Send"]')
  await view.waitFor()
  if ((await view.getByRole('button', { name: 'Select token' }).count()) === 0) {
    await view.getByRole('button', { name: /, change token$/ }).click()
  }
  await view.getByRole('button', { name: new RegExp(`^${escapeRegExp(token)} `) }).click()
  await view.getByLabel('Amount', { exact: true }).fill(amount)
  await view.getByLabel('To', { exact: true }).fill(to)
  return view
}

/**
 * Opens the modal from the page's Connect button and picks the browser wallet named `wallet` in
 * the Connect view (it does not wait for the connection: the wallet may decline).
 * @param {Page} page
 * @param {string} wallet
 */
export async function pickWallet(page, wallet) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await dialogOf(page).getByRole('button', { name: new RegExp(escapeRegExp(wallet)) }).first().click()
}

/** Opens the modal from the page's Connect button and submits `email`. @param {Page} page */
export async function startEmailLogin(page, email) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Email').press('Enter')
}

/** Types the newest code mailed to `email` after `since` into the code field. @param {Page} page */
export async function enterCode(page, email, since) {
  const [code] = await waitForMail(email, /\b\d{6}\b/, { since })
  await page.getByLabel('Code').fill(code)
}

/**
 * Opens the approval link mailed to `email` after `since` (a new device's, or a new address's
 * sign-up) as its owner would, in a fresh browser profile (their mail client's), and presses the
 * page's "Approve": the link's GET only shows the page (issue 38 H-1).
 * @param {Page} page a page of the browser to use
 */
export async function approveEmailLink(page, email, since) {
  const [link] = await waitForMail(email, /https?:\/\/\S+\/auth\/v1\/device\/approve\?token=[0-9a-f]+/, { since })
  const browser = page.context().browser()
  const context = browser ? await browser.newContext() : page.context()
  const approval = await context.newPage()
  try {
    await approval.goto(link)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await approval.getByText(/approved|confirmed/i).first().waitFor()
  } finally {
    await (browser ? context.close() : approval.close())
  }
}

/** A first login of a new `email` on this page: email, the sign-up link, code, then waits for the demo's address. @param {Page} page */
export async function loginByEmail(page, email) {
  const since = Date.now()
  await startEmailLogin(page, email)
  // A new address signs up by its emailed link; the code follows (issue 38 L-1).
  await page.getByText('Approve this device').first().waitFor({ timeout: 30_000 })
  await approveEmailLink(page, email, since)
  await page.getByLabel('Code').waitFor({ timeout: 30_000 })
  await enterCode(page, email, since)
  await page.getByTestId('demo-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: 20_000 })
}

/**
 * From the open Account view, asks for the recovery phrase and enters the emailed code; the
 * frame then draws the phrase in its own document.
 * @param {Page} page
 */
export async function startExport(page, email) {
  await page.getByRole('button', { name: 'Export recovery phrase' }).click()
  const since = Date.now()
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Code').waitFor()
  const [code] = await waitForMail(email, /\b\d{6}\b/, { since })
  await page.getByLabel('Code').fill(code)
}

/**
 * The wallet frame inside the dapp's page: the iframe frame-host (the test profile's unless
 * `frameHost` names another) serves at `/frame`.
 * @param {Page} page the dapp's page
 * @returns {import('playwright-core').Frame}
 */
export function walletFrame(page, frameHost = TEST_URLS.frameHost) {
  const frame = page.frames().find((f) => f.url().startsWith(`${frameHost}/frame`))
  if (!frame) throw new Error(`no wallet frame from ${frameHost} in ${page.url()}`)
  return frame
}

/**
 * Waits until the wallet frame is on show over the widget: the widget lays it over its room and
 * lets it take the pointer only once the card's own motion has ended, so a click inside the
 * frame before then lands on the page beneath.
 * @param {Page} page the dapp's page
 */
export async function frameOnShow(page) {
  await page.waitForFunction(() => document.querySelector('iframe[data-oriel-frame]')?.style.pointerEvents === 'auto')
}

/**
 * The frame's approval screen keeps Reject and Approve in view below the request, so Approve
 * waits until the request (and each message in it) has been scrolled to its end once, as a user
 * reading it does. This scrolls the request's scrolling area to its end, and each message box in
 * it too unless `contentOnly` (to test that a message box alone still holds Approve back).
 * @param {import('playwright-core').Frame} frame the wallet frame
 */
export async function readRequest(frame, { contentOnly = false } = {}) {
  await frame.locator('.screen').evaluate((screen, only) => {
    for (const box of screen.querySelectorAll(only ? '.content' : '.content, .message')) {
      box.scrollTop = box.scrollHeight
    }
  }, contentOnly)
}
