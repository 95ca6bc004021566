import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { TEST_USER, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { renderWithOriel } from '../../test/renderWithOriel'
import { useAccount } from './useAccount'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { disconnect } from '../../core/actions/disconnect'

function Probe({ onRender }: { onRender(value: ReturnType<typeof useAccount>): void }) {
  onRender(useAccount())
  return null
}

describe('useAccount', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('throws a named error outside the provider', () => {
    expect(() => renderHook(() => useAccount())).toThrow(OrielProviderNotFoundError)
  })

  it('follows the account through login and disconnect', async () => {
    let account!: ReturnType<typeof useAccount>
    const utils = renderWithOriel(<Probe onRender={(value) => (account = value)} />)
    expect(account).toEqual({
      address: undefined,
      caipAddress: undefined,
      status: 'disconnected',
      namespace: undefined,
      isConnected: false,
      email: undefined,
    })
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    expect(account).toEqual({
      address: TEST_USER.address,
      caipAddress: `eip155:1:${TEST_USER.address}`,
      status: 'connected',
      namespace: 'eip155',
      isConnected: true,
      email: 'ada@example.com',
      allAccounts: TEST_USER.accounts,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
    await act(() => disconnect(utils.client))
    expect(account.status).toBe('disconnected')
    expect(account.address).toBeUndefined()
    utils.unmount()
  })
})
