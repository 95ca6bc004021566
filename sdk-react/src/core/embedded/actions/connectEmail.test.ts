import { describe, expect, it } from 'vitest'
import { createTestClient as setup, freshEachTest } from '../../../test/testClient'
import { EmailLoginThrottledError, InvalidEmailError } from '../../errors/auth'
import { connectEmail } from './connectEmail'
import { connectOtp } from './connectOtp'

describe('connectEmail', () => {
  freshEachTest()

  it('connectEmail validates, calls the frame and throttles for 30 s', async () => {
    let time = 1_000_000
    const { client } = setup({}, () => time)
    await expect(connectEmail(client, { email: 'nope' })).rejects.toBeInstanceOf(InvalidEmailError)
    await expect(connectEmail(client, { email: ' ada@example.com ' })).resolves.toEqual({ action: 'VERIFY_OTP', email: 'ada@example.com' })
    time += 12_400
    const error = await connectEmail(client, { email: 'ada@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailLoginThrottledError)
    expect((error as EmailLoginThrottledError).shortMessage).toBe('Please try again after 18 seconds')
    time += 17_600
    await expect(connectEmail(client, { email: 'ada@example.com' })).resolves.toMatchObject({ action: 'VERIFY_OTP' })
  })

  it('keeps the throttle in localStorage across clients, and a login clears it', async () => {
    const time = 1_000_000
    await connectEmail(setup({}, () => time).client, { email: 'ada@example.com' })
    expect(localStorage.getItem('@oriel/embedded/last_email_login_time')).toBe('1000000')
    const { client } = setup({}, () => time + 5_000)
    await expect(connectEmail(client, { email: 'ada@example.com' })).rejects.toBeInstanceOf(EmailLoginThrottledError)
    await connectOtp(client, { otp: '123456' })
    expect(localStorage.getItem('@oriel/embedded/last_email_login_time')).toBeNull()
    await expect(connectEmail(client, { email: 'ada@example.com' })).resolves.toMatchObject({ action: 'VERIFY_OTP' })
  })
})
