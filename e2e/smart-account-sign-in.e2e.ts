// Sign-in with the embedded wallet's smart account (spec §4 "Sign-in flow"), end to end: the demo
// with `?signin=optional&account=smartAccount`. On Local Devnet the wallet is its Safe (the
// devnet's Safe 1.4.1 and 4337 module, not deployed yet); SIWXSignMessage asks it to sign, the
// frame signs for ERC-6492 (the Safe's ERC-1271 signature, wrapped with its deployment), and
// frame-host verifies it against the chain and keeps a session for the Safe's address.
import { loginByEmail, openAccount, walletFrame } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { smartAccountOf } from '../devnet/userOperation.mjs'
import { approvalShown } from './support/approval'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })

type KeptSession = { message: string; signature: string; token: string; id: string; data: { chainId: string; accountAddress: string } }
const keptSessions = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('@oriel/siwx_sessions') ?? '[]') as KeptSession[])

describe('sign-in with the smart account', () => {
  it('signs in before the account exists: frame-host verifies the ERC-6492 signature', async () => {
    const context = await chromium.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${urls.demo}/?signin=optional&account=smartAccount`)
      await loginByEmail(page, `smart-sign-in+${Date.now()}@example.com`)
      const dialog = page.getByRole('dialog')
      // Connected on Ethereum (no smart accounts there): sign-in is optional, so it is skipped.
      await dialog.locator('[data-view="SIWXSignMessage"]').waitFor({ timeout: 15_000 })
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      const key = (await page.getByTestId('demo-address').textContent()) as Hex
      const smart = (await smartAccountOf(urls.devnet, contracts, key)) as Hex

      // On Local Devnet the wallet is its Safe, a new account: sign-in asks again.
      await openAccount(page)
      await dialog.getByRole('button', { name: /^Switch network, current:/ }).click()
      await dialog.getByRole('button', { name: /Local Devnet/ }).click()
      await expect.poll(() => page.getByTestId('demo-address').textContent(), { timeout: 20_000 }).toBe(smart)
      await dialog.locator('[data-view="SIWXSignMessage"]').waitFor({ timeout: 15_000 })
      expect(await dialog.textContent()).toContain('This application might not support Smart Accounts')
      await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
      await approvalShown(page)
      await walletFrame(page).getByRole('button', { name: 'Approve' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 20_000 })

      const session = (await keptSessions(page)).find((s) => s.data.chainId === 'eip155:31337')
      expect(session?.message).toContain(`sign in with your Ethereum account:\n${smart}\n`)
      expect(session?.signature.endsWith('6492'.repeat(16))).toBe(true)
      const live = await fetch(`${urls.frameHost}/v1/sessions/${smart}?projectId=demo&chainId=eip155:31337`, {
        headers: { authorization: `Bearer ${session!.token}` },
      })
      expect(live.status).toBe(200)
      expect(((await live.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toEqual([session!.id])
      expect(await chain.getCode({ address: smart }), 'verifying deploys nothing').toBeUndefined()
    } finally {
      await context.close()
    }
  })
})
