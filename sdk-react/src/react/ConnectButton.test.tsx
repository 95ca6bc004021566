import { act, fireEvent, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resetFakeFrameClient } from '../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../test/renderWithOriel'
import { stubFrameHostFetch } from '../test/balances'
import { preloadView } from './views/registry'
import { ConnectButton } from './ConnectButton'
import { connectOtp } from '../core/embedded/actions/connectOtp'
import { disconnect } from '../core/actions/disconnect'

describe('ConnectButton', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('is a "Connect Wallet" button that opens the modal', () => {
    const utils = renderWithOriel(<ConnectButton />)
    const button = utils.getByRole('button', { name: 'Connect Wallet' })
    fireEvent.click(button)
    expect(utils.client.modal.getSnapshot()).toMatchObject({ open: true, history: [{ view: 'Connect' }] })
    utils.unmount()
  })

  it('takes a label and a class name', () => {
    const utils = renderWithOriel(<ConnectButton label="Sign in" className="mine" />)
    const button = utils.getByRole('button', { name: 'Sign in' })
    expect(button.className).toBe('mine')
    expect(button.getAttribute('style')).toBeNull()
    utils.unmount()
  })

  it('shows the short address once connected and opens Account', () => {
    const utils = renderWithOriel(<ConnectButton />)
    act(() => utils.client.account.setState({ address: '0x1234567890abcdef1234567890abcdef12345678' }))
    fireEvent.click(utils.getByRole('button', { name: '0x1234…5678' }))
    expect(utils.client.modal.getSnapshot().history.at(-1)?.view).toBe('Account')
    utils.unmount()
  })

  it('follows an email login and a disconnect', async () => {
    const utils = renderWithOriel(<ConnectButton />)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    expect(utils.getByRole('button', { name: '0x1234…abcd' })).toBeTruthy()
    await act(() => disconnect(utils.client))
    expect(utils.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
    utils.unmount()
  })

  it('fetches the Account view when pointed at, so the click shows it at once, without a spinner', async () => {
    stubFrameHostFetch()
    const utils = renderWithOriel(<ConnectButton />)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    const button = utils.getByRole('button', { name: '0x1234…abcd' })
    fireEvent.pointerEnter(button)
    // What the pointer-over started; by the time a user clicks, it is in.
    await preloadView('Account')
    act(() => fireEvent.click(button))
    const modal = within(getShadowRoot() as unknown as HTMLElement)
    expect(modal.getByTestId('account-address').textContent).toBe('0x1234567890abcdef1234567890abcdef1234abcd')
    expect(modal.queryByText('Loading')).toBeNull()
    utils.unmount()
    vi.unstubAllGlobals()
  })
})
