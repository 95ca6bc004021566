import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { ethereum } from '../../core/networks'
import { type FakeConvert, USDC, stubConvertFetch, swapReceipt } from '../../test/convert'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { freshEachTest } from '../../test/testClient'

freshEachTest()
const mounted: (() => void)[] = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
  FakeFrameClient.onCreate = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const HASH = `0x${'cd'.repeat(32)}`
const USDC_CONTRACT = USDC.split(':')[2]!
const QUOTE = { timeout: 3_000 }

/** Logs in by email (1.5 ETH, 12.345 USDC), opens Account; transactions are mined at once, an approval raises the allowance. */
async function loggedInAccount(features = {}) {
  const convert = stubConvertFetch()
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method, params) => {
      if (method === 'eth_sendTransaction') {
        const [tx] = params as [{ to: string; data: string }]
        if (tx.data.startsWith('0x095ea7b3')) convert.allowance = BigInt(`0x${tx.data.slice(-64)}`)
        return HASH
      }
      if (method === 'eth_getTransactionReceipt') return swapReceipt(USDC_CONTRACT, 29_615_042n, { unwrapped: 4_950_000_000_000_000n })
      if (method === 'eth_getBalance') return '0x14d1120d7b160000'
      throw new Error(`unexpected ${method}`)
    }
  }
  const utils = renderWithOriel(<span />, { networks: [ethereum], features })
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui, convert }
}

async function openSwap(): Promise<Awaited<ReturnType<typeof loggedInAccount>> & { convert: FakeConvert }> {
  const utils = await loggedInAccount()
  fireEvent.click(utils.ui.getByRole('button', { name: 'Swap' }))
  expect(await utils.ui.findByRole('heading', { name: 'Swap' })).toBeTruthy()
  await utils.ui.findByLabelText('You pay')
  return utils
}

const text = (ui: Awaited<ReturnType<typeof openSwap>>['ui'], testId: string) => ui.getByTestId(testId).textContent

describe('Swap view', () => {
  it('is reached from Account before Receive and Send (spec §9 order), and hidden when the swaps feature is off', async () => {
    const { ui } = await loggedInAccount()
    const names = ui.getAllByRole('button').map((b) => b.textContent)
    expect(names.indexOf('Swap')).toBeGreaterThan(-1)
    expect([names.indexOf('Swap'), names.indexOf('Receive'), names.indexOf('Send')]).toEqual(
      [0, 1, 2].map((i) => names.indexOf('Swap') + i),
    )
    for (const unmount of mounted.splice(0)) unmount()
    const off = await loggedInAccount({ swaps: false })
    expect(off.ui.queryByRole('button', { name: 'Swap' })).toBeNull()
  })

  it('picks the token to receive with a search, then quotes 500 ms after typing: amount, rate, impact, minimum and fee', async () => {
    const { ui, convert } = await openSwap()
    expect(ui.getByRole('button', { name: 'ETH, change token' })).toBeTruthy()
    expect(text(ui, 'swap-balance')).toBe('Balance 1.50 ETH')
    fireEvent.click(ui.getByRole('button', { name: 'Select token' }))
    const list = () => ui.getByRole('list', { name: 'Tokens to receive' })
    expect(within(list()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Ether ETH, balance 1.50',
      'USD Coin USDC, balance 12.34',
      // frame-host's logo for DAI is not a URL the widget loads: its letter stands in.
      'DDai DAI, balance 0.00',
    ])
    const search = ui.getByRole('searchbox', { name: 'Search tokens' })
    fireEvent.change(search, { target: { value: 'usd' } })
    expect(within(list()).getAllByRole('button').map((b) => b.textContent)).toEqual(['USD Coin USDC, balance 12.34'])
    fireEvent.change(search, { target: { value: 'zzz' } })
    expect(ui.getByText('No token matches “zzz”.')).toBeTruthy()
    fireEvent.change(search, { target: { value: '' } })
    fireEvent.click(within(list()).getByRole('button', { name: /^USD Coin/ }))
    expect(ui.queryByRole('list', { name: 'Tokens to receive' })).toBeNull()
    expect(ui.getByRole('button', { name: 'Enter an amount' }).hasAttribute('disabled')).toBe(true)

    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '0,1' } })
    await vi.waitFor(() => expect(text(ui, 'swap-receive')).toBe('29.615042'), QUOTE)
    expect(convert.requests.filter((r) => r.path === '/v1/convert/quotes')).toHaveLength(1)
    expect(text(ui, 'swap-rate')).toBe('1 ETH = 296.1504 USDC')
    expect(text(ui, 'swap-impact')).toBe('0.33%')
    expect(text(ui, 'swap-slippage')).toBe('1%')
    expect(text(ui, 'swap-minimum')).toBe('29.318891 USDC')
    // 120000 gas × 2 gwei.
    expect(text(ui, 'swap-fee')).toBe('~0.00024 ETH')
    expect(ui.getByRole('button', { name: 'Swap' }).hasAttribute('disabled')).toBe(false)
  })

  it('the slippage tolerance (1% unless chosen) sets the minimum shown and the swap built', async () => {
    const { ui, convert } = await openSwap()
    fireEvent.click(ui.getByRole('button', { name: 'Select token' }))
    fireEvent.click(within(ui.getByRole('list', { name: 'Tokens to receive' })).getByRole('button', { name: /^USD Coin/ }))
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '0.1' } })
    await vi.waitFor(() => expect(text(ui, 'swap-minimum')).toBe('29.318891 USDC'), QUOTE)
    expect(ui.getByRole('button', { name: '1% (default)' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(ui.getByRole('button', { name: '0.5%' }))
    await vi.waitFor(() => expect(text(ui, 'swap-minimum')).toBe('29.466966 USDC'), QUOTE)
    expect(text(ui, 'swap-slippage')).toBe('0.5%')
    const custom = ui.getByLabelText('Custom slippage tolerance, percent')
    fireEvent.change(custom, { target: { value: '60' } })
    expect(ui.getByText('Enter a percentage from 0 to 50, with at most 2 decimals')).toBeTruthy()
    fireEvent.change(custom, { target: { value: '7.5' } })
    expect(ui.getByText('With 7.5% the swap may pay much less than quoted.')).toBeTruthy()
    await vi.waitFor(() => expect(text(ui, 'swap-slippage')).toBe('7.5%'), QUOTE)
    fireEvent.click(ui.getByRole('button', { name: 'Swap' }))
    await ui.findByTestId('swap-done', {}, QUOTE)
    const built = convert.requests.filter((r) => r.path === '/v1/convert/build-transaction').at(-1)
    expect((built?.body as { eip155: { slippage: string } }).eip155.slippage).toBe('7.5')
  })

  it('selling a token asks to approve it first, then swaps, and says what the swap paid', async () => {
    const { ui, convert } = await openSwap()
    fireEvent.click(ui.getByRole('button', { name: 'ETH, change token' }))
    fireEvent.click(within(ui.getByRole('list', { name: 'Tokens to pay with' })).getByRole('button', { name: /^USD Coin/ }))
    fireEvent.click(ui.getByRole('button', { name: 'Select token' }))
    fireEvent.click(within(ui.getByRole('list', { name: 'Tokens to receive' })).getByRole('button', { name: /^Ether/ }))
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '13' } })
    expect(ui.getByText('Insufficient USDC balance')).toBeTruthy()
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '1.5' } })
    const approve = await ui.findByRole('button', { name: 'Approve USDC' }, QUOTE)
    expect(text(ui, 'swap-fee')).toBe('~0.000092 ETH (approval)')
    fireEvent.click(approve)
    await vi.waitFor(() => expect(convert.allowance).toBe(1_500_000n))
    const swap = await ui.findByRole('button', { name: 'Swap' }, QUOTE)
    await vi.waitFor(() => expect(swap.hasAttribute('disabled')).toBe(false), QUOTE)
    fireEvent.click(swap)
    // What the router unwrapped and sent on, from the receipt.
    expect((await ui.findByTestId('swap-done', {}, QUOTE)).textContent).toBe('Swapped 1.5 USDC for 0.00495 ETH')
    expect((ui.getByLabelText('You pay') as HTMLInputElement).value).toBe('')
  })

  it("shows 'Network not supported for Swaps' where the network has no exchange, with a way to switch", async () => {
    const utils = await loggedInAccount()
    utils.convert.refuse = 'Network not supported for Swaps'
    fireEvent.click(utils.ui.getByRole('button', { name: 'Swap' }))
    expect((await utils.ui.findByRole('alert')).textContent).toBe('Network not supported for Swaps')
    fireEvent.click(utils.ui.getByRole('button', { name: 'Switch network' }))
    expect(await utils.ui.findByRole('heading', { name: 'Choose Network' })).toBeTruthy()
  })

  it('shows a failed quote in plain words', async () => {
    const { ui, convert } = await openSwap()
    fireEvent.click(ui.getByRole('button', { name: 'Select token' }))
    fireEvent.click(within(ui.getByRole('list', { name: 'Tokens to receive' })).getByRole('button', { name: /^Dai/ }))
    convert.refuse = 'No pool route from eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee to eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f'
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '0.1' } })
    await vi.waitFor(() => expect(text(ui, 'swap-quote-error')).toMatch(/^No pool route from /), QUOTE)
    expect(ui.getByRole('button', { name: 'Swap' }).hasAttribute('disabled')).toBe(true)
  })
})
