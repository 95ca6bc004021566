import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameRequestError } from '../../core/frame/errors'
import { FakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { stubFrameHostFetch } from '../../test/balances'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { preloadView } from './registry'

const updateEmail = vi.fn(async (_email: string) => ({ action: 'VERIFY_PRIMARY_OTP' as 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }))
const updateEmailPrimaryOtp = vi.fn(async (_otp: string) => {})
const updateEmailSecondaryOtp = vi.fn(async (_otp: string) => ({ newEmail: 'grace@example.com' }))

/** Logs in through the (fake) frame, opens Account, then Update email. */
async function openUpdateEmail() {
  const utils = renderWithOriel(<ConnectButton />)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  fireEvent.click(await ui.findByRole('button', { name: 'Update email' }))
  const input = await ui.findByRole('textbox', { name: 'New email' })
  return { ...utils, ui, input }
}

describe('UpdateEmail view', () => {
  let unmount = () => {}
  // The two views' code is loaded once, before the timed steps (as a page that fetched them on
  // pointer-over): the first test then waits on rendering, not on compiling modules.
  beforeAll(() => Promise.all([preloadView('Account'), preloadView('UpdateEmail')]))
  beforeEach(() => {
    // frame-host's balance route answers the Account view's Tokens list.
    stubFrameHostFetch()
    resetFakeFrameClient()
    localStorage.clear()
    updateEmail.mockClear()
    updateEmailPrimaryOtp.mockReset()
    updateEmailSecondaryOtp.mockClear()
    FakeFrameClient.onCreate = (fake) => {
      // The frame answers the Account view's balance read, as the real one does; a refused read
      // would put 'Action not allowed' in the snackbar in place of the update's message.
      fake.rpc = async (method) => (method === 'eth_getBalance' ? '0x14d1120d7b160000' : null)
      fake.updateEmail = updateEmail
      fake.updateEmailPrimaryOtp = updateEmailPrimaryOtp
      fake.updateEmailSecondaryOtp = updateEmailSecondaryOtp
    }
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  it('asks for the new email, then the code of the current address, then the code of the new one', async () => {
    const { ui, client, input, ...utils } = await openUpdateEmail()
    unmount = utils.unmount
    expect(ui.getByRole('heading', { name: 'Update Email' })).toBeTruthy()
    expect(ui.queryByRole('button', { name: 'Continue' })).toBeNull()
    fireEvent.change(input, { target: { value: 'grace@example.com' } })
    fireEvent.click(ui.getByRole('button', { name: 'Continue' }))
    await vi.waitFor(() => expect(updateEmail).toHaveBeenCalledWith('grace@example.com'))

    const primary = await ui.findByRole('textbox', { name: 'Code' })
    expect(ui.getByText(/code sent to your current email/).textContent).toBe(
      'Enter the 6-digit code sent to your current email ada@example.com',
    )
    fireEvent.change(primary, { target: { value: '111111' } })
    await vi.waitFor(() => expect(updateEmailPrimaryOtp).toHaveBeenCalledWith('111111'))

    await ui.findByText(/code sent to your new email/)
    expect(ui.getByText(/code sent to your new email/).textContent).toBe(
      'Enter the 6-digit code sent to your new email grace@example.com',
    )
    const secondary = ui.getByRole('textbox', { name: 'Code' }) as HTMLInputElement
    expect(secondary.value).toBe('')
    fireEvent.change(secondary, { target: { value: '222222' } })
    await vi.waitFor(() => expect(updateEmailSecondaryOtp).toHaveBeenCalledWith('222222'))

    // Back on Account, which shows the new email.
    await ui.findByRole('button', { name: 'Disconnect' })
    expect(ui.getByTestId('account-email').textContent).toBe('grace@example.com')
    expect(client.account.getSnapshot().user?.email).toBe('grace@example.com')
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('grace@example.com')
    expect((await ui.findByRole('status')).textContent).toBe('Email updated to grace@example.com')
  })

  it('does not send an invalid email', async () => {
    const { client, input, ...utils } = await openUpdateEmail()
    unmount = utils.unmount
    const shake = vi.spyOn(client.modal, 'shake')
    fireEvent.change(input, { target: { value: 'grace@example' } })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.submit(input.closest('form')!)
    expect(shake).toHaveBeenCalled()
    expect(updateEmail).not.toHaveBeenCalled()
  })

  it("shows the frame's error in the snackbar and stays on the step", async () => {
    updateEmailPrimaryOtp.mockImplementationOnce(async () => {
      throw new FrameRequestError({ code: 'Unauthorized', message: 'Invalid code', request: 'UpdateEmailPrimaryOtp' })
    })
    const { ui, input, ...utils } = await openUpdateEmail()
    unmount = utils.unmount
    fireEvent.change(input, { target: { value: 'grace@example.com' } })
    fireEvent.submit(input.closest('form')!)
    const code = await ui.findByRole('textbox', { name: 'Code' })
    fireEvent.change(code, { target: { value: '000000' } })
    expect((await ui.findByRole('alert')).textContent).toBe('Invalid code')
    expect(ui.getByText(/code sent to your current email/)).toBeTruthy()
    fireEvent.submit(code.closest('form')!)
    await vi.waitFor(() => expect(updateEmailPrimaryOtp).toHaveBeenCalledTimes(2))
    await ui.findByText(/code sent to your new email/)
  })

  it('shows an error of the start step, such as an email in use', async () => {
    updateEmail.mockImplementationOnce(async () => {
      throw new FrameRequestError({ code: 'Internal', message: 'Email already in use', request: 'UpdateEmail' })
    })
    const { ui, input, ...utils } = await openUpdateEmail()
    unmount = utils.unmount
    fireEvent.change(input, { target: { value: 'taken@example.com' } })
    fireEvent.submit(input.closest('form')!)
    expect((await ui.findByRole('alert')).textContent).toBe('Email already in use')
    expect(ui.getByRole('textbox', { name: 'New email' })).toBeTruthy()
  })
})
