// Sign-in with a wallet signature end to end (issue 14, spec §4 "Sign-in flow"): the demo with
// `?signin=required` uses the SDK's frame-host-backed sign-in. A browser wallet (EIP-6963, a
// viem account on the devnet) connects, SIWXSignMessage asks it to sign, frame-host verifies
// the EIP-4361 message and keeps a session whose token it answers for; a reload keeps it; a
// declined signature stays on the view, which cannot be closed without disconnecting.
import { addTestWallet, DEVNET_ACCOUNT } from '@oriel/stack/wallets'
import { openAccount, pickWallet } from '@oriel/stack/widget'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const WALLET = 'Oriel Test Wallet'

type KeptSession = { message: string; signature: string; token: string; id: string; data: { chainId: string } }
const keptSessions = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('@oriel/siwx_sessions') ?? '[]') as KeptSession[])

async function openWithWallet(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.newContext()
  await addTestWallet(context, { rpcUrl: urls.devnet, name: WALLET })
  const page = await context.newPage()
  await page.goto(`${urls.demo}/?signin=required`)
  await pickWallet(page, WALLET)
  await page.locator('oriel-modal [role="dialog"][data-view="SIWXSignMessage"]').waitFor({ timeout: 15_000 })
  return { context, page }
}

describe('sign-in required', () => {
  it('a browser wallet signs in; frame-host verifies and answers for the session; a reload keeps it', async () => {
    const { context, page } = await openWithWallet()
    try {
      const dialog = page.getByRole('dialog')
      expect(await dialog.locator('h2').textContent()).toBe('Sign In')
      await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
      await dialog.waitFor({ state: 'detached', timeout: 15_000 })
      const [session] = await keptSessions(page)
      expect(session?.message).toMatch(
        new RegExp(`^${urls.demo.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} wants you to sign in with your Ethereum account:\\n${DEVNET_ACCOUNT.address}\\n\\nSign in to Lumen\\n`),
      )
      expect(session?.data.chainId).toBe('eip155:31337')
      // The token is frame-host's: it answers for the live session.
      const live = await fetch(
        `${urls.frameHost}/v1/sessions/${DEVNET_ACCOUNT.address}?projectId=demo&chainId=eip155:31337`,
        { headers: { authorization: `Bearer ${session!.token}` } },
      )
      expect(live.status).toBe(200)
      const { sessions } = (await live.json()) as { sessions: { id: string }[] }
      expect(sessions.map((s) => s.id)).toEqual([session!.id])

      await page.reload()
      await expect.poll(() => page.getByTestId('demo-address').textContent(), { timeout: 15_000 }).toBe(DEVNET_ACCOUNT.address)
      await page.waitForTimeout(500) // the sign-in check runs right after the reconnect
      expect(await page.getByRole('dialog').count()).toBe(0)

      // Disconnecting ends the session at frame-host too.
      await openAccount(page)
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
      await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe('')
      const after = await fetch(
        `${urls.frameHost}/v1/sessions/${DEVNET_ACCOUNT.address}?projectId=demo&chainId=eip155:31337`,
        { headers: { authorization: `Bearer ${session!.token}` } },
      )
      expect(((await after.json()) as { sessions: unknown[] }).sessions).toEqual([])
      expect(await keptSessions(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("a declined signature shows 'Signature declined'; the view cannot be closed, only cancelled, which disconnects", async () => {
    const { context, page } = await openWithWallet()
    try {
      await page.evaluate(() => {
        ;(window as unknown as { __orielTestWallet: { reject: boolean } }).__orielTestWallet.reject = true
      })
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Signature declined')
      await page.keyboard.press('Escape')
      await dialog.getByRole('button', { name: 'Close' }).click()
      expect(await page.locator('oriel-modal [role="dialog"][data-view="SIWXSignMessage"]').count()).toBe(1)
      await dialog.getByRole('button', { name: 'Cancel and disconnect' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe('')
      expect(await keptSessions(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
