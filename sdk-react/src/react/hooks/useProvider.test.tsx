import { act, screen } from '@testing-library/react'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeSignClient, FAKE_WALLET_ADDRESS } from '../../test/fakeSignClient'
import { renderWithOriel } from '../../test/renderWithOriel'
import { useProvider } from './useProvider'
import { connectWalletConnect } from '../../core/actions/connectWalletConnect'
import { disconnect } from '../../core/actions/disconnect'
import { getProvider } from '../../core/actions/getProvider'
import { connect } from '../../core/actions/connect'
import { ethereum, solana } from '../../core/networks'

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

const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const SOL_2 = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj'

/** A wallet-standard Solana wallet whose `change` events the test fires. */
function solanaWallet() {
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const account = (address: string): WalletAccount => ({ address, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] })
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Solana Test Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account(SOL)] }) },
      'standard:events': {
        version: '1.0.0',
        on: (_: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  }
  const change = (addresses: string[]) => {
    for (const listener of listeners) listener({ accounts: addresses.map(account) })
  }
  return { wallet, change }
}

function SolanaProbe() {
  const { provider } = useProvider({ namespace: 'solana' })
  const { provider: evm } = useProvider()
  return (
    <span data-testid="solana">
      {provider ? provider.namespace : 'none'}/{evm ? 'evm' : 'no-evm'}
    </span>
  )
}

describe('useProvider({ namespace: "solana" })', () => {
  it('gives the Solana provider of a wallet-standard connection, follows its account, and drops it when the wallet revokes', async () => {
    localStorage.clear()
    const { wallet, change } = solanaWallet()
    const utils = renderWithOriel(
      <SolanaProbe />,
      { networks: [ethereum, solana], features: { email: false, socials: false } },
      { eip6963Target: () => new EventTarget(), injectedProvider: () => undefined, walletStandard: () => ({ get: () => [wallet], on: () => () => {} }) },
    )
    try {
      expect(screen.getByTestId('solana').textContent).toBe('none/no-evm')
      const [connector] = utils.client.connectors.getSnapshot().filter((c) => c.name === 'Solana Test Wallet')
      await act(() => connect(utils.client, { connectorId: connector!.id }))
      expect(screen.getByTestId('solana').textContent).toBe('solana/no-evm')
      const provider = getProvider(utils.client, { namespace: 'solana' }).provider!
      await expect(provider.request({ method: 'solana_getAccounts' })).resolves.toEqual([{ pubkey: SOL }])

      act(() => change([SOL_2]))
      expect(utils.client.account.getSnapshot().address).toBe(SOL_2)
      await expect(provider.request({ method: 'solana_getAccounts' })).resolves.toEqual([{ pubkey: SOL_2 }])

      act(() => change([]))
      expect(screen.getByTestId('solana').textContent).toBe('none/no-evm')
      expect(utils.client.account.getSnapshot().status).toBe('disconnected')
    } finally {
      utils.unmount()
    }
  })
})
