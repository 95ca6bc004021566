import { act, fireEvent, within } from '@testing-library/react'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../../core/actions/connect'
import { bitcoin, ethereum } from '../../../core/networks'
import { frameHostFetch } from '../../../test/history'
import { getShadowRoot, renderWithOriel } from '../../../test/renderWithOriel'
import { ConnectButton } from '../../ConnectButton'

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

/** A wallet-standard Bitcoin wallet that connects its payment address `BTC`. */
const bitcoinWallet: Wallet = {
  version: '1.0.0',
  name: 'Bitcoin Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['bitcoin:mainnet'],
  accounts: [],
  features: {
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async () => ({ accounts: [{ address: BTC, publicKey: new Uint8Array(33), chains: ['bitcoin:mainnet'], features: [] }] }),
    },
  },
}

describe('Account view of a Bitcoin account', () => {
  let unmount = () => {}
  beforeAll(async () => {
    await Promise.all([import('../AccountView'), import('../TokensPanel')])
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  it('says balances are not available for this network instead of a zero balance, and fetches none', async () => {
    const host = frameHostFetch({ history: {}, nfts: { body: { nfts: [] } } })
    vi.stubGlobal('fetch', host.fetch)
    const utils = renderWithOriel(
      <ConnectButton />,
      { networks: [ethereum, bitcoin], features: { email: false, socials: false } },
      {
        eip6963Target: () => new EventTarget(),
        injectedProvider: () => undefined,
        walletStandard: () => ({ get: () => [bitcoinWallet], on: () => () => {} }),
      },
    )
    unmount = utils.unmount
    const [connector] = utils.client.connectors.getSnapshot().filter((c) => c.name === 'Bitcoin Test Wallet')
    await act(() => connect(utils.client, { connectorId: connector!.id }))
    expect(utils.client.account.getSnapshot().namespace).toBe('bip122')
    fireEvent.click(utils.getByRole('button', { name: /^bc1q/ }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    expect((await ui.findByTestId('account-balance')).textContent).toBe('Balances are not available for this network')
    expect(await ui.findByText('Balances are not available for this network', { selector: '.tokens-empty' })).toBeTruthy()
    expect(ui.queryByText(/0\.000/)).toBeNull()
    expect(host.urls.filter((url) => /\/balance$/.test(url.pathname))).toEqual([])
  })
})
