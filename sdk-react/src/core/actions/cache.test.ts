import { describe, expect, it, vi } from 'vitest'
import { freshEachTest, createTestClient as setup } from '../../test/testClient'
import { connectOtp } from '../embedded/actions/connectOtp'
import { getAccount, watchAccount } from './getAccount'

describe('getX / watchX', () => {
  freshEachTest()

  it('getX gives the same object until its inputs change, per client', async () => {
    const { client } = setup()
    const other = setup().client
    const first = getAccount(client)
    expect(getAccount(client)).toBe(first)
    expect(getAccount(other)).not.toBe(first)
    expect(getAccount(other)).toEqual(first)
    await connectOtp(client, { otp: '123456' })
    const connected = getAccount(client)
    expect(connected).not.toBe(first)
    expect(connected).toMatchObject({ status: 'connected', isConnected: true, email: 'ada@example.com' })
    expect(getAccount(client)).toBe(connected)
  })

  it('watchX calls onChange with the next and previous value on each change, until unsubscribed', async () => {
    const { client } = setup()
    const onChange = vi.fn()
    const stop = watchAccount(client, { onChange })
    client.modal.open()
    expect(onChange).not.toHaveBeenCalled()
    await connectOtp(client, { otp: '123456' })
    expect(onChange.mock.calls.map(([next, previous]) => [previous.status, next.status])).toEqual([
      ['disconnected', 'connecting'],
      ['connecting', 'connected'],
    ])
    stop()
    client.account.setState({ status: 'disconnected' })
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})
