import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreateConfigParameters } from '../../core/config/createConfig'
import { base, ethereum, localDevnet } from '../../core/networks'
import { ANNOUNCE_EVENT } from '../../core/wallets/eip6963'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { stubFrameHostFetch } from '../../test/balances'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { TestWallet, WalletError } from '../../test/testWallet'
import { ConnectButton } from '../ConnectButton'

/** The dapp with one announced wallet, connected through the client. */
async function connected(wallet: TestWallet, config: Partial<CreateConfigParameters> = {}) {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail('Test Wallet', 'dev.oriel.test') })),
  )
  const utils = renderWithOriel(
    <ConnectButton />,
    { networks: [ethereum, base, localDevnet], features: { email: false, socials: false }, ...config },
    { eip6963Target: () => target, injectedProvider: () => undefined },
  )
  await act(() => utils.client.connection.connect('dev.oriel.test'))
  return { ...utils, modal: () => within(getShadowRoot() as unknown as HTMLElement) }
}

describe('unsupported network', () => {
  let unmount = () => {}
  beforeEach(() => {
    // frame-host's balance route answers the Account view's Tokens list.
    stubFrameHostFetch()
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  it('opens UnsupportedChain, which switches the wallet to a listed network and closes', async () => {
    const wallet = new TestWallet({ chainId: 10 })
    const { modal, client, ...utils } = await connected(wallet)
    unmount = utils.unmount
    const ui = modal()
    expect(client.modal.getSnapshot()).toMatchObject({ open: true, history: [{ view: 'UnsupportedChain' }] })
    expect(await ui.findByText(/does not support the network your wallet is on/)).toBeTruthy()
    expect(ui.getByText('eip155:10')).toBeTruthy()

    fireEvent.click(ui.getByRole('button', { name: /Base/ }))
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    expect(wallet.chainId).toBe(8453)
    expect(client.account.getSnapshot().caipAddress).toMatch(/^eip155:8453:/)
  })

  it('opens when the wallet moves to an unlisted network later', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    const { client, ...utils } = await connected(wallet)
    unmount = utils.unmount
    expect(client.modal.getSnapshot().open).toBe(false)
    act(() => wallet.setChain(10))
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('UnsupportedChain')
    // Back on a listed network (switched in the wallet itself): the view goes away.
    act(() => wallet.setChain(1))
    expect(client.modal.getSnapshot().open).toBe(false)
  })

  it('does not open when unsupported chains are allowed, or switching is disabled', async () => {
    for (const config of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }]) {
      localStorage.clear()
      const { client, unmount: stop } = await connected(new TestWallet({ chainId: 10 }), config)
      expect(client.modal.getSnapshot().open).toBe(false)
      stop()
    }
  })
})

describe('network button and list', () => {
  let unmount = () => {}
  beforeEach(() => {
    // frame-host's balance route answers the Account view's Tokens list.
    stubFrameHostFetch()
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  async function openNetworks(wallet: TestWallet, config: Partial<CreateConfigParameters> = {}) {
    const { modal, client, ...utils } = await connected(wallet, config)
    unmount = utils.unmount
    act(() => client.modal.open())
    const ui = modal()
    fireEvent.click(await ui.findByRole('button', { name: 'Switch network, current: Ethereum' }))
    await ui.findByRole('list', { name: 'Networks' })
    return { ui, client }
  }

  it('marks the current network and switches, adding an unknown chain on 4902', async () => {
    const wallet = new TestWallet({ chainId: 1, knownChains: [1, 8453] })
    const { ui, client } = await openNetworks(wallet)
    expect(ui.getByRole('button', { name: /Ethereum/ }).getAttribute('aria-current')).toBe('true')

    fireEvent.click(ui.getByRole('button', { name: /Local Devnet/ }))
    await ui.findByRole('button', { name: 'Switch network, current: Local Devnet' })
    expect(wallet.calls).toContain('wallet_addEthereumChain')
    expect(wallet.chainId).toBe(31337)
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Account')
  })

  it("shows 'Chain is not supported' when the wallet cannot add the chain", async () => {
    const wallet = new TestWallet({ chainId: 1, knownChains: [1] })
    wallet.failures.set('wallet_addEthereumChain', new WalletError(-32603, 'Internal error'))
    const { ui } = await openNetworks(wallet)
    fireEvent.click(ui.getByRole('button', { name: /Base/ }))
    expect((await ui.findByRole('alert')).textContent).toBe('Chain is not supported')
    expect(wallet.chainId).toBe(1)
    expect(ui.getByRole('button', { name: /Ethereum/ }).getAttribute('aria-current')).toBe('true')
  })

  it('shows each network’s image: its imageUrl, else its imageId from frame-host, else a generated tile', async () => {
    const networks = [
      { ...ethereum, assets: { imageId: 'eth-image' } },
      { ...base, assets: { imageUrl: 'https://cdn.test/base.png' } },
      { ...localDevnet, assets: undefined },
    ]
    const { ui } = await openNetworks(new TestWallet({ chainId: 1 }), { networks })
    const logo = (name: RegExp) => ui.getByRole('button', { name }).querySelector('.logo')!
    expect(logo(/Ethereum/).querySelector('img')?.getAttribute('src')).toBe(
      'http://127.0.0.1:8787/public/getAssetImage/eth-image?projectId=demo&st=appkit&sv=oriel-react-0.1.0',
    )
    expect(logo(/Base/).querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/base.png')
    // The tile's code loads the first time one is needed.
    await vi.waitFor(() => expect(logo(/Local Devnet/).querySelector('[data-testid="generated-tile"]')?.textContent).toBe('LD'))
    // The built-in networks carry frame-host's image ids.
    expect(localDevnet.assets?.imageId).toBe('devnet')
    // An image that fails to load gives way to the tile.
    fireEvent.error(logo(/Ethereum/).querySelector('img')!)
    expect(logo(/Ethereum/).querySelector('img')).toBeNull()
    await vi.waitFor(() => expect(logo(/Ethereum/).querySelector('[data-testid="generated-tile"]')?.textContent).toBe('E'))
  })
})
