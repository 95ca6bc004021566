// Send, end to end: log in by email, fund the embedded wallet with the demo's "Fund this wallet"
// button (frame-host's devnet faucet), see the exact quantities on the Account view, then send
// 1.5 of the 6-decimals token and of the USDT-style token to fresh addresses with the approval
// in the frame, and check the receivers' balances on the devnet. A browser wallet (EIP-6963)
// sees its own balances and sends the native coin through its own prompt.
import { DEVNET_ACCOUNT } from '@oriel/stack/wallets'
import { fillSend as fillSendView, switchNetwork, walletFrame } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { approvalShown } from './support/approval'
import { connectTestWallet, loggedInDemo } from './support/fixtures'
import { seriousViolations } from './support/axe'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })
const email = `sender+${Date.now()}@example.com`
const token = (symbol: string) => contracts.tokens.find((t) => t.symbol === symbol)!
const demo = loggedInDemo(email)
let page: Page
let address: Hex

beforeAll(() => {
  page = demo.page
  address = demo.address
})

const dialog = () => page.getByRole('dialog')
const approveButton = () => walletFrame(page).getByRole('button', { name: 'Approve' })
const tokenRow = (name: string) => dialog().getByRole('listitem', { name: new RegExp(`^${name}: `) })

/** Fills the Send view: picks `tokenName`, types `amount` and `to`, and waits for the fee. */
async function fillSend(tokenName: string, amount: string, to: string) {
  const view = await fillSendView(page, { token: tokenName, amount, to })
  await expect.poll(() => view.getByTestId('send-fee').textContent(), { timeout: 10_000 }).toMatch(/^~0\.\d+ ETH/)
  return view
}

/** Sends `amount` of `symbol` to a fresh address with Approve in the frame; returns the receiver's balance. */
async function sendTokenTo(symbol: string, name: string) {
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const view = await fillSend(name, '1.5', receiver.toLowerCase())
  await view.getByRole('button', { name: 'Send', exact: true }).click()
  await approvalShown(page)
  const screen = () => walletFrame(page).locator('.screen').textContent().then((text) => text?.toLowerCase())
  await expect.poll(screen).toContain(token(symbol).address.toLowerCase())
  // The transfer's amount in the token's units, read from the token itself (decimals, symbol).
  const amount = walletFrame(page).locator('.tree li').filter({ has: walletFrame(page).locator(':scope > .key', { hasText: /^amount: $/ }) })
  expect(await amount.locator('.plain').textContent()).toBe(`1.5 ${symbol}`)
  await approveButton().click()
  await dialog().locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
  return chain.readContract({ address: token(symbol).address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
}

describe('Send from the embedded wallet', () => {
  it('"Fund this wallet" funds it, and Account shows the exact ETH and token quantities on the devnet', async () => {
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await page.getByTestId('fund-wallet').click()
    await expect
      .poll(() => page.getByTestId('fund-result').textContent(), { timeout: 30_000 })
      .toMatch(/^ ?Sent 10 ETH, 1000 dUSD, 100 DEV, 1000 dUSDT and NFT #\d+$/)
    await switchNetwork(page, 'Local Devnet')
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('10.000 ETH')
    await expect.poll(() => tokenRow('Devnet Dollar').getAttribute('aria-label')).toMatch(/^Devnet Dollar: 1000\.00 dUSD, /)
    expect(await tokenRow('Devnet Token').getAttribute('aria-label')).toMatch(/^Devnet Token: 100\.00 DEV, /)
    expect(await tokenRow('Devnet Tether').getAttribute('aria-label')).toMatch(/^Devnet Tether: 1000\.00 dUSDT, /)
    expect(await tokenRow('Ether').getAttribute('aria-label')).toMatch(/^Ether: 10\.00 ETH, /)
  })

  it('refuses more than the balance and a bad checksum in place, before any approval', async () => {
    // Hardhat's account #2 with its first letter's case flipped: still mixed case, no longer the
    // EIP-55 checksum. (A fresh random address would not do: when flipping made every letter one
    // case, as it once did, the address is a valid unchecksummed one.)
    const receiver = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const broken = '0x3c44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const view = await fillSend('Devnet Dollar', '1.5', receiver)
    await view.getByLabel('Amount', { exact: true }).fill('1000.000001')
    await expect.poll(() => view.locator('.field-error').first().textContent()).toBe('Insufficient dUSD balance')
    await view.getByLabel('To', { exact: true }).fill(broken)
    await expect.poll(() => view.getByText('Invalid address checksum').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await view.getByLabel('Amount', { exact: true }).fill('')
    await view.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => view.getByRole('alert').textContent()).toBe('An amount and receiver address are required')
    // The token picker by keyboard: focus the chip, open the list, Tab to a token, Enter picks it.
    await view.getByRole('button', { name: /, change token$/ }).focus()
    await page.keyboard.press('Enter')
    await view.getByRole('list', { name: 'Tokens you can send' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    const focusedText = () => page.evaluate(() => document.querySelector('oriel-modal')?.shadowRoot?.activeElement?.textContent)
    for (let presses = 0; presses < 6 && !(await focusedText())?.includes('Devnet Dollar'); presses++) await page.keyboard.press('Tab')
    expect(await focusedText()).toBe('DDevnet Dollar dUSD, balance 1000.00')
    await page.keyboard.press('Enter')
    await view.getByRole('button', { name: /^dUSD\s*, change token$/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog().getByRole('button', { name: 'Back' }).click()
  })

  it('Reject in the frame stays on Send with "Signature declined"', async () => {
    const view = await fillSend('Devnet Dollar', '1', privateKeyToAccount(generatePrivateKey()).address)
    await view.getByRole('button', { name: 'Send', exact: true }).click()
    await approvalShown(page)
    await walletFrame(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => dialog().locator('[data-view="Send"]').getByRole('alert').textContent()).toBe('Signature declined')
    await dialog().getByRole('button', { name: 'Back' }).click()
  })

  it('sends 1.5 dUSD (6 decimals): the receiver holds exactly 1.5 and Account shows the rest', async () => {
    expect(await sendTokenTo('dUSD', 'Devnet Dollar')).toBe(1_500_000n)
    expect(await chain.readContract({ address: token('dUSD').address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBe(998_500_000n)
    await expect.poll(() => tokenRow('Devnet Dollar').getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^Devnet Dollar: 998\.50 dUSD, /)
    // The send is Activity's first entry once frame-host's indexer has read its block; leaving the
    // tab and coming back reads frame-host again, as a user would.
    const firstEntry = () => dialog().getByRole('tabpanel').locator('li.tx').first()
    await expect
      .poll(
        async () => {
          await dialog().getByRole('tab', { name: 'Tokens', exact: true }).click()
          await dialog().getByRole('tab', { name: 'Activity', exact: true }).click()
          await dialog().getByRole('tabpanel').locator('[role="status"]').waitFor({ state: 'detached' })
          if ((await firstEntry().count()) === 0) return ''
          return [await firstEntry().locator('.tx-title').textContent(), await firstEntry().locator('.tx-desc').textContent()].join(' | ')
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Sent | -1.500 dUSD')
    await dialog().getByRole('tab', { name: 'Tokens', exact: true }).click()
  })

  it('sends 1.5 of the USDT-style token (transfer returns nothing) just the same', async () => {
    expect(await sendTokenTo('dUSDT', 'Devnet Tether')).toBe(1_500_000n)
    await expect.poll(() => tokenRow('Devnet Tether').getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^Devnet Tether: 998\.50 dUSDT, /)
  })
})

describe('Send from a browser wallet (EIP-6963)', () => {
  it('sees its own balances and sends ETH through its own prompt', async () => {
    page = await connectTestWallet(demo)

    const owner = DEVNET_ACCOUNT.address as Hex
    const dusd = await chain.readContract({ address: token('dUSD').address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect(dusd % 1_000_000n).toBe(0n)
    await expect.poll(() => tokenRow('Devnet Dollar').getAttribute('aria-label'), { timeout: 20_000 }).toMatch(
      new RegExp(`^Devnet Dollar: ${dusd / 1_000_000n}\\.00 dUSD, `),
    )
    const wei = await chain.getBalance({ address: owner })
    const unit = 10n ** 18n
    const shown = `${wei / unit}.${(((wei % unit) * 1000n) / unit).toString().padStart(3, '0')} ETH`
    await expect.poll(() => dialog().getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe(shown)

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const view = await fillSend('Ether', '0.25', receiver)
    await view.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog().locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
    expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.25'))
  })
})
