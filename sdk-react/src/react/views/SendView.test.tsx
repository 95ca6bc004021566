import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { ethereum } from '../../core/networks'
import { getSendStore } from '../../core/send/sendStore'
import { stubFrameHostFetch } from '../../test/balances'
import { SUFFIX, stubNamesFetch } from '../../test/names'
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

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The fake frame's chain: 1.5 ETH, 21000 gas, base fee 1 wei, priority fee 1 wei. */
const CHAIN: Record<string, unknown> = {
  eth_getBalance: '0x14d1120d7b160000',
  eth_estimateGas: '0x5208',
  eth_getBlockByNumber: { baseFeePerGas: '0x1' },
  eth_maxPriorityFeePerGas: '0x1',
}

/** Logs in by email with the balance list of test/balances.ts and opens Account. */
async function loggedInAccount(features = {}) {
  stubFrameHostFetch()
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method) => {
      if (!(method in CHAIN)) throw new Error(`unexpected ${method}`)
      return CHAIN[method]
    }
  }
  const utils = renderWithOriel(<span />, { networks: [ethereum], features })
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui }
}

async function openSend() {
  const utils = await loggedInAccount()
  const { ui } = utils
  const buttons = ui.getAllByRole('button').map((b) => b.textContent)
  expect(buttons.indexOf('Send')).toBe(buttons.indexOf('Receive') + 1)
  fireEvent.click(ui.getByRole('button', { name: 'Send' }))
  expect(await ui.findByRole('heading', { name: 'Send' })).toBeTruthy()
  return utils
}

describe('Send view', () => {
  it('is reached from Account after Receive, and hidden when the send feature is off', async () => {
    await openSend()
    for (const unmount of mounted.splice(0)) unmount()
    const { ui } = await loggedInAccount({ send: false })
    expect(ui.queryByRole('button', { name: 'Send' })).toBeNull()
  })

  it('picks a token from the balance list and shows balance, USD value and the field checks in place', async () => {
    const { ui } = await openSend()
    const list = await ui.findByRole('list', { name: 'Tokens you can send' })
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['EEther ETH, balance 1.50', 'USD Coin USDC, balance 12.34'])
    fireEvent.click(within(list).getByRole('button', { name: /^USD Coin/ }))
    expect(ui.queryByRole('list', { name: 'Tokens you can send' })).toBeNull()
    expect(ui.getByRole('button', { name: 'USDC, change token' }).getAttribute('aria-expanded')).toBe('false')
    expect(ui.getByTestId('send-balance').textContent).toBe('Balance 12.34 USDC')
    const amount = ui.getByLabelText('Amount')
    fireEvent.change(amount, { target: { value: '1,5' } })
    expect((amount as HTMLInputElement).value).toBe('1.5')
    expect(ui.getByTestId('send-usd').textContent).toBe('$1.50')
    fireEvent.change(amount, { target: { value: '13' } })
    expect(ui.getByText('Insufficient USDC balance')).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(amount, { target: { value: '0.0000001' } })
    expect(ui.getByText('Invalid amount: this token has at most 6 decimals')).toBeTruthy()
    const to = ui.getByLabelText('To')
    fireEvent.change(to, { target: { value: TO.replace('C51', 'c51') } })
    expect(ui.getByText('Invalid address checksum')).toBeTruthy()
    fireEvent.change(to, { target: { value: TO.toLowerCase() } })
    expect(ui.queryByText(/Invalid address/)).toBeNull()
    fireEvent.click(ui.getByRole('button', { name: 'Max' }))
    await vi.waitFor(() => expect((amount as HTMLInputElement).value).toBe('12.345'))
  })

  it('shows the network fee before sending, and Max leaves room for it on the native coin', async () => {
    const { ui } = await openSend()
    fireEvent.click(await ui.findByRole('button', { name: /^Ether/ }))
    fireEvent.change(ui.getByLabelText('To'), { target: { value: TO } })
    fireEvent.click(ui.getByRole('button', { name: 'Max' }))
    // 1.5 ETH − 21000 gas × (2 × 1 + 1) wei.
    await vi.waitFor(() => expect((ui.getByLabelText('Amount') as HTMLInputElement).value).toBe('1.499999999999937'))
    // Expected fee: 21000 × (1 + 1) wei.
    await vi.waitFor(() => expect(ui.getByTestId('send-fee').textContent).toBe('~0.000000000000042 ETH ($0.00)'), { timeout: 3_000 })
  })

  it("says what is missing on Send with the spec's texts", async () => {
    const { ui } = await openSend()
    fireEvent.click(ui.getByRole('button', { name: 'Send' }))
    expect((await ui.findByRole('alert')).textContent).toBe('A token is required')
    fireEvent.click(ui.getByRole('button', { name: /^USD Coin/ }))
    fireEvent.click(ui.getByRole('button', { name: 'Send' }))
    await vi.waitFor(() => expect(ui.getByRole('alert').textContent).toBe('An amount and receiver address are required'))
  })

  it("shows 'Unsupported chain' outside eip155 and solana", async () => {
    const { ui, client } = await openSend()
    act(() => client.account.setState({ namespace: 'bip122' }))
    expect((await ui.findByRole('alert')).textContent).toBe('Unsupported chain')
  })
})

describe('Send view: a name as receiver', () => {
  it('shows the address a name resolves to with its image, and estimates the fee for that address', async () => {
    const { ui, client } = await openSend()
    const names = stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: TO, coinType: 60, avatar: 'https://img.test/bob.png' }])
    fireEvent.click(await ui.findByRole('button', { name: /^Ether/ }))
    fireEvent.change(ui.getByLabelText('Amount'), { target: { value: '0.1' } })
    const to = ui.getByLabelText('To')
    expect(to.getAttribute('placeholder')).toBe('0x… address or name')
    for (const value of ['bob', 'bobby.', `Bobby.${SUFFIX}`]) fireEvent.change(to, { target: { value } })
    expect((await ui.findByRole('status')).textContent).toBe(`Resolving bobby.${SUFFIX}`)
    await vi.waitFor(() => expect(ui.getByTestId('send-receiver-address').textContent).toBe(TO))
    expect(ui.getByTestId('send-receiver-profile').textContent).toBe(`bobby.${SUFFIX}`)
    expect(ui.getByTestId('send-receiver-name').querySelector('img')?.getAttribute('src')).toBe('https://img.test/bob.png')
    expect(names.requests.filter((r) => r.path.startsWith('/v1/profile/account/')).map((r) => r.path)).toEqual([`/v1/profile/account/bobby.${SUFFIX}`])
    expect(getSendStore(client).getSnapshot().receiverName).toMatchObject({ status: 'resolved', address: TO })
    const frame = FakeFrameClient.instances[0]!
    await vi.waitFor(() => expect(frame.rpcCalls.some((c) => c.method === 'eth_estimateGas' && JSON.stringify(c.params).includes(TO))).toBe(true))
  })

  it("says 'Error resolving name' for a name that does not resolve, in place and on Send", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { ui } = await openSend()
    stubNamesFetch()
    fireEvent.click(await ui.findByRole('button', { name: /^Ether/ }))
    fireEvent.change(ui.getByLabelText('Amount'), { target: { value: '0.1' } })
    fireEvent.change(ui.getByLabelText('To'), { target: { value: `nobody.${SUFFIX}` } })
    expect(await ui.findByText('Error resolving name')).toBeTruthy()
    expect(ui.getByLabelText('To').getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(ui.getByRole('button', { name: 'Send' }))
    await vi.waitFor(() => expect(ui.getByRole('alert').textContent).toBe('Error resolving name'))
  })
})
