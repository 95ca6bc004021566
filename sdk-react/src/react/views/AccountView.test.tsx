import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubFrameHostFetch } from '../../test/balances'
import { FrameRequestError } from '../../core/frame/errors'
import { FakeFrameClient, TEST_USER, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { preloadView } from './registry'

/** Logs in through the (fake) frame, then opens the modal on Account from the ConnectButton. */
async function openAccount() {
  const utils = renderWithOriel(<ConnectButton />)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  localStorage.setItem('@oriel/connected_social_username', 'ada')
  fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui, frame: FakeFrameClient.instances[0]! }
}

describe('Account view', () => {
  let unmount = () => {}
  // The view's chunk loads before the tests, so a test's waits measure the view, not the load.
  beforeAll(() => preloadView('Account'))
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
    // frame-host's balance route answers the Tokens list.
    stubFrameHostFetch()
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows the address (short and in full), the email and the network', async () => {
    const { ui, ...utils } = await openAccount()
    unmount = utils.unmount
    expect(ui.getByRole('heading', { name: 'Account' })).toBeTruthy()
    expect(ui.getByText('0x1234…abcd')).toBeTruthy()
    expect(ui.getByTestId('account-address').textContent).toBe(TEST_USER.address)
    // Cut in the middle (keeping the domain) where it does not fit; whole on hover and for screen readers.
    expect(ui.getByTestId('account-email').textContent).toBe('ada@example.com')
    expect(ui.getByTestId('account-email').getAttribute('title')).toBe('ada@example.com')
    expect(ui.getByText('Ethereum')).toBeTruthy()
  })

  it('shows the social login (provider and username) and offers no action a social account without an email cannot do', async () => {
    // As a Google login without an email leaves it: the provider kept by its flow, the frame's user.
    localStorage.setItem('@oriel/connected_social_provider', 'google')
    FakeFrameClient.onCreate = (fake) => {
      fake.user = fake.socialUser
    }
    const { ui, client, ...utils } = await openAccount()
    unmount = utils.unmount
    expect(client.account.getSnapshot().socialProvider).toBe('google')
    expect(ui.getByTestId('account-social').textContent).toBe('Google · ada')
    expect(ui.queryByTestId('account-email')).toBeNull()
    expect(ui.queryByRole('button', { name: 'Export recovery phrase' })).toBeNull()
    expect(ui.queryByRole('button', { name: 'Update email' })).toBeNull()
    expect(ui.getByRole('button', { name: 'Disconnect' })).toBeTruthy()
  })

  it('an email login shows no social login and offers export', async () => {
    const { ui, ...utils } = await openAccount()
    unmount = utils.unmount
    expect(ui.queryByTestId('account-social')).toBeNull()
    expect(ui.getByRole('button', { name: 'Export recovery phrase' })).toBeTruthy()
  })

  it('copies the address', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { ui, ...utils } = await openAccount()
    unmount = utils.unmount
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }))
    expect(writeText).toHaveBeenCalledWith(TEST_USER.address)
    expect((await ui.findByRole('status')).textContent).toBe('Address copied')
  })

  it('disconnects: signs out, resets the account, clears the cached login and closes', async () => {
    const { ui, client, frame, ...utils } = await openAccount()
    unmount = utils.unmount
    const signOut = vi.spyOn(frame, 'signOut')
    expect(localStorage.getItem('@oriel/embedded/last_used_chain_id')).toBe('eip155:1')
    fireEvent.click(ui.getByRole('button', { name: 'Disconnect' }))
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(client.account.getSnapshot()).toMatchObject({ status: 'disconnected', address: undefined, caipAddress: undefined })
    for (const key of [
      '@oriel/embedded/login_used',
      '@oriel/embedded/email',
      '@oriel/embedded/last_used_chain_id',
      '@oriel/connected_social_provider',
      '@oriel/connected_social_username',
      '@oriel/connected_connector_id',
    ]) {
      expect(localStorage.getItem(key), key).toBeNull()
    }
    expect(utils.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('shows "Failed to disconnect" and reports the error when signing out fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { ui, client, frame, ...utils } = await openAccount()
    unmount = utils.unmount
    frame.signOut = async () => {
      throw new FrameRequestError({ code: 'Unavailable', message: 'frame-host is down', request: 'SignOut' })
    }
    fireEvent.click(ui.getByRole('button', { name: 'Disconnect' }))
    expect((await ui.findByRole('alert')).textContent).toBe('Failed to disconnect')
    expect(consoleError).toHaveBeenCalledWith('oriel: DISCONNECT_ERROR', expect.objectContaining({ name: 'DisconnectError' }))
    expect(client.account.getSnapshot().status).toBe('connected')
    expect(localStorage.getItem('@oriel/embedded/login_used')).toBe('true')
  })
})
