// The Account view's NFTs and Activity tabs, end to end: log in by email, move to the devnet, fund
// the wallet with the demo's "Fund this wallet" (frame-host's POST /dev/faucet), then NFTs shows
// the minted NFT's image and id and Activity the faucet's transfers with their exact amounts, all
// read from frame-host's indexer (history and NFTs routes). Both panels pass axe in both themes.
import { openAccount as openAccountView } from '@oriel/stack/widget'
import type { Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { type Demo, loggedInDemo } from './support/fixtures'
import { record } from './support/recorder.mjs'

const email = `activity+${Date.now()}@example.com`

/** What `POST /dev/faucet` answers (frame-host/API.md). */
interface FaucetReply {
  chainId: string
  ether: { symbol: string; amount: string; txHash: string }
  tokens: { symbol: string; amount: string; txHash: string }[]
  nft: { address: string; tokenId: string; txHash: string }
}

/** One browser, one page, logged in on the devnet (Activity shows the connected chain only) and
 * funded, for all the tests (they run in sequence). */
const run = loggedInDemo(email, { prepare: record, network: 'Local Devnet' }) as Demo & { faucet: FaucetReply }

/** A whole-token amount as Activity shows it: exactly 3 decimals (the faucet's amounts have at most 3). */
const threeDecimals = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.')
  return `${whole}.${fraction.padEnd(3, '0')}`
}

const modal = () => run.page.locator('oriel-modal')
const tab = (name: string) => run.page.getByRole('tab', { name, exact: true })
const panel = () => run.page.getByRole('tabpanel')

const openAccount = () => openAccountView(run.page)

/**
 * Shows `name`'s panel until `ready` holds. The indexer reads the devnet a few seconds behind the
 * faucet, so a panel may first show the chain as it was; leaving the tab and coming back reads
 * frame-host again, as a user would.
 */
async function showTabUntil(name: string, ready: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await tab('Tokens').click()
        await tab(name).click()
        await panel().locator('[role="status"]').waitFor({ state: 'detached' })
        return ready()
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true)
}

/** The rows of the Activity list as `title | amounts | counterparty`. */
async function activityRows(list: Locator): Promise<string[]> {
  return list.locator('li.tx').evaluateAll((rows) =>
    rows.map((row) => ['.tx-title', '.tx-desc', '.tx-party'].map((part) => row.querySelector(part)?.textContent).join(' | ')),
  )
}

beforeAll(async () => {
  const answer = run.page.waitForResponse((r) => r.url().includes('/dev/faucet'))
  await run.page.getByTestId('fund-wallet').click()
  const response = await answer
  expect(response.status()).toBe(200)
  run.faucet = (await response.json()) as FaucetReply
  await run.page.getByTestId('fund-result').filter({ hasText: /^ Sent / }).waitFor()
})

describe('Account tabs on the devnet', () => {
  it('NFTs shows the NFT the faucet minted: its image and its id', async () => {
    await openAccount()
    const card = () => panel().getByRole('listitem').filter({ hasText: `#${run.faucet.nft.tokenId}` })
    await showTabUntil('NFTs', async () => (await card().count()) === 1)
    const image = card().getByRole('img')
    expect(await image.getAttribute('src')).toMatch(/^(data:image\/|https?:\/\/)/)
    // The image really decodes (a broken one has no natural width).
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    expect(await card().locator('.nft-id').textContent()).toBe(`#${run.faucet.nft.tokenId}`)
  })

  it("Activity shows the faucet's transfers, newest first, with their exact amounts", async () => {
    const month = new Date().toLocaleString('en-US', { month: 'long' })
    const list = () => panel().getByRole('list', { name: `${month} ${new Date().getFullYear()}` })
    const expected = [
      `Received | +${threeDecimals(run.faucet.ether.amount)} ${run.faucet.ether.symbol}`,
      ...run.faucet.tokens.map((t) => `Received | +${threeDecimals(t.amount)} ${t.symbol}`),
    ]
    const from = / \| from 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/
    await showTabUntil('Activity', async () => (await list().count()) === 1 && (await list().locator('li.tx').count()) >= expected.length + 1)
    const rows = await activityRows(list())
    // The faucet sends the coin, then each token, then mints the NFT: the list is newest first.
    expect(rows[0]).toMatch(/^Minted \| \+/)
    for (const row of rows) expect(row).toMatch(from)
    expect(rows.slice(1).map((row) => row.replace(from, ''))).toEqual([...expected].reverse())
    expect(await list().locator('li.tx time').first().textContent()).toMatch(/^\d+ (sec|min)$/)
  })

  for (const mode of ['dark', 'light'] as const) {
    it(`the NFTs and Activity panels have no serious or critical axe violations (${mode})`, async () => {
      await run.page.keyboard.press('Escape')
      await modal().getByRole('dialog').waitFor({ state: 'detached' })
      const toggle = run.page.getByTestId('theme-toggle')
      if ((await toggle.getAttribute('data-theme-mode')) !== mode) await toggle.click()
      await expect.poll(() => toggle.getAttribute('data-theme-mode')).toBe(mode)
      await openAccount()
      for (const name of ['NFTs', 'Activity']) {
        await tab(name).click()
        await panel().getByRole('list').first().waitFor()
        expect(await seriousViolations(run.page)).toEqual([])
      }
    })
  }
})
