// The wallet frame's approval screen as the tests wait for it (stack/widget.mjs drives it).
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { readRequest, walletFrame } from '@oriel/stack/widget'

/**
 * Waits for the frame's approval screen: shown, read to its end, its Approve button armed, and
 * the frame standing still over the widget (its motion ended). Returns the screen's text.
 */
export async function approvalShown(page: Page): Promise<string> {
  const frame = walletFrame(page)
  await frame.locator('.screen').waitFor({ timeout: 20_000 })
  await readRequest(frame)
  await expect.poll(() => frame.getByRole('button', { name: 'Approve' }).isEnabled(), { timeout: 5_000 }).toBe(true)
  const at = () => page.locator('iframe[data-oriel-frame]').boundingBox().then((b) => JSON.stringify(b))
  let last = await at()
  await expect.poll(async () => last === (last = await at()), { interval: 300 }).toBe(true)
  return (await frame.locator('.screen').textContent()) ?? ''
}
