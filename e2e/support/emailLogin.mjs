// Email login as a user does it in the demo: type the email, read the code from the dev mailbox.
import { waitForMail } from './mailbox.mjs'

/** Opens the modal from the page's Connect button and submits `email`. */
export async function startEmailLogin(page, email) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Email').press('Enter')
}

/** Types the newest code mailed to `email` after `since` into the code field. */
export async function enterCode(page, email, since) {
  const [code] = await waitForMail(email, /\b\d{6}\b/, { since })
  await page.getByLabel('Code').fill(code)
}

/** A first login of a new `email` on this page: email, code, then waits for the demo's address. */
export async function loginByEmail(page, email) {
  const since = Date.now()
  await startEmailLogin(page, email)
  await page.getByLabel('Code').waitFor({ timeout: 30_000 })
  await enterCode(page, email, since)
  await page.getByTestId('demo-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: 20_000 })
}
