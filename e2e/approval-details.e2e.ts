// An approval a person can decide on (issue 18 §1): the frame's send screen names the network and
// shows the balance, the most the fee can be and the total in ETH; an unfunded account is warned
// before approving, and a send the chain refuses is explained inside the widget, the raw error
// under "Details", before the dapp gets it; dollars show beside the amounts when frame-host knows
// the price; a Permit shows its amount in the token's units and its deadline as a date. The real
// demo, widget, frame, frame-host and devnet, on two origins.
import { frameOnShow, readRequest, walletFrame } from '@oriel/stack/widget'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_RECIPIENT } from '../demo/src/typedData'
import { loggedInDemo } from './support/fixtures'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })
const email = `decider+${Date.now()}@example.com`
const dusd = contracts.tokens.find((t) => t.symbol === 'dUSD')!
let context: BrowserContext
let page: Page
let address: Hex

/** An EIP-2612 permit of 2.5 dUSD to the demo's recipient until 2030-01-01, for `owner`. */
function permit(owner: Hex) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    // Addresses in lower case, as many dapps send them: the screen checksums them.
    domain: { name: dusd.name, version: '1', chainId: 31337, verifyingContract: dusd.address.toLowerCase() },
    message: { owner: owner.toLowerCase(), spender: DEMO_RECIPIENT.toLowerCase(), value: '2500000', nonce: '0', deadline: '1893456000' },
  } as const
}

const demo = loggedInDemo(email, {
  // The demo's "Sign typed data" signs its own order; for the Permit case the test hands the
  // page another payload, swapped in where the demo serializes its order.
  prepare: (context) =>
    context.addInitScript((demo) => {
      if (location.origin !== demo) return
      const stringify = JSON.stringify
      JSON.stringify = function (this: unknown, value: unknown, ...rest: []) {
        const swap = (globalThis as { __e2eTypedData?: unknown }).__e2eTypedData
        const isOrder = typeof value === 'object' && value !== null && (value as { primaryType?: unknown }).primaryType === 'Order'
        return stringify.call(this, isOrder && swap ? swap : value, ...rest)
      } as typeof JSON.stringify
    }, urls.demo),
  network: 'Local Devnet',
})

beforeAll(() => {
  context = demo.context
  page = demo.page
  address = demo.address
})
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    console.error(`${task.name}: the frame at failure:\n${await walletFrame(page).locator('body').ariaSnapshot({ timeout: 5_000 }).catch(String)}`)
  }
})

const screen = () => walletFrame(page).locator('.screen')
const approveButton = () => walletFrame(page).getByRole('button', { name: 'Approve' })
/** The value of the approval screen's row `label` (top level). */
const row = (label: string) =>
  walletFrame(page)
    .locator('.rows > .row')
    .filter({ has: walletFrame(page).locator('dt', { hasText: new RegExp(`^${label.replace(/[()+]/g, '\\$&')}$`) }) })
    .locator('dd')
/** The typed-data message's field `name` (its own line in the tree). */
const field = (name: string) =>
  walletFrame(page)
    .locator('.tree li')
    .filter({ has: walletFrame(page).locator(':scope > .key', { hasText: new RegExp(`^${name}: $`) }) })

/** Waits for the frame's screen, reads it to its end and waits for Approve to arm. */
async function approvalShown() {
  await screen().waitFor({ timeout: 20_000 })
  await frameOnShow(page)
  await readRequest(walletFrame(page))
  await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true)
}

describe('approvals a person can decide on', () => {
  it('an unfunded account is warned; the refused send is explained in the widget before the dapp hears of it', async () => {
    expect(await chain.getBalance({ address })).toBe(0n)
    await page.getByRole('button', { name: 'Send transaction' }).click()
    await screen().waitFor({ timeout: 20_000 })
    await frameOnShow(page)
    expect(await walletFrame(page).getByRole('heading').textContent()).toBe('Send transaction')
    expect(await row('Network').textContent()).toBe('Local Devnet')
    // No price known (this frame-host has none): no dollars, never "$0".
    expect(await row('Your balance').textContent()).toBe('0 ETH')
    expect(await row('Amount').textContent()).toBe('0.001 ETH')
    const warning = walletFrame(page).getByRole('alert').filter({ hasText: 'Not enough ETH' })
    expect(await warning.textContent()).toBe('Not enough ETH to cover the amount and the network fee.')
    // Approve stays possible (the chain has the last word on funds), and the chain refuses.
    await approvalShown()
    await approveButton().click()
    await walletFrame(page).getByRole('heading', { name: 'Transaction failed' }).waitFor({ timeout: 20_000 })
    expect(await walletFrame(page).getByRole('alert').textContent()).toBe(
      'Not enough funds: the balance cannot pay the amount plus the network fee. Nothing was sent.',
    )
    // The raw error is there, behind "Details"; the widget is still open and the dapp still waits.
    const raw = walletFrame(page).locator('details .mono')
    expect(await raw.isVisible()).toBe(false)
    await walletFrame(page).getByText('Details', { exact: true }).click()
    expect(await raw.textContent()).toMatch(/^-32000: Sender doesn't have enough funds to send tx/)
    expect(await page.getByRole('dialog').count()).toBe(1)
    expect(await page.getByTestId('demo-error').count()).toBe(0)
    const close = walletFrame(page).getByRole('button', { name: 'Close' })
    await expect.poll(() => close.isEnabled(), { timeout: 5_000 }).toBe(true)
    await close.click()
    // The dapp gets the node's error, as before.
    await expect
      .poll(() => page.getByTestId('demo-error').textContent(), { timeout: 20_000 })
      .toMatch(/^-32000: Sender doesn't have enough funds to send tx/)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('the send screen shows the network, the balance and the total in ETH, with dollars when the price is known', async () => {
    await chain.request({ method: 'hardhat_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never })
    // frame-host's price route answers the frame (this frame-host has no prices: null); the
    // test then gives ETH a price of $3,000 on the way back.
    const asked: unknown[] = []
    const isPriceRoute = (url: URL) => url.origin === urls.frameHost && url.pathname === '/v1/fungible/price'
    await context.route(isPriceRoute, async (route) => {
      const real = await route.fetch()
      const body = (await real.json()) as { fungibles: { address: string; price: number | null }[] }
      asked.push({ status: real.status(), asked: route.request().postDataJSON(), answered: body })
      const priced = body.fungibles.map((f) => (f.address === 'eip155:31337/slip44:60' ? { ...f, price: 3000 } : f))
      await route.fulfill({ response: real, json: { fungibles: priced } })
    })
    await page.getByRole('button', { name: 'Send transaction' }).click()
    await approvalShown()
    await context.unroute(isPriceRoute)
    expect(asked).toEqual([
      {
        status: 200,
        asked: { addresses: ['eip155:31337/slip44:60'] },
        answered: { fungibles: [{ address: 'eip155:31337/slip44:60', price: null }] },
      },
    ])
    expect(await row('Network').textContent()).toBe('Local Devnet')
    expect(await row('Your balance').textContent()).toBe('100 ETH ($300,000.00)')
    expect(await row('Amount').textContent()).toBe('0.001 ETH ($3.00)')
    // The most the network fee can be (gas limit × max fee per gas), and the amount on top.
    const fee = (await row('Max network fee').textContent())!
    const total = (await row('Total (amount + max fee)').textContent())!
    expect(fee).toMatch(/^0\.0000\d+ ETH \(\$0\.\d\d\)$/)
    expect(total).toMatch(/^0\.0010\d+ ETH \(\$3\.\d\d\)$/)
    const wei = (eth: string) => BigInt(Math.round(Number(eth.replace(/ ETH.*/, '')) * 1e18))
    const gas = BigInt((await row('Gas limit').textContent())!)
    const perGas = BigInt(Math.round(Number((await row('Max fee per gas').textContent())!.replace(' gwei', '')) * 1e9))
    expect(wei(fee)).toBe(gas * perGas)
    expect(wei(total)).toBe(wei(fee) + 10n ** 15n)
    expect(await walletFrame(page).getByRole('alert').count()).toBe(0)
    await walletFrame(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: User rejected/)
  })

  it('a Permit shows 2.5 dUSD and its deadline as a date, addresses whole with Copy, buttons in view', async () => {
    await page.evaluate((typed) => {
      ;(globalThis as { __e2eTypedData?: unknown }).__e2eTypedData = typed
    }, permit(address))
    await page.getByRole('button', { name: 'Sign typed data' }).click()
    await screen().waitFor({ timeout: 20_000 })
    await frameOnShow(page)
    expect(await walletFrame(page).getByRole('heading').textContent()).toBe('Sign typed data')
    expect(await field('value').locator('.plain').textContent()).toBe('2.5 dUSD')
    expect(await field('deadline').locator('.plain').textContent()).toBe('2030-01-01 00:00 UTC (1893456000)')
    expect(await field('nonce').locator('.text').textContent()).toBe('0')
    // Addresses checksummed in full, each on one line and wholly in view, with a Copy button.
    const owner = field('owner').locator('.address')
    expect(await owner.textContent()).toBe(address)
    expect(await field('spender').locator('.address').textContent()).toBe(DEMO_RECIPIENT)
    expect(await field('verifyingContract').locator('.address').textContent()).toBe(dusd.address)
    for (const shown of await walletFrame(page).locator('.address').all()) {
      const layout = await shown.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size
        return { lines, cut: el.scrollWidth > el.clientWidth }
      })
      expect(layout).toEqual({ lines: 1, cut: false })
    }
    const copy = field('owner').getByRole('button', { name: `Copy address ${address}` })
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe('Copied')
    await context.grantPermissions(['clipboard-read'], { origin: urls.demo })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    // Reject and Approve stay in view below the request, however long it is.
    const frameBox = (await page.locator('iframe[data-oriel-frame]').boundingBox())!
    for (const name of ['Reject', 'Approve']) {
      const box = (await walletFrame(page).getByRole('button', { name }).boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(frameBox.y)
      expect(box.y + box.height).toBeLessThanOrEqual(frameBox.y + frameBox.height)
    }
    await approvalShown()
    await approveButton().click()
    const signature = (await page.getByTestId('demo-typed-signature').textContent({ timeout: 20_000 })) as Hex
    const typed = permit(address)
    expect(
      await chain.verifyTypedData({
        address,
        signature,
        domain: { ...typed.domain, verifyingContract: dusd.address },
        types: { Permit: typed.types.Permit },
        primaryType: 'Permit',
        message: { owner: address, spender: DEMO_RECIPIENT, value: 2_500_000n, nonce: 0n, deadline: 1_893_456_000n },
      }),
    ).toBe(true)
  })
})
