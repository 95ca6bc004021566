import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameRequestError } from '../../core/frame/errors'
import { FakeFrameClient, TEST_USER, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'

const connectOtp = vi.fn(async (_otp: string) => {})
const connectEmail = vi.fn(async (_email: string) => ({ action: 'VERIFY_OTP' as 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' }))

function openOtp() {
  const utils = renderWithOriel(null)
  act(() => {
    utils.client.modal.open()
    utils.client.modal.push('EmailVerifyOtp', { email: 'ada@example.com' })
  })
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  return { ...utils, ui }
}

describe('EmailVerifyOtp view', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
    connectOtp.mockReset()
    connectEmail.mockClear()
    FakeFrameClient.onCreate = (fake) => {
      connectOtp.mockImplementation(async () => {
        fake.connected = true
      })
      // The frame's answer to the code is the user; `connectOtp` records the code and may fail.
      fake.connectOtp = async (otp, chainId, preferredAccountType) => {
        await connectOtp(otp)
        return fake.answerUser(chainId, preferredAccountType)
      }
      fake.connectEmail = connectEmail
    }
  })
  afterEach(() => unmount())

  it('asks for the code sent to the email, in one numeric one-time-code field', async () => {
    const { ui, ...utils } = openOtp()
    unmount = utils.unmount
    expect(ui.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy()
    const input = await ui.findByRole('textbox', { name: 'Code' })
    expect(ui.getByText(/Enter the 6-digit code sent to/).textContent).toBe('Enter the 6-digit code sent to ada@example.com')
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
  })

  it('submits by itself at 6 digits, connects the account, caches the login and closes', async () => {
    localStorage.setItem('@oriel/embedded/last_email_login_time', '1')
    const { ui, client, ...utils } = openOtp()
    unmount = utils.unmount
    const input = await ui.findByRole('textbox', { name: 'Code' })
    fireEvent.change(input, { target: { value: '12345' } })
    expect(connectOtp).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '123456' } })
    await vi.waitFor(() => expect(connectOtp).toHaveBeenCalledWith('123456'))
    expect(connectOtp).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    expect(client.account.getSnapshot()).toMatchObject({
      status: 'connected',
      address: TEST_USER.address,
      caipAddress: `eip155:1:${TEST_USER.address}`,
      namespace: 'eip155',
      connectorId: 'AUTH',
    })
    expect(localStorage.getItem('@oriel/embedded/login_used')).toBe('true')
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('ada@example.com')
    expect(localStorage.getItem('@oriel/embedded/last_email_login_time')).toBeNull()
    act(() => client.modal.open())
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Account')
  })

  it('accepts a pasted code with other characters', async () => {
    const { ui, ...utils } = openOtp()
    unmount = utils.unmount
    fireEvent.change(await ui.findByRole('textbox', { name: 'Code' }), { target: { value: 'Code: 123 456' } })
    await vi.waitFor(() => expect(connectOtp).toHaveBeenCalledWith('123456'))
  })

  it('shows the frame error for a wrong code, stays, and sends again on Enter', async () => {
    connectOtp.mockImplementationOnce(async () => {
      throw new FrameRequestError({ code: 'Unauthorized', message: 'Invalid code', request: 'ConnectOtp' })
    })
    const { ui, client, ...utils } = openOtp()
    unmount = utils.unmount
    const input = (await ui.findByRole('textbox', { name: 'Code' })) as HTMLInputElement
    fireEvent.change(input, { target: { value: '000000' } })
    expect((await ui.findByRole('alert')).textContent).toBe('Invalid code')
    expect(client.account.getSnapshot().status).toBe('disconnected')
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('EmailVerifyOtp')
    expect(localStorage.getItem('@oriel/embedded/login_used')).toBeNull()
    await vi.waitFor(() => expect(input.readOnly).toBe(false))
    expect(input.value).toBe('000000')
    fireEvent.submit(input)
    await vi.waitFor(() => expect(connectOtp).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'))
  })

  it('shakes on Enter with fewer than 6 digits', async () => {
    const { ui, client, ...utils } = openOtp()
    unmount = utils.unmount
    const input = await ui.findByRole('textbox', { name: 'Code' })
    fireEvent.change(input, { target: { value: '123' } })
    fireEvent.submit(input)
    expect(client.modal.getSnapshot().shake).toBe(true)
    expect(connectOtp).not.toHaveBeenCalled()
  })

  it('resends the code, then counts the 30 s throttle down on a disabled "Resend in N s"', async () => {
    const { ui, ...utils } = openOtp()
    unmount = utils.unmount
    fireEvent.click(await ui.findByRole('button', { name: 'Resend code' }))
    expect((await ui.findByRole('status')).textContent).toBe('A new code is on its way to ada@example.com')
    expect(connectEmail).toHaveBeenCalledWith('ada@example.com')
    const button = (await ui.findByRole('button', { name: /^Resend in \d+ s$/ })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.textContent).toBe('Resend in 30 s')
    await vi.waitFor(() => expect(button.textContent).toBe('Resend in 29 s'), { timeout: 2_500 })
    expect(connectEmail).toHaveBeenCalledTimes(1)
  })

  it('a wrong code stays under the field until the code changes', async () => {
    connectOtp.mockImplementationOnce(async () => {
      throw new FrameRequestError({ code: 'Unauthorized', message: 'Invalid code', request: 'ConnectOtp' })
    })
    const { ui, ...utils } = openOtp()
    unmount = utils.unmount
    const input = (await ui.findByRole('textbox', { name: 'Code' })) as HTMLInputElement
    fireEvent.change(input, { target: { value: '000000' } })
    const error = await ui.findByRole('alert')
    expect(error.textContent).toBe('Invalid code')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe(error.id)
    await vi.waitFor(() => expect(input.readOnly).toBe(false))
    fireEvent.change(input, { target: { value: '00000' } })
    expect(ui.queryByRole('alert')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBe('false')
  })

  it("shows frame-host's throttle message", async () => {
    connectEmail.mockRejectedValueOnce(
      new FrameRequestError({ code: 'Throttled', message: 'Please try again after 12 seconds', request: 'ConnectEmail' }),
    )
    const { ui, ...utils } = openOtp()
    unmount = utils.unmount
    fireEvent.click(await ui.findByRole('button', { name: 'Resend code' }))
    expect((await ui.findByRole('alert')).textContent).toBe('Please try again after 12 seconds')
  })
})
