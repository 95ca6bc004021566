import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { base, ethereum } from '../../core/networks'
import { ANNOUNCE_EVENT } from '../../core/wallets/eip6963'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { renderWithOriel } from '../../test/renderWithOriel'
import { TestWallet } from '../../test/testWallet'
import { useDisconnect } from './useDisconnect'
import { useNetwork } from './useNetwork'
import { useProvider } from './useProvider'
import { useWalletInfo } from './useWalletInfo'
import { connectOtp } from '../../core/embedded/actions/connectOtp'

function useHooks() {
  return { network: useNetwork(), provider: useProvider(), wallet: useWalletInfo(), disconnect: useDisconnect() }
}
type Hooks = ReturnType<typeof useHooks>

function Probe({ onRender }: { onRender(value: Hooks): void }) {
  onRender(useHooks())
  return null
}

function setup(wallet: TestWallet) {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail('Test Wallet', 'dev.oriel.test') })),
  )
  let value!: Hooks
  const utils = renderWithOriel(
    <Probe onRender={(v) => (value = v)} />,
    { networks: [ethereum, base] },
    { eip6963Target: () => target, injectedProvider: () => undefined },
  )
  return { ...utils, current: () => value }
}

describe('connection hooks', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => unmount())

  it('throw a named error outside the provider', () => {
    for (const hook of [useNetwork, useProvider, useWalletInfo, useDisconnect]) {
      expect(() => renderHook(() => hook())).toThrow(OrielProviderNotFoundError)
    }
  })

  it('follow a browser wallet from connect to disconnect', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    const { client, current, ...utils } = setup(wallet)
    unmount = utils.unmount

    expect(current().network.network).toBe(ethereum)
    expect(current().network.isSupported).toBe(true)
    expect(current().provider.provider).toBeUndefined()
    expect(current().wallet.walletInfo).toBeUndefined()

    await act(() => client.connection.connect('dev.oriel.test'))
    expect(current().provider).toEqual({ provider: wallet, namespace: 'eip155' })
    expect(current().wallet.walletInfo).toEqual({ name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>' })

    await act(() => current().network.switchNetwork(base))
    expect(current().network).toMatchObject({ network: base, caipNetworkId: 'eip155:8453', isSupported: true })

    act(() => wallet.setChain(10))
    expect(current().network).toMatchObject({ caipNetworkId: 'eip155:10', isSupported: false })
    expect(current().network.network).toMatchObject({ name: 'Unknown Network', id: 10, rpcUrls: { default: { http: [] } } })

    await act(() => current().disconnect.disconnect())
    expect(current().disconnect.isPending).toBe(false)
    expect(current().provider.provider).toBeUndefined()
    expect(current().wallet.walletInfo).toBeUndefined()
    expect(client.account.getSnapshot().status).toBe('disconnected')
    expect(wallet.authorized).toBe(false)
  })

  it('useWalletInfo names the embedded wallet, useProvider gives its provider', async () => {
    const { client, current, ...utils } = setup(new TestWallet())
    unmount = utils.unmount
    await act(() => connectOtp(client, { otp: '123456' }))
    expect(current().wallet.walletInfo).toEqual({ name: 'Email Wallet', icon: undefined })
    expect(current().provider).toEqual({ provider: client.embeddedProvider, namespace: 'eip155' })
    expect(current().network.caipNetworkId).toBe('eip155:1')
  })
})
