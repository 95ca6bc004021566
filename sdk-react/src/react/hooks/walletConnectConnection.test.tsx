// WalletConnect as a connector of the connection store: connect, the hooks, reconnect on page
// load, a session the wallet ends, disconnect, and no WalletConnect work for a browser wallet.
import { act } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChainNotSupportedError } from '../../core/errors/connection'
import { base, ethereum } from '../../core/networks'
import { ANNOUNCE_EVENT } from '../../core/wallets/eip6963'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { createFakeSignClient, FAKE_WALLET_ADDRESS, type FakeSignClient } from '../../test/fakeSignClient'
import { renderWithOriel } from '../../test/renderWithOriel'
import { TestWallet } from '../../test/testWallet'
import { useDisconnect } from './useDisconnect'
import { useProvider } from './useProvider'
import { useWalletInfo } from './useWalletInfo'
import { connectWalletConnect } from '../../core/actions/connectWalletConnect'
import { getProvider } from '../../core/actions/getProvider'
import { switchNetwork } from '../../core/actions/switchNetwork'

function useHooks() {
  return { provider: useProvider(), wallet: useWalletInfo(), disconnect: useDisconnect() }
}
type Hooks = ReturnType<typeof useHooks>

function Probe({ onRender }: { onRender(value: Hooks): void }) {
  onRender(useHooks())
  return null
}

function setup(signClient: FakeSignClient, wallet?: TestWallet) {
  const target = new EventTarget()
  if (wallet) {
    target.addEventListener('eip6963:requestProvider', () =>
      target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail('Test Wallet', 'dev.oriel.test') })),
    )
  }
  const start = vi.fn(async () => signClient)
  let value!: Hooks
  const utils = renderWithOriel(
    <Probe onRender={(v) => (value = v)} />,
    { networks: [ethereum, base] },
    {
      eip6963Target: () => target,
      injectedProvider: () => undefined,
      walletConnect: { start, reusePairing: () => false },
    },
  )
  return { ...utils, start, current: () => value }
}

/** Pairs through `connectWalletConnect(client)` and lets the fake wallet approve. */
async function pair(client: ReturnType<typeof setup>['client'], signClient: FakeSignClient) {
  let connecting!: Promise<unknown>
  act(() => {
    connecting = connectWalletConnect(client)
  })
  await vi.waitFor(() => expect(signClient.uris.length).toBeGreaterThan(0))
  await act(async () => {
    signClient.approve()
    await connecting
  })
}

describe('WalletConnect through the connection store', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.restoreAllMocks()
  })

  it('connects per namespace; useProvider and useWalletInfo give the session’s provider and wallet', async () => {
    const signClient = createFakeSignClient()
    const { client, current, ...utils } = setup(signClient)
    unmount = utils.unmount
    expect(client.connection.getStatus('eip155')).toBe('disconnected')

    await pair(client, signClient)
    expect(client.connection.getStatus('eip155')).toBe('connected')
    expect(client.connection.getSnapshot().current).toBe('eip155')
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', address: FAKE_WALLET_ADDRESS, connectorId: 'walletConnect' })
    expect(current().provider.namespace).toBe('eip155')
    expect(current().provider.provider).toBe(client.walletConnect.getProvider())
    expect(await current().provider.provider!.request({ method: 'eth_accounts' })).toEqual([FAKE_WALLET_ADDRESS])
    expect(current().wallet.walletInfo).toEqual({ name: 'Test Wallet', icon: undefined })
    expect(localStorage.getItem('@oriel/connected_namespaces')).toBe('["eip155"]')
    expect(localStorage.getItem('@oriel/connected_connector_ids')).toBe('{"eip155":"walletConnect"}')

    await act(() => current().disconnect.disconnect())
    expect(client.connection.getStatus('eip155')).toBe('disconnected')
    expect(client.account.getSnapshot().status).toBe('disconnected')
    expect(current().provider.provider).toBeUndefined()
    expect(signClient.session.getAll()).toEqual([])
    expect(localStorage.getItem('@oriel/connected_connector_ids')).toBeNull()
    expect(localStorage.getItem('@oriel/connection_status')).toBe('disconnected')
  })

  it('while the pairing waits for a wallet the connections stay as they were', async () => {
    const signClient = createFakeSignClient()
    const { client, ...utils } = setup(signClient)
    unmount = utils.unmount
    let connecting!: Promise<unknown>
    act(() => {
      connecting = connectWalletConnect(client)
    })
    await vi.waitFor(() => expect(signClient.uris).toHaveLength(1))
    act(() => client.modal.close())
    expect(client.connection.getSnapshot().connections).toEqual({})
    expect(client.account.getSnapshot().status).toBe('disconnected')
    const seen: string[] = []
    const stop = client.events.on((event) => seen.push(event.name))
    await act(async () => {
      signClient.approve()
      await connecting
    })
    stop()
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' })
    expect(seen).toContain('CONNECT_SUCCESS')
  })

  it('resumes the stored session on page load without a new pairing', async () => {
    const signClient = createFakeSignClient()
    const first = setup(signClient)
    await pair(first.client, signClient)
    first.unmount()

    const { client, current, ...utils } = setup(signClient)
    unmount = utils.unmount
    expect(['reconnecting', 'connected']).toContain(client.account.getSnapshot().status)
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'))
    expect(client.account.getSnapshot()).toMatchObject({ address: FAKE_WALLET_ADDRESS, connectorId: 'walletConnect' })
    expect(client.connection.getStatus('eip155')).toBe('connected')
    expect(signClient.uris).toHaveLength(1)
    expect(current().provider.provider).toBeDefined()
  })

  it('switches only to a network the session shared an account on', async () => {
    const signClient = createFakeSignClient()
    const { client, ...utils } = setup(signClient)
    unmount = utils.unmount
    await pair(client, signClient)
    // The fake wallet shares eip155:1 only.
    await expect(switchNetwork(client, { network: base })).rejects.toThrow(ChainNotSupportedError)
    expect(client.connection.getSnapshot().activeCaipNetworkId).toBe('eip155:1')
    await act(() => switchNetwork(client, { network: ethereum }))
    expect(await getProvider(client).provider!.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('a session the wallet ends leaves its namespace disconnected', async () => {
    const signClient = createFakeSignClient()
    const { client, current, ...utils } = setup(signClient)
    unmount = utils.unmount
    await pair(client, signClient)

    act(() => signClient.end())
    expect(client.connection.getStatus('eip155')).toBe('disconnected')
    expect(client.account.getSnapshot().status).toBe('disconnected')
    expect(current().provider.provider).toBeUndefined()
    expect(localStorage.getItem('@oriel/connected_connector_ids')).toBeNull()
  })

  it('a browser wallet reconnecting on page load never loads WalletConnect', async () => {
    const wallet = new TestWallet({ authorized: true })
    localStorage.setItem('@oriel/connected_namespaces', '["eip155"]')
    localStorage.setItem('@oriel/connected_connector_ids', '{"eip155":"dev.oriel.test"}')
    const signClient = createFakeSignClient()
    const { client, start, current, ...utils } = setup(signClient, wallet)
    unmount = utils.unmount
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'))
    expect(client.account.getSnapshot().connectorId).toBe('dev.oriel.test')
    expect(current().provider.provider).toBeDefined()
    expect(start).not.toHaveBeenCalled()
  })

  it('a browser wallet connected next to a session replaces it in its namespace', async () => {
    const wallet = new TestWallet()
    const signClient = createFakeSignClient()
    const { client, current, ...utils } = setup(signClient, wallet)
    unmount = utils.unmount
    await pair(client, signClient)
    await vi.waitFor(() => expect(client.connectors.get('dev.oriel.test')).toBeDefined())

    await act(() => client.connection.connect('dev.oriel.test'))
    expect(client.account.getSnapshot().connectorId).toBe('dev.oriel.test')
    expect(current().wallet.walletInfo?.name).toBe('Test Wallet')
    // The session was let go.
    await vi.waitFor(() => expect(signClient.session.getAll()).toEqual([]))
  })
})
