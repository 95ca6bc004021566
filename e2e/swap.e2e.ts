// Swap, end to end, against the devnet's Uniswap V2 through frame-host's convert API: the
// embedded wallet, logged in by email and funded from the devnet faucet, swaps 0.1 ETH for dUSD
// (6 decimals) with the approval in the frame, and receives exactly what the pool's
// constant-product formula pays at the reserves it swapped against, at least the minimum the
// view quoted. Selling dUSD for ETH needs the router's allowance: "Approve dUSD" comes first,
// then "Swap". The frame's approval screen sums each up in one line ("Swap 0.1 ETH for at least
// … dUSD", "Allow the swap router to spend up to 10 dUSD"), and Activity lists both swaps with
// what left and what arrived. A network without an exchange says 'Network not supported for Swaps'.
import { DEVNET_ACCOUNT } from '@oriel/stack/wallets'
import { openAccount, switchNetwork, walletFrame } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatUnits, http, parseAbi, parseEther, parseUnits, type Hex } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { approvalShown } from './support/approval'
import { connectTestWallet, loggedInDemo } from './support/fixtures'
import { seriousViolations } from './support/axe'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })
const email = `swapper+${Date.now()}@example.com`
const dusd = contracts.tokens.find((t) => t.symbol === 'dUSD')!
const dev = contracts.tokens.find((t) => t.symbol === 'DEV')!
const { router, weth } = contracts.uniswapV2
const pairOf = (symbol: string) => contracts.uniswapV2.pairs.find((p) => p.symbol === symbol)!.pair
const PAIR_ABI = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
const demo = loggedInDemo(email)
let page: Page
let address: Hex
/** What the two embedded-wallet swaps received: dUSD for the ETH, ETH for the dUSD. */
const swapped = { bought: 0n, sold: 0n }

beforeAll(() => {
  page = demo.page
  address = demo.address
})

const dialog = () => page.getByRole('dialog')
const swapView = () => dialog().locator('[data-view="Swap"]')
const approveButton = () => walletFrame(page).getByRole('button', { name: 'Approve' })
const balanceOf = (token: Hex, owner: Hex) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const dusdOf = (owner: Hex) => balanceOf(dusd.address, owner)

/** Waits for the frame's approval screen (see `approvalShown`); returns its text in lower case. */
const approvalText = async () => (await approvalShown(page)).toLowerCase()

/** The token's pool against WETH, its reserves now: `[wethReserve, tokenReserve]`. */
async function reserves(symbol = 'dUSD'): Promise<[bigint, bigint]> {
  const pair = pairOf(symbol)
  const [r0, r1] = await chain.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' })
  const token0 = await chain.readContract({ address: pair, abi: PAIR_ABI, functionName: 'token0' })
  return token0.toLowerCase() === weth.toLowerCase() ? [r0, r1] : [r1, r0]
}

/** Uniswap V2's `getAmountOut`: what a pool with these reserves pays for `amountIn`, its 0.3% fee taken. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

/** The least a swap paying `toAmount` may pay at the default 1% slippage (frame-host's toAmountMin). */
const atLeast = (toAmount: bigint) => (toAmount * 99n) / 100n

/** Whole tokens as the view shows a swap amount: at most 6 decimals, cut. */
function shown(value: bigint, decimals: number) {
  const digits = value.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(-decimals).slice(0, 6).replace(/0+$/, '')
  return `${digits.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`
}

/** Waits for the live quote of the amount typed, and returns the minimum it shows in base units. */
async function quotedMinimum(symbol: string, decimals: number, button: string) {
  const view = swapView()
  await expect.poll(() => view.getByTestId('swap-minimum').textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^\\d+(\\.\\d+)? ${symbol}$`))
  await expect.poll(() => view.getByRole('button', { name: button, exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true)
  expect(await view.getByTestId('swap-fee').textContent()).toMatch(/^~0\.\d+ ETH/)
  const text = (await view.getByTestId('swap-minimum').textContent())!
  return parseUnits(text.split(' ')[0]!, decimals)
}

describe('Swap from the embedded wallet', () => {
  it("says 'Network not supported for Swaps' on Ethereum, where frame-host has no exchange", async () => {
    // The login closed the modal (spec §2: its next open shows Account).
    await dialog().waitFor({ state: 'detached' })
    await openAccount(page)
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => swapView().getByRole('alert').textContent()).toBe('Network not supported for Swaps')
    await dialog().getByRole('button', { name: 'Back' }).click()
  })

  it('swaps 0.1 ETH for dUSD: the wallet receives what the pool math pays, at least the quoted minimum', async () => {
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await page.getByTestId('fund-wallet').click()
    await expect.poll(() => page.getByTestId('fund-result').textContent(), { timeout: 30_000 }).toMatch(/Sent 10 ETH, 1000 dUSD/)
    await switchNetwork(page, 'Local Devnet')
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('10.000 ETH')

    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    const view = swapView()
    await view.getByRole('button', { name: /^ETH\s*, change token$/ }).waitFor()
    await view.getByRole('button', { name: 'Select token' }).click()
    await view.getByRole('searchbox', { name: 'Search tokens' }).fill('dusd')
    await view.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /^Devnet Dollar/ }).click()
    await view.getByLabel('You pay').fill('0.1')
    const minimum = await quotedMinimum('dUSD', 6, 'Swap')
    expect(await seriousViolations(page)).toEqual([])
    const before = await dusdOf(address)

    await view.getByRole('button', { name: 'Swap', exact: true }).click()
    const screen = await approvalText()
    expect(screen).toContain(router.toLowerCase())
    // The pool as the swap will find it: nothing else trades on the devnet meanwhile.
    const [wethReserve, dusdReserve] = await reserves()
    const least = formatUnits(atLeast(amountOut(parseEther('0.1'), wethReserve, dusdReserve)), 6)
    expect(screen).toContain(`swap 0.1 eth for at least ${least} dusd`)
    await approveButton().click()
    const done = view.getByTestId('swap-done')
    await done.waitFor({ timeout: 30_000 })

    const received = (await dusdOf(address)) - before
    swapped.bought = received
    expect(received).toBe(amountOut(parseEther('0.1'), wethReserve, dusdReserve))
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(await done.textContent()).toBe(`Swapped 0.1 ETH for ${shown(received, 6)} dUSD`)
    await expect.poll(() => view.getByTestId('swap-balance').textContent(), { timeout: 20_000 }).toBe("Balance 9.90 ETH")
  })

  it('selling dUSD for ETH asks for the approval first, then swaps it', async () => {
    const view = swapView()
    await view.getByRole('button', { name: 'Switch the tokens' }).click()
    await view.getByRole('button', { name: /^dUSD\s*, change token$/ }).waitFor()
    await view.getByLabel('You pay').fill('10')
    await quotedMinimum('ETH', 18, 'Approve dUSD')
    const allowance = () => chain.readContract({ address: dusd.address, abi: erc20Abi, functionName: 'allowance', args: [address, router] })
    expect(await allowance()).toBe(0n)

    await view.getByRole('button', { name: 'Approve dUSD', exact: true }).click()
    const approval = await approvalText()
    expect(approval).toContain(dusd.address.toLowerCase())
    expect(approval).toContain('allow the swap router to spend up to 10 dusd')
    await approveButton().click()
    await expect.poll(allowance, { timeout: 30_000 }).toBe(10_000_000n)
    const minimum = await quotedMinimum('ETH', 18, 'Swap')

    const dusdBefore = await dusdOf(address)
    const ethBefore = await chain.getBalance({ address })
    await view.getByRole('button', { name: 'Swap', exact: true }).click()
    const screen = await approvalText()
    expect(screen).toContain(router.toLowerCase())
    const [wethReserve, dusdReserve] = await reserves()
    const least = formatUnits(atLeast(amountOut(10_000_000n, dusdReserve, wethReserve)), 18)
    expect(screen).toContain(`swap 10 dusd for at least ${least} eth`)
    await approveButton().click()
    const done = view.getByTestId('swap-done')
    await done.waitFor({ timeout: 30_000 })

    // The devnet mines one transaction per block: the swap is the latest block's.
    const block = await chain.getBlock({ includeTransactions: true })
    const receipt = await chain.getTransactionReceipt({ hash: block.transactions[0]!.hash })
    expect(receipt.to?.toLowerCase()).toBe(router.toLowerCase())
    const paid = receipt.gasUsed * receipt.effectiveGasPrice
    const received = (await chain.getBalance({ address })) - ethBefore + paid
    expect(received).toBe(amountOut(10_000_000n, dusdReserve, wethReserve))
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(dusdBefore - (await dusdOf(address))).toBe(10_000_000n)
    // The router used the whole allowance.
    expect(await allowance()).toBe(0n)
    expect(await done.textContent()).toBe(`Swapped 10 dUSD for ${shown(received, 18)} ETH`)
    swapped.sold = received
  })

  it('Activity lists both swaps: what left the wallet and what reached it', async () => {
    await dialog().getByRole('button', { name: 'Back' }).click()
    const tab = (name: string) => dialog().getByRole('tab', { name })
    const rows = () =>
      dialog()
        .locator('li.tx[data-operation="trade"]')
        .evaluateAll((items) => items.map((row) => `${row.querySelector('.tx-title')?.textContent} | ${row.querySelector('.tx-desc')?.textContent}`))
    // The indexer reads the devnet a moment behind: leaving the tab and coming back reads frame-host again.
    await expect
      .poll(
        async () => {
          await tab('Tokens').click()
          await tab('Activity').click()
          await dialog().getByRole('tabpanel').locator('[role="status"]').waitFor({ state: 'detached' })
          return (await rows()).length
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(2)
    const eth = (wei: bigint) => `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 3)}`
    const dusd = (units: bigint) => `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0').slice(0, 3)}`
    expect(await rows()).toEqual([
      `Swapped | 10.000 dUSD → ${eth(swapped.sold)} ETH`,
      `Swapped | 0.100 ETH → ${dusd(swapped.bought)} dUSD`,
    ])
  })
})

describe('Swap from a browser wallet (EIP-6963)', () => {
  it('swaps 0.05 ETH for DEV through its own prompt, paid as the pool math says', async () => {
    page = await connectTestWallet(demo)

    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    const view = swapView()
    await view.getByRole('button', { name: /^ETH\s*, change token$/ }).waitFor()
    await view.getByRole('button', { name: 'Select token' }).click()
    await view.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /^Devnet Token/ }).click()
    await view.getByLabel('You pay').fill('0.05')
    const minimum = await quotedMinimum('DEV', 18, 'Swap')
    const owner = DEVNET_ACCOUNT.address as Hex
    const before = await balanceOf(dev.address, owner)
    const [wethReserve, devReserve] = await reserves('DEV')
    await view.getByRole('button', { name: 'Swap', exact: true }).click()
    const done = view.getByTestId('swap-done')
    await done.waitFor({ timeout: 30_000 })
    const received = (await balanceOf(dev.address, owner)) - before
    expect(received).toBe(amountOut(parseEther('0.05'), wethReserve, devReserve))
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(await done.textContent()).toBe(`Swapped 0.05 ETH for ${shown(received, 18)} DEV`)
  })
})
