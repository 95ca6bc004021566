import { act, fireEvent, render, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfig, type CreateConfigParameters } from '../../core/config/createConfig'
import { ethereum } from '../../core/networks'
import { createFakeRegistry } from '../../test/fakeRegistry'
import { painted } from '../../test/painted'
import { ConnectButton } from '../ConnectButton'
import { OrielProvider } from '../OrielProvider'

const frame = vi.hoisted(() => ({
  connectEmail: vi.fn(async (_email: string) => ({ action: 'VERIFY_OTP' as 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' })),
  getSocialRedirectUri: vi.fn(async (_provider: string): Promise<string> => {
    throw new Error('Sign-in with Google is not set up')
  }),
  signOut: vi.fn(async () => {}),
  created: vi.fn(),
}))

vi.mock('../../core/frame/client', () => ({
  FrameClient: class {
    status = { state: 'idle' }
    constructor(options: unknown) {
      frame.created(options)
    }
    ensureReady = async () => {}
    getStatus = () => this.status
    subscribe = () => () => {}
    isConnected = async () => false
    getChainId = async () => 'eip155:1'
    connectEmail = frame.connectEmail
    getSocialRedirectUri = frame.getSocialRedirectUri
    signOut = frame.signOut
    // The dapp introduction (SyncDappData) after the handshake.
    request = async () => undefined
    destroy = () => {}
  },
}))

function openConnect(overrides: Partial<CreateConfigParameters> = {}) {
  const config = createConfig({ projectId: 'demo', walletConnectProjectId: 'demo', networks: [ethereum], ...overrides })
  const utils = render(
    <OrielProvider config={config}>
      <ConnectButton />
    </OrielProvider>,
  )
  fireEvent.click(utils.getByRole('button', { name: 'Connect Wallet' }))
  const root = document.querySelector('oriel-modal')?.shadowRoot as unknown as HTMLElement
  return { ...utils, root, ui: within(root) }
}

const methods = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-connect-method]')].map((el) => el.getAttribute('data-connect-method'))

describe('Connect view', () => {
  let unmount = () => {}
  beforeEach(() => {
    localStorage.clear()
    // An empty wallet registry: these tests are about the methods, not the registry's wallets.
    vi.stubGlobal('fetch', createFakeRegistry([]).fetch)
    frame.connectEmail.mockClear()
    frame.created.mockClear()
  })
  afterEach(async () => {
    // The frame starts after the modal's first paint: let that happen in this test, not the next.
    await painted()
    unmount()
    vi.unstubAllGlobals()
  })

  it('shows email, social and wallet in the default order, with the wallet list after "or"', () => {
    const { root, ui, ...utils } = openConnect()
    unmount = utils.unmount
    expect(ui.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
    expect(methods(root)).toEqual(['email', 'social', 'wallet'])
    const view = root.querySelector('.view[data-view="Connect"]') as HTMLElement
    const children = [...view.children].map((el) => el.getAttribute('data-connect-method') ?? el.textContent)
    expect(children).toEqual(['email', 'social', 'or', 'wallet'])
    expect(ui.getByText('Secured by', { exact: false }).textContent).toBe('Secured by Oriel')
  })

  it('preloads the frame client when it opens', async () => {
    const { ...utils } = openConnect()
    unmount = utils.unmount
    await vi.waitFor(() => expect(frame.created).toHaveBeenCalledTimes(1))
    expect(frame.created.mock.calls[0]?.[0]).toMatchObject({ frameHostUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
  })

  it('lists socials: Google full width, icon buttons, and More', () => {
    const { ui, ...utils } = openConnect()
    unmount = utils.unmount
    expect(ui.getByRole('button', { name: 'Continue with Google' }).textContent).toBe('Continue with Google')
    for (const name of ['X', 'Discord', 'Farcaster', 'GitHub']) {
      expect(ui.getByRole('button', { name: `Continue with ${name}` })).toBeTruthy()
    }
    expect(ui.queryByRole('button', { name: 'Continue with Apple' })).toBeNull()
    const more = ui.getByRole('button', { name: 'More' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(ui.getByRole('button', { name: 'Continue with Apple' })).toBeTruthy()
    expect(ui.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy()
  })

  it('a social login shows Authenticating... and, when it cannot start, says why under the buttons with what to try next', async () => {
    const popup = { closed: false, close: vi.fn(), location: { replace: vi.fn() } }
    const open = vi.fn(() => popup)
    vi.stubGlobal('open', open)
    let refuse = (_error: Error) => {}
    frame.getSocialRedirectUri.mockImplementationOnce(
      () => new Promise<string>((_resolve, reject) => (refuse = reject)),
    )
    const { ui, ...utils } = openConnect()
    unmount = utils.unmount
    const google = ui.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement
    fireEvent.click(google)
    expect(open).toHaveBeenCalledTimes(1)
    expect((await ui.findByRole('status')).textContent).toBe('Authenticating...')
    expect(google.disabled).toBe(true)
    await vi.waitFor(() => expect(frame.getSocialRedirectUri).toHaveBeenCalledWith('google'))
    await act(async () => refuse(new Error('Sign-in with Google is not set up')))
    expect((await ui.findByRole('alert')).textContent).toBe(
      'A problem occurred while trying initialize authentication. Sign-in with Google is not set up. Try again, or continue with your email or a wallet.',
    )
    expect(popup.close).toHaveBeenCalled()
    expect(google.disabled).toBe(false)
    expect(ui.queryByRole('status')).toBeNull()
    // A popup the browser blocks says so.
    open.mockReturnValueOnce(null as never)
    fireEvent.click(google)
    await vi.waitFor(() =>
      expect(ui.getByRole('alert').textContent).toBe(
        'A problem occurred while trying initialize authentication. The browser blocked the sign-in window: allow pop-ups for this site. Try again, or continue with your email or a wallet.',
      ),
    )
  })

  it('inside Telegram on Android offers neither Facebook nor X (spec §5)', () => {
    vi.stubGlobal('TelegramWebviewProxy', { postEvent() {} })
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')
    const { ui, ...utils } = openConnect()
    unmount = utils.unmount
    // Five providers fit in the buttons without "More".
    expect(ui.queryByRole('button', { name: 'More' })).toBeNull()
    const labels = ui.getAllByRole('button', { name: /^Continue with / }).map((b) => b.getAttribute('aria-label') ?? b.textContent)
    expect(labels).toEqual(['Continue with Google', 'Continue with Discord', 'Continue with Farcaster', 'Continue with GitHub', 'Continue with Apple'])
    vi.restoreAllMocks()
  })

  it('lists WalletConnect, discovered wallets and All Wallets', async () => {
    const { ui, root, ...utils } = openConnect()
    unmount = utils.unmount
    expect(ui.getByRole('button', { name: /WalletConnect/ }).textContent).toContain('QR CODE')
    act(() => {
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'u-1', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.wallet' },
            provider: { request: async () => null },
          },
        }),
      )
    })
    const row = ui.getByRole('button', { name: /Test Wallet/ })
    expect(row.textContent).toContain('INSTALLED')
    expect(row.querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,<svg/>')
    const rows = [...root.querySelectorAll('[data-connect-method="wallet"] .row:not(.skeleton) .name')].map((el) => el.textContent)
    expect(rows).toEqual(['WalletConnect', 'Test Wallet', 'All Wallets'])
    // The registry has not answered: the rows it will fill (4 less the installed one) hold their place.
    expect(root.querySelectorAll('[data-connect-method="wallet"] .row.skeleton')).toHaveLength(3)
    fireEvent.click(row)
    expect(await ui.findByRole('heading', { name: 'Test Wallet' })).toBeTruthy()
  })

  it('submits a valid email to the frame and moves to the code step', async () => {
    const { ui, ...utils } = openConnect()
    unmount = utils.unmount
    const input = ui.getByRole('textbox', { name: 'Email' })
    fireEvent.change(input, { target: { value: 'ada@' } })
    expect(ui.queryByRole('button', { name: 'Continue' })).toBeNull()
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
    fireEvent.click(ui.getByRole('button', { name: 'Continue' }))
    expect(await ui.findByRole('heading', { name: 'Confirm Email' })).toBeTruthy()
    expect(frame.connectEmail).toHaveBeenCalledWith('ada@example.com')
  })

  it('shows frame errors in the snackbar', async () => {
    frame.connectEmail.mockRejectedValueOnce(new Error('The request took too long to respond.'))
    const { ui, ...utils } = openConnect()
    unmount = utils.unmount
    fireEvent.change(ui.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.submit(ui.getByRole('textbox', { name: 'Email' }))
    const alert = await ui.findByRole('alert')
    expect(alert.textContent).toBe('The request took too long to respond.')
    expect(ui.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('follows connectMethodsOrder and hides disabled methods', () => {
    const { root, ...utils } = openConnect({ features: { connectMethodsOrder: ['wallet', 'social', 'email'], email: false } })
    unmount = utils.unmount
    expect(methods(root)).toEqual(['wallet', 'social'])
    expect(root.querySelector('.divider')).not.toBeNull()
  })

  it('shows only the wallet list, without a divider, when email and socials are off', () => {
    const { root, ...utils } = openConnect({ features: { email: false, socials: false } })
    unmount = utils.unmount
    expect(methods(root)).toEqual(['wallet'])
    expect(root.querySelector('.divider')).toBeNull()
    expect(frame.created).not.toHaveBeenCalled()
  })

  it('collapses the wallet list behind one button when collapseWallets is on', () => {
    const { ui, ...utils } = openConnect({ features: { collapseWallets: true } })
    unmount = utils.unmount
    expect(ui.queryByRole('button', { name: /WalletConnect/ })).toBeNull()
    fireEvent.click(ui.getByRole('button', { name: 'Continue with a wallet' }))
    expect(ui.getByRole('button', { name: /WalletConnect/ })).toBeTruthy()
  })
})
