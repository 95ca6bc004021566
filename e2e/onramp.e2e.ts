// Buying with a card, end to end, through the sandbox on-ramp (its own origin, speaking Coinbase
// Onramp's API to frame-host): the embedded wallet, logged in by email, on the Local Devnet, opens
// Buy from Account, sees the card's limits and the provider's quote for 50 USD of ETH, continues
// to the provider's checkout in a popup, is declined with the declining test card, pays with the
// paying one, and the wallet receives exactly the quoted ETH on the devnet; the view says so, the
// Account balance follows, and Activity lists the purchase.
import { switchNetwork } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const chain = createPublicClient({ transport: http(urls.devnet) })
const email = `buyer+${Date.now()}@example.com`
const demo = loggedInDemo(email)
let page: Page
let address: Hex

beforeAll(() => {
  page = demo.page
  address = demo.address
})

const dialog = () => page.getByRole('dialog')
const buyView = () => dialog().locator('[data-view="Buy"]')
const text = (testId: string) => buyView().getByTestId(testId).textContent()
const tab = (name: string) => dialog().getByRole('tab', { name })

describe('Buy with a card through the sandbox provider', () => {
  it('shows the limits and the quote, pays in the checkout popup, and receives exactly the quoted ETH', async () => {
    // The login closed the modal (spec §2: its next open shows Account); buy on the devnet.
    await dialog().waitFor({ state: 'detached' })
    await switchNetwork(page, 'Local Devnet')
    const names = await dialog().locator('.view > .btn').allTextContents()
    expect(names.slice(0, 4)).toEqual(['Buy', 'Swap', 'Receive', 'Send'])

    await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
    await buyView().getByLabel('You pay').waitFor()
    expect(await text('buy-provider')).toBe('With Oriel Sandbox · fees 1-2%')
    expect(await text('buy-limits')).toBe('10.00 to 7,500.00 USD')
    expect(await text('buy-network')).toBe('Arrives on Local Devnet')
    await buyView().getByLabel('You pay').fill('5')
    expect(await buyView().getByText('At least 10.00 USD by card').count()).toBe(1)
    await buyView().getByLabel('You pay').fill('50')
    // The sandbox's quote: 1.5% and 0.10 USD of fees, the rest at 3000 USD per ETH.
    await expect.poll(() => text('buy-gets'), { timeout: 10_000 }).toBe('0.01638333 ETH')
    expect(await text('buy-fee')).toBe('0.75 USD')
    expect(await text('buy-network-fee')).toBe('0.10 USD')
    expect(await text('buy-total')).toBe('50.00 USD')
    expect(await buyView().getByTestId('buy-estimate').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    const before = await chain.getBalance({ address })

    // The checkout opens in a popup on the provider's own origin.
    const popupOpened = demo.context.waitForEvent('page')
    await buyView().getByRole('button', { name: 'Continue with Oriel Sandbox' }).click()
    const checkout = await popupOpened
    await checkout.waitForURL((url) => url.href.startsWith(`${urls.onramp}/buy/select-asset?sessionToken=`), { timeout: 15_000 })
    expect(new URL(checkout.url()).origin).not.toBe(new URL(urls.demo).origin)
    expect(await checkout.getByTestId('sandbox-purchase').textContent()).toBe('0.01638333 ETH')
    expect(await checkout.getByLabel(/^Sent to/).inputValue()).toBe(address)
    await expect.poll(() => text('buy-status')).toContain('Waiting for the payment…')

    const pay = async (card: string) => {
      await checkout.getByLabel('Card number').fill(card)
      await checkout.getByLabel('Expiry (MM/YY)').fill('12/40')
      await checkout.getByLabel('CVC').fill('123')
      await checkout.getByRole('button', { name: 'Pay' }).click()
    }
    await pay('4000 0000 0000 0002')
    expect(await checkout.getByRole('alert').textContent()).toBe('Your card was declined.')
    await pay('4242 4242 4242 4242')
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor({ timeout: 20_000 })

    // The widget follows the purchase to its delivery; the devnet has exactly the quoted ETH.
    const done = buyView().getByTestId('buy-done')
    await done.waitFor({ timeout: 30_000 })
    expect(await done.textContent()).toBe('Bought 0.01638333 ETH')
    expect((await chain.getBalance({ address })) - before).toBe(parseEther('0.01638333'))
    await checkout.close()

    await buyView().getByRole('button', { name: 'Back to account' }).click()
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('0.016 ETH')
  })

  it('Activity lists the purchase on its delivery', async () => {
    const row = () => dialog().locator('li.tx', { hasText: 'Bought' })
    // The indexer reads the devnet a moment behind: leaving the tab and coming back reads frame-host again.
    await expect
      .poll(
        async () => {
          await tab('Tokens').click()
          await tab('Activity').click()
          await dialog().getByRole('tabpanel').locator('[role="status"]').waitFor({ state: 'detached' })
          return (await row().count()) === 1 && (await row().getAttribute('data-hash')) !== null
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true)
    expect(await row().locator('.tx-desc').textContent()).toBe('+0.016 ETH · paid 50.00 USD')
  })
})
