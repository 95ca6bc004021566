import { act, fireEvent, within } from '@testing-library/react'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { base, ethereum, solana } from '../../core/networks'
import { ANNOUNCE_EVENT } from '../../core/wallets/eip6963'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { TestWallet, WalletError } from '../../test/testWallet'
import { ConnectButton } from '../ConnectButton'
import { disconnect } from '../../core/actions/disconnect'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Renders the dapp with one announced browser wallet, and opens the Connect view. */
function openConnect(wallet: TestWallet, name = 'Test Wallet') {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail(name, 'dev.oriel.test') })),
  )
  const utils = renderWithOriel(
    <ConnectButton />,
    { networks: [ethereum, base], features: { email: false, socials: false } },
    { eip6963Target: () => target, injectedProvider: () => undefined },
  )
  fireEvent.click(utils.getByRole('button', { name: 'Connect Wallet' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  return { ...utils, ui }
}

describe('browser wallets in the modal', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => unmount())

  it('lists an announced wallet, connects it from ConnectingExternal and closes', async () => {
    const wallet = new TestWallet({ chainId: 8453 })
    let resolvePrompt!: () => void
    const prompt = new Promise<void>((resolve) => (resolvePrompt = resolve))
    const request = wallet.request
    wallet.request = async (args) => {
      if (args.method === 'eth_requestAccounts') await prompt
      return request(args)
    }
    const { ui, client, ...utils } = openConnect(wallet)
    unmount = utils.unmount

    fireEvent.click(await ui.findByRole('button', { name: /Test Wallet/ }))
    expect(await ui.findByText('Continue in Test Wallet')).toBeTruthy()
    expect(ui.getByRole('heading', { name: 'Test Wallet' })).toBeTruthy()
    expect(client.account.getSnapshot().status).toBe('connecting')

    await act(async () => resolvePrompt())
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', caipAddress: `eip155:8453:${ALICE}` })
    expect(wallet.calls.filter((m) => m === 'eth_requestAccounts')).toHaveLength(1)
  })

  it('shows the rejection and connects on "Try again"', async () => {
    const wallet = new TestWallet()
    wallet.failures.set('eth_requestAccounts', new WalletError(4001, 'User rejected the request.'))
    const { ui, client, ...utils } = openConnect(wallet)
    unmount = utils.unmount

    fireEvent.click(await ui.findByRole('button', { name: /Test Wallet/ }))
    expect((await ui.findByRole('alert')).textContent).toBe('Connection declined')
    expect(client.account.getSnapshot().status).toBe('disconnected')

    fireEvent.click(ui.getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'))
  })

  it('lists the last connected wallet first as recent', async () => {
    const wallet = new TestWallet()
    const { ui, client, ...utils } = openConnect(wallet)
    unmount = utils.unmount
    fireEvent.click(await ui.findByRole('button', { name: /Test Wallet/ }))
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    await act(() => disconnect(client))
    act(() => client.modal.open())
    const row = await ui.findByRole('button', { name: /Test Wallet/ })
    expect(row.textContent).toContain('RECENT')
  })

  it('lists a wallet-standard Solana wallet and connects it', async () => {
    const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    const phantom: Wallet = {
      version: '1.0.0',
      name: 'Solana Test Wallet',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: ['solana:mainnet', 'bitcoin:mainnet'],
      accounts: [],
      features: {
        'standard:connect': {
          version: '1.0.0',
          connect: async () => ({
            accounts: [{ address: SOL, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] }],
          }),
        },
      },
    }
    const utils = renderWithOriel(
      <ConnectButton />,
      { networks: [ethereum, solana], features: { email: false, socials: false } },
      {
        eip6963Target: () => new EventTarget(),
        injectedProvider: () => undefined,
        walletStandard: () => ({ get: () => [phantom], on: () => () => {} }),
      },
    )
    unmount = utils.unmount
    fireEvent.click(utils.getByRole('button', { name: 'Connect Wallet' }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    // Its Bitcoin side is not listed: the dapp has no Bitcoin network.
    expect(await ui.findAllByRole('button', { name: /Solana Test Wallet/ })).toHaveLength(1)
    fireEvent.click(await ui.findByRole('button', { name: /Solana Test Wallet/ }))
    await vi.waitFor(() => expect(utils.client.modal.getSnapshot().open).toBe(false))
    expect(utils.client.account.getSnapshot()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
      caipAddress: `${solana.caipNetworkId}:${SOL}`,
    })
  })
})
