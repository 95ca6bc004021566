import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { base, ethereum, solana } from '../../core/networks'
import { FakeFrameClient, TEST_USER } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { freshEachTest } from '../../test/testClient'

freshEachTest()
// The views load on first use: compiled here once, ahead, so that no test's wait (1 s) holds a
// first compile on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./AccountView'), import('./ReceiveView')])
})
const mounted: (() => void)[] = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
  FakeFrameClient.onCreate = undefined
  vi.restoreAllMocks()
})

/** Logs in by email (the fake frame has 1.2349 ETH) and opens the modal on Account. */
async function loggedInAccount(features = {}) {
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method) => (method === 'eth_getBalance' ? '0x11233f01d9214000' : null)
  }
  const utils = renderWithOriel(<span />, { networks: [ethereum, base, solana], features })
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui }
}

describe('Account balance and Receive', () => {
  it('shows the native balance truncated to 3 decimals with the symbol', async () => {
    const { ui } = await loggedInAccount()
    await vi.waitFor(() => expect(ui.getByTestId('account-balance').textContent).toBe('1.234 ETH'))
  })

  it('Receive shows the address as QR code and text, copies it, lists the namespace networks; Back returns', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { ui } = await loggedInAccount()
    fireEvent.click(ui.getByRole('button', { name: 'Receive' }))
    expect(await ui.findByRole('heading', { name: 'Receive' })).toBeTruthy()
    const qr = await ui.findByRole('img', { name: `QR code of the address ${TEST_USER.address}` })
    expect(qr.closest('[data-testid="receive-qr"]')?.getAttribute('data-uri')).toBe(TEST_USER.address)
    expect(ui.getByTestId('receive-address').textContent).toBe(TEST_USER.address)
    const networks = within(ui.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(networks).toEqual(['Ethereum', 'Base'])
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }))
    expect(writeText).toHaveBeenCalledWith(TEST_USER.address)
    expect((await ui.findByRole('status')).textContent).toBe('Address copied')
    fireEvent.click(ui.getByRole('button', { name: 'Back' }))
    expect(await ui.findByRole('heading', { name: 'Account' })).toBeTruthy()
  })

  it('hides Receive when the receive feature is off', async () => {
    const { ui } = await loggedInAccount({ receive: false })
    expect(ui.queryByRole('button', { name: 'Receive' })).toBeNull()
  })
})
