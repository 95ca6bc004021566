import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeSignClient, FAKE_WALLET_ADDRESS } from '../../test/fakeSignClient'
import { renderWithOriel } from '../../test/renderWithOriel'
import { useProvider } from './useProvider'
import { connectWalletConnect } from '../../core/actions/connectWalletConnect'
import { disconnect } from '../../core/actions/disconnect'
import { getProvider } from '../../core/actions/getProvider'

function Probe() {
  const { provider } = useProvider()
  return <span data-testid="provider">{provider ? 'provider' : 'none'}</span>
}

describe('useProvider', () => {
  let unmount = () => {}
  afterEach(() => unmount())

  it('gives the WalletConnect provider while connected, and none after disconnect', async () => {
    localStorage.clear()
    const signClient = createFakeSignClient()
    const utils = renderWithOriel(<Probe />, {}, { walletConnect: { start: async () => signClient } })
    unmount = utils.unmount
    expect(screen.getByTestId('provider').textContent).toBe('none')

    const connected = connectWalletConnect(utils.client)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      signClient.approve()
      await connected
    })
    expect(screen.getByTestId('provider').textContent).toBe('provider')
    await expect(
      getProvider(utils.client).provider!.request({ method: 'eth_accounts' }),
    ).resolves.toEqual([FAKE_WALLET_ADDRESS])

    await act(() => disconnect(utils.client))
    expect(screen.getByTestId('provider').textContent).toBe('none')
    expect(signClient.session.getAll()).toHaveLength(0)
  })
})
