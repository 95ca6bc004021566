// Recovery-phrase export as a user does it: Account -> Export recovery phrase -> Send code ->
// the emailed code. The frame then draws the phrase in its own document.
import { waitForMail } from './mailbox.mjs'

/** From the open Account view, asks for the phrase and enters the emailed code. */
export async function startExport(page, email) {
  await page.getByRole('button', { name: 'Export recovery phrase' }).click()
  const since = Date.now()
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Code').waitFor()
  const [code] = await waitForMail(email, /\b\d{6}\b/, { since })
  await page.getByLabel('Code').fill(code)
}
