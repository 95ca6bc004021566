// Page load with the real provider and client; only the frame client module is mocked.
import { render, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfig } from '../core/config/createConfig'
import { ethereum } from '../core/networks'
import { ConnectButton } from './ConnectButton'
import { OrielProvider } from './OrielProvider'
import { useAccount } from './hooks/useAccount'

const ADDRESS = '0x1234567890abcdef1234567890abcdef1234abcd'

const frame = vi.hoisted(() => ({
  created: vi.fn(),
  isConnected: vi.fn(async () => true),
  getUser: vi.fn(async () => ({
    email: 'ada@example.com',
    address: '0x1234567890abcdef1234567890abcdef1234abcd',
    chainId: 'eip155:1',
    accounts: [],
    userName: null,
    smartAccountDeployed: false,
    preferredAccountType: 'eoa',
  })),
}))

vi.mock('../core/frame/client', () => ({
  FrameClient: class {
    constructor(options: unknown) {
      frame.created(options)
    }
    ensureReady = async () => {}
    getStatus = () => ({ state: 'ready' })
    subscribe = () => () => {}
    isConnected = frame.isConnected
    getUser = frame.getUser
    // The dapp introduction (SyncDappData) after the handshake.
    request = async () => undefined
    destroy = () => {}
  },
}))

function Status() {
  const { status, address } = useAccount()
  return (
    <span data-testid="account">
      {status}:{address ?? ''}
    </span>
  )
}

function renderPage() {
  const config = createConfig({ projectId: 'demo', networks: [ethereum] })
  return render(
    <StrictMode>
      <OrielProvider config={config}>
        <ConnectButton />
        <Status />
      </OrielProvider>
    </StrictMode>,
  )
}

describe('reconnect on page load', () => {
  const fetchSpy = vi.fn()
  let unmount = () => {}
  beforeEach(() => {
    localStorage.clear()
    vi.clearAllMocks()
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  it('without the cached login flag creates no frame and fetches nothing', async () => {
    const utils = renderPage()
    unmount = utils.unmount
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frame.created).not.toHaveBeenCalled()
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(document.querySelector('iframe')).toBeNull()
    expect(utils.getByTestId('account').textContent).toBe('disconnected:')
    expect(utils.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('with the flag reconnects through the frame and shows the address (StrictMode)', async () => {
    localStorage.setItem('@oriel/embedded/login_used', 'true')
    const utils = renderPage()
    unmount = utils.unmount
    await waitFor(() => expect(utils.getByTestId('account').textContent).toBe(`connected:${ADDRESS}`))
    expect(utils.getByRole('button', { name: '0x1234…abcd' })).toBeTruthy()
    expect(frame.created).toHaveBeenCalled()
    expect(localStorage.getItem('@oriel/connection_status')).toBe('connected')
  })

  it('with the flag but no session ends disconnected and clears the flag', async () => {
    localStorage.setItem('@oriel/embedded/login_used', 'true')
    frame.isConnected.mockResolvedValue(false)
    const utils = renderPage()
    unmount = utils.unmount
    await waitFor(() => expect(localStorage.getItem('@oriel/embedded/login_used')).toBeNull())
    expect(utils.getByTestId('account').textContent).toBe('disconnected:')
    expect(frame.getUser).not.toHaveBeenCalled()
  })
})
