import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { ethereum } from '../../core/networks'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { CHECKOUT, OPTIONS, purchase, quoteOf, stubOnrampFetch } from '../../test/onramp'
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

const QUOTE = { timeout: 3_000 }

/** Logs in by email on Ethereum, opens Account. */
async function loggedInAccount(features = {}) {
  const onramp = stubOnrampFetch()
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async () => '0x14d1120d7b160000'
  }
  const utils = renderWithOriel(<span />, { networks: [ethereum], features })
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui, onramp }
}

async function openBuy() {
  const utils = await loggedInAccount()
  fireEvent.click(utils.ui.getByRole('button', { name: 'Buy' }))
  expect(await utils.ui.findByRole('heading', { name: 'Buy' })).toBeTruthy()
  await utils.ui.findByLabelText('You pay')
  return utils
}

const text = (ui: Awaited<ReturnType<typeof openBuy>>['ui'], testId: string) => ui.getByTestId(testId).textContent

describe('Buy view', () => {
  it('is the first of the wallet features on Account (spec §9: onramp, swaps, receive, send), off with the onramp switch', async () => {
    const { ui } = await loggedInAccount()
    const names = ui.getAllByRole('button').map((b) => b.textContent)
    const at = names.indexOf('Buy')
    expect(at).toBeGreaterThan(-1)
    expect(['Swap', 'Receive', 'Send'].map((n) => names.indexOf(n))).toEqual([at + 1, at + 2, at + 3])
    for (const unmount of mounted.splice(0)) unmount()
    const off = await loggedInAccount({ onramp: false })
    expect(off.ui.queryByRole('button', { name: 'Buy' })).toBeNull()
  })

  it("shows the provider, the method's limits and a live quote 500 ms after typing", async () => {
    const { ui, onramp } = await openBuy()
    expect(text(ui, 'buy-provider')).toBe('With Oriel Sandbox · fees 1-2%')
    expect(text(ui, 'buy-limits')).toBe('10.00 to 7,500.00 USD')
    expect(text(ui, 'buy-network')).toBe('Arrives on Ethereum')
    expect((ui.getByLabelText('You buy') as HTMLSelectElement).value).toBe('eth-id')
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '5' } })
    expect(ui.getByText('At least 10.00 USD by card')).toBeTruthy()
    expect(ui.getByRole('button', { name: 'Continue with Oriel Sandbox' }).hasAttribute('disabled')).toBe(true)
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '50' } })
    await vi.waitFor(() => expect(text(ui, 'buy-gets')).toBe('0.01638333 ETH'), QUOTE)
    expect(text(ui, 'buy-fee')).toBe('0.75 USD')
    expect(text(ui, 'buy-network-fee')).toBe('0.10 USD')
    expect(text(ui, 'buy-total')).toBe('50.00 USD')
    expect(onramp.requests.filter((r) => r.path === '/v1/onramp/quote')).toHaveLength(1)
    expect(ui.queryByTestId('buy-estimate')).toBeNull()
    fireEvent.change(ui.getByLabelText('Pay with'), { target: { value: 'ach_bank_account' } })
    expect(text(ui, 'buy-limits')).toBe('10.00 to 25,000.00 USD')
  })

  it('says so when the provider sells nothing on the network, with a way to switch', async () => {
    const utils = await loggedInAccount()
    utils.onramp.options = { ...OPTIONS, purchaseCurrencies: OPTIONS.purchaseCurrencies.filter((c) => c.symbol === 'USDC') }
    fireEvent.click(utils.ui.getByRole('button', { name: 'Buy' }))
    expect((await utils.ui.findByRole('alert')).textContent).toBe('Oriel Sandbox sells nothing on Ethereum.')
    expect(utils.ui.getByRole('button', { name: 'Continue with Oriel Sandbox' }).hasAttribute('disabled')).toBe(true)
    fireEvent.click(utils.ui.getByRole('button', { name: 'Switch network' }))
    expect(await utils.ui.findByRole('heading', { name: 'Choose Network' })).toBeTruthy()
  })

  it('labels an estimated quote and the sample options honestly', async () => {
    const utils = await loggedInAccount()
    utils.onramp.options = { ...OPTIONS, sample: true }
    utils.onramp.quote = (body) => quoteOf(body.amount, { estimated: true })
    fireEvent.click(utils.ui.getByRole('button', { name: 'Buy' }))
    const { ui } = utils
    expect((await ui.findByTestId('buy-sample')).textContent).toBe(
      'Oriel Sandbox could not be reached: these are the built-in sample options, and quotes are estimates.',
    )
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '50' } })
    await vi.waitFor(() => expect(text(ui, 'buy-gets')).toBe('≈ 0.01633333 ETH'), QUOTE)
    expect(text(ui, 'buy-network-fee')).toBe('Set at checkout')
    expect(text(ui, 'buy-estimate')).toMatch(/^Estimated quote: Oriel Sandbox did not give one/)
  })

  it('opens the checkout in a popup and follows the purchase until the ETH arrives', async () => {
    const { ui, onramp, client } = await openBuy()
    const popup = { closed: false, opener: {}, location: { replace: vi.fn() }, close: vi.fn() }
    const open = vi.fn(() => popup)
    vi.stubGlobal('open', open)
    fireEvent.change(ui.getByLabelText('You pay'), { target: { value: '50' } })
    const go = ui.getByRole('button', { name: 'Continue with Oriel Sandbox' })
    await vi.waitFor(() => expect(go.hasAttribute('disabled')).toBe(false), QUOTE)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(go)
    expect(open).toHaveBeenCalledWith('', 'oriel-onramp', 'popup,width=440,height=760')
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(CHECKOUT))
    expect(popup.opener).toBeNull()
    expect((await ui.findByTestId('buy-status')).textContent).toContain('Waiting for the payment…')
    const address = client.account.getSnapshot().address!
    onramp.purchases = [purchase('p1', 'pending', address)]
    await act(() => vi.advanceTimersByTimeAsync(4_000))
    await vi.waitFor(() => expect(text(ui, 'buy-status')).toContain('Payment received: Oriel Sandbox is sending 0.01638333 ETH…'))
    onramp.purchases = [purchase('p1', 'success', address, `0x${'33'.repeat(32)}`)]
    await act(() => vi.advanceTimersByTimeAsync(4_000))
    expect((await ui.findByTestId('buy-done')).textContent).toBe('Bought 0.01638333 ETH')
    vi.useRealTimers()
    fireEvent.click(ui.getByRole('button', { name: 'Back to account' }))
    expect(await ui.findByRole('button', { name: 'Disconnect' })).toBeTruthy()
  })
})
