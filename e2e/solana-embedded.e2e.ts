// The embedded wallet on the local Solana cluster (devnet/solana, litesvm), end to end: log in by
// email, switch the widget to Local Solana, see the wallet's Solana address on Account and
// Receive, fund it on the cluster (an airdrop of SOL, the faucet's dUSDC) and see the exact
// SOL balance and token quantities frame-host reads from the cluster.
import { type Address, createSolanaRpc, devnet as testCluster, lamports } from '@solana/kit'
import { switchNetwork } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const solana = createSolanaRpc(testCluster(urls.solana))
const email = `solana+${Date.now()}@example.com`
const demo = loggedInDemo(email)
let page: Page

beforeAll(() => {
  page = demo.page
})

const dialog = () => page.getByRole('dialog')
const tokenRow = (name: string) => dialog().getByRole('listitem', { name: new RegExp(`^${name}: `) })
/** How long the widget and frame-host keep an address's balances on one network (spec §9). */
const BALANCE_CACHE_MS = 30_000
const connectButton = () => page.locator('[data-oriel-connect-button]').first()
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The Solana address Receive shows. */
async function receiveAddress() {
  await dialog().getByRole('button', { name: 'Receive' }).click()
  const shown = dialog().getByTestId('receive-address')
  await shown.waitFor()
  const address = (await shown.textContent())?.trim() ?? ''
  await dialog().getByRole('button', { name: 'Back' }).click()
  return address
}

describe('The embedded wallet on the local Solana cluster', () => {
  let address: Address
  /** When Account first read this address's balances on Local Solana. */
  let firstRead = 0

  it('switches to Local Solana and shows its Solana address on Account and Receive', async () => {
    await switchNetwork(page, 'Local Solana')
    firstRead = Date.now()
    address = (await receiveAddress()) as Address
    expect(address).toMatch(BASE58_ADDRESS)
    // The cluster knows it as a fresh account.
    expect((await solana.getBalance(address).send()).value).toBe(0n)
    await expect.poll(() => dialog().getByTestId('account-balance').textContent()).toBe('0.000 SOL')
  })

  it('shows the exact SOL and dUSDC it was given on the cluster', async () => {
    await solana.requestAirdrop(address, lamports(2_500_000_000n)).send()
    const minted = await fetch(`${urls.solana}/faucet/token`, {
      method: 'POST',
      body: JSON.stringify({ address, amount: '25000000' }),
    })
    expect(minted.status).toBe(200)
    // Balances are kept 30 s per address and network (spec §9), by the widget and by frame-host:
    // past that, opening Account again reads them anew.
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await page.waitForTimeout(Math.max(0, firstRead + BALANCE_CACHE_MS + 500 - Date.now()))
    await connectButton().click()
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('2.500 SOL')
    await expect.poll(() => tokenRow('Devnet USD Coin').getAttribute('aria-label')).toMatch(/^Devnet USD Coin: 25\.00 dUSDC, /)
    expect(await tokenRow('Solana').getAttribute('aria-label')).toMatch(/^Solana: 2\.50 SOL, /)
  })
})
