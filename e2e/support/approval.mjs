// The frame's approval screen keeps Reject and Approve in view below the request, so Approve
// waits until the request (and each message in it) has been scrolled to its end once, as a user
// reading it does. These helpers read it.

import { expect } from 'vitest'
import { urls } from './servers.mjs'

/**
 * Scrolls the request's scrolling area to its end, and each message box in it too unless
 * `contentOnly` (to test that a message box alone still holds Approve back).
 * @param {import('playwright-core').Frame} frame the wallet frame
 */
export async function readRequest(frame, { contentOnly = false } = {}) {
  await frame.locator('.screen').evaluate((screen, only) => {
    for (const box of screen.querySelectorAll(only ? '.content' : '.content, .message')) {
      box.scrollTop = box.scrollHeight
    }
  }, contentOnly)
}

/**
 * Waits until the wallet frame is on show over the widget: the widget lays it over its room and
 * lets it take the pointer only once the card's own motion has ended, so a click inside the
 * frame before then lands on the page beneath.
 * @param {import('playwright-core').Page} page the dapp's page
 */
export async function frameOnShow(page) {
  await page.waitForFunction(() => document.querySelector('iframe[data-oriel-frame]')?.style.pointerEvents === 'auto')
}

/**
 * The wallet frame inside the dapp's page: the iframe the test frame-host serves at `/frame`.
 * @param {import('playwright-core').Page} page the dapp's page
 * @returns {import('playwright-core').Frame}
 */
export function walletFrame(page) {
  const frame = page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame`))
  if (!frame) throw new Error(`no wallet frame from ${urls.frameHost} in ${page.url()}`)
  return frame
}

/**
 * Waits for the frame's approval screen: shown, read to its end, its Approve button armed, and
 * the frame standing still over the widget (its motion ended). Returns the screen's text.
 * @param {import('playwright-core').Page} page the dapp's page
 * @returns {Promise<string>}
 */
export async function approvalShown(page) {
  const frame = walletFrame(page)
  await frame.locator('.screen').waitFor({ timeout: 20_000 })
  await readRequest(frame)
  await expect.poll(() => frame.getByRole('button', { name: 'Approve' }).isEnabled(), { timeout: 5_000 }).toBe(true)
  const at = () => page.locator('iframe[data-oriel-frame]').boundingBox().then((b) => JSON.stringify(b))
  let last = await at()
  await expect.poll(async () => last === (last = await at()), { interval: 300 }).toBe(true)
  return (await frame.locator('.screen').textContent()) ?? ''
}
