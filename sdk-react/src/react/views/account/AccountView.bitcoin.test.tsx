import { act, fireEvent, waitFor, within } from '@testing-library/react'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../../core/actions/connect'
import { bitcoin, ethereum } from '../../../core/networks'
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

/** frame-host's balance route for the Bitcoin account: `answer` as JSON with `status`. */
function balanceRoute(answer: unknown, status = 200) {
  const urls: URL[] = []
  const fetch = async (input: string) => {
    const url = new URL(input)
    urls.push(url)
    if (url.pathname.endsWith('/balance')) return new Response(JSON.stringify(answer), { status })
    return new Response(JSON.stringify({ data: [], count: 0 }))
  }
  return { fetch, balanceCalls: () => urls.filter((url) => url.pathname.endsWith('/balance')) }
}

async function openAccount() {
  // The balance caches persist across page loads; each test starts from a first visit.
  localStorage.clear()
  const utils = renderWithOriel(
    <ConnectButton />,
    { networks: [ethereum, bitcoin], features: { email: false, socials: false } },
    {
      eip6963Target: () => new EventTarget(),
      injectedProvider: () => undefined,
      walletStandard: () => ({ get: () => [bitcoinWallet], on: () => () => {} }),
    },
  )
  const [connector] = utils.client.connectors.getSnapshot().filter((c) => c.name === 'Bitcoin Test Wallet')
  await act(() => connect(utils.client, { connectorId: connector!.id }))
  expect(utils.client.account.getSnapshot().namespace).toBe('bip122')
  fireEvent.click(utils.getByRole('button', { name: /^bc1q/ }))
  return { utils, ui: within(getShadowRoot() as unknown as HTMLElement) }
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

  it('shows the balance frame-host reads from the Esplora API, truncated to 3 decimals', async () => {
    const host = balanceRoute({
      balances: [
        {
          name: 'Bitcoin',
          symbol: 'BTC',
          chainId: bitcoin.caipNetworkId,
          value: 102000,
          price: 60000,
          quantity: { decimals: '8', numeric: '1.70009' },
          verified: true,
        },
      ],
    })
    vi.stubGlobal('fetch', host.fetch)
    const { utils, ui } = await openAccount()
    unmount = utils.unmount
    await waitFor(() => expect(ui.getByTestId('account-balance').textContent).toBe('1.700 BTC'))
    expect(await ui.findByRole('listitem', { name: 'Bitcoin: 1.70 BTC, $102,000.00' })).toBeTruthy()
    const [call] = host.balanceCalls()
    expect(call?.pathname).toBe(`/v1/account/${BTC}/balance`)
    expect(call?.searchParams.get('chainId')).toBe(bitcoin.caipNetworkId)
  })

  it('without an Esplora API on frame-host, says balances are not available instead of a zero balance', async () => {
    const host = balanceRoute(
      { error: { code: 'invalid_params', message: `Unsupported chainId: ${bitcoin.caipNetworkId}` } },
      400,
    )
    vi.stubGlobal('fetch', host.fetch)
    const { utils, ui } = await openAccount()
    unmount = utils.unmount
    await waitFor(() =>
      expect(ui.getByTestId('account-balance').textContent).toBe('Balances are not available for this network'),
    )
    expect(await ui.findByText('Balances are not available for this network', { selector: '.tokens-empty' })).toBeTruthy()
    expect(ui.queryByText(/0\.000/)).toBeNull()
    expect(ui.queryByText('Token Balance Unavailable')).toBeNull()
  })
})
