import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSignClient, FAKE_WALLET_ADDRESS } from '../../test/fakeSignClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { disconnect } from '../../core/actions/disconnect'
import { getProvider } from '../../core/actions/getProvider'

async function openPairing(
  view: 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic' = 'ConnectingWalletConnect',
  data?: Record<string, unknown>,
) {
  const signClient = createFakeSignClient()
  const utils = renderWithOriel(<ConnectButton />, {}, {
    walletConnect: { start: async () => signClient, reusePairing: () => false },
  })
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  if (view === 'ConnectingWalletConnect' && !data) {
    // The Connect view's WalletConnect entry.
    fireEvent.click(await ui.findByRole('button', { name: /^WalletConnect/ }))
  } else {
    act(() => utils.client.modal.push(view, data))
  }
  return { ...utils, ui, signClient }
}

const qrUri = async (ui: ReturnType<typeof within>) => (await ui.findByTestId('wc-qr')).getAttribute('data-uri')

describe('ConnectingWalletConnect view', () => {
  let unmount = () => {}
  beforeEach(() => {
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.restoreAllMocks()
  })

  it('opens from the Connect view’s WalletConnect entry and shows the pairing as a QR code', async () => {
    const opened = await openPairing()
    unmount = opened.unmount
    const { signClient } = opened
    expect(await opened.ui.findByRole('heading', { name: 'WalletConnect' })).toBeTruthy()
    expect(await qrUri(opened.ui)).toBe(signClient.uris[0])
    expect(opened.ui.getByRole('img', { name: 'QR code for pairing a wallet' })).toBeTruthy()
  })

  it('"Copy link" copies the URI and says so', async () => {
    const opened = await openPairing()
    unmount = opened.unmount
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await qrUri(opened.ui)
    await act(async () => fireEvent.click(opened.ui.getByRole('button', { name: 'Copy link' })))
    expect(writeText).toHaveBeenCalledWith(opened.signClient.uris[0])
    expect(await opened.ui.findByText('Link copied')).toBeTruthy()
  })

  it('connects the account when the wallet approves, and the modal closes', async () => {
    const opened = await openPairing()
    unmount = opened.unmount
    await qrUri(opened.ui)
    await act(async () => opened.signClient.approve())
    expect(opened.client.account.getSnapshot()).toMatchObject({
      status: 'connected',
      address: FAKE_WALLET_ADDRESS,
      caipAddress: `eip155:1:${FAKE_WALLET_ADDRESS}`,
      connectorId: 'walletConnect',
    })
    expect(opened.client.modal.getSnapshot().open).toBe(false)
    // The connection store holds it, per namespace, like a browser wallet.
    expect(opened.client.connection.getSnapshot()).toMatchObject({
      current: 'eip155',
      connections: { eip155: { status: 'connected', connectorId: 'walletConnect', address: FAKE_WALLET_ADDRESS } },
    })
    expect(localStorage.getItem('@oriel/connected_connector_ids')).toBe('{"eip155":"walletConnect"}')
    expect(localStorage.getItem('@oriel/connection_status')).toBe('connected')
    expect(await getProvider(opened.client).provider!.request({ method: 'personal_sign', params: ['0x01', FAKE_WALLET_ADDRESS] })).toBe(
      '0xsigned',
    )

    await act(() => disconnect(opened.client))
    expect(opened.client.account.getSnapshot().status).toBe('disconnected')
    expect(opened.client.connection.getSnapshot().connections).toEqual({})
    expect(localStorage.getItem('@oriel/connected_connector_ids')).toBeNull()
    expect(localStorage.getItem('@oriel/connection_status')).toBe('disconnected')
  })

  it('shows "Connection declined" when the wallet declines, and "Try again" makes a new pairing', async () => {
    const opened = await openPairing()
    unmount = opened.unmount
    await qrUri(opened.ui)
    await act(async () => opened.signClient.decline())
    expect(await opened.ui.findByText('Connection declined')).toBeTruthy()
    expect(opened.ui.queryByTestId('wc-qr')).toBeNull()
    fireEvent.click(opened.ui.getByRole('button', { name: 'Try again' }))
    expect(await qrUri(opened.ui)).toBe(opened.signClient.uris[1])
  })

  it('counts the code’s time down each second and shows a fresh code when it runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const opened = await openPairing()
      unmount = opened.unmount
      expect(await qrUri(opened.ui)).toBe(opened.signClient.uris[0])
      // 4 minutes, replaced when under 10 s remain: 3:50 to count down.
      const countdown = () => opened.ui.getByTestId('wc-countdown').textContent
      expect(countdown()).toBe('Code expires in 3:50')
      await act(() => vi.advanceTimersByTimeAsync(1_000))
      expect(countdown()).toBe('Code expires in 3:49')
      for (let second = 0; second < 3 * 60 + 48; second++) await act(() => vi.advanceTimersByTimeAsync(1_000))
      expect(countdown()).toBe('Code expires in 0:01')
      expect(await qrUri(opened.ui)).toBe(opened.signClient.uris[0])
      await act(() => vi.advanceTimersByTimeAsync(1_000))
      expect(await qrUri(opened.ui)).toBe(opened.signClient.uris[1])
      expect(countdown()).toBe('Code expires in 3:50')
    } finally {
      vi.useRealTimers()
    }
  })

  it('for a registry wallet shows its name and image, and on mobile a deep link with the URI', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile')
    const opened = await openPairing('ConnectingWalletConnect', {
      name: 'Rainbow',
      imageUrl: 'http://127.0.0.1:8787/getWalletImage/rainbow',
      mobileLink: 'rainbow:',
    })
    unmount = opened.unmount
    expect(await opened.ui.findByRole('heading', { name: 'Rainbow' })).toBeTruthy()
    const uri = await qrUri(opened.ui)
    // The QR code carries the wallet's logo.
    expect(opened.ui.getByTestId('wc-qr').querySelector('img')?.getAttribute('src')).toBe('http://127.0.0.1:8787/getWalletImage/rainbow')
    const link = opened.ui.getByRole('link', { name: 'Open Rainbow' })
    expect(link.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri!)}`)
  })
})

describe('ConnectingWalletConnectBasic view', () => {
  let unmount = () => {}
  afterEach(() => unmount())

  it('shows the QR code and the copy button', async () => {
    const opened = await openPairing('ConnectingWalletConnectBasic')
    unmount = opened.unmount
    expect(await qrUri(opened.ui)).toBe(opened.signClient.uris[0])
    expect(opened.ui.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(opened.ui.getByRole('button', { name: 'Browse all wallets' })).toBeTruthy()
  })
})

describe('ConnectingWalletConnect without a project id', () => {
  let unmount = () => {}
  afterEach(() => unmount())

  it('shows Project ID Not Configured instead of a QR code', async () => {
    const signClient = createFakeSignClient()
    const utils = renderWithOriel(<ConnectButton />, { walletConnectProjectId: '' }, { walletConnect: { start: async () => signClient } })
    unmount = utils.unmount
    act(() => utils.client.modal.open({ view: 'ConnectingWalletConnect' }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    expect(await ui.findByText('Project ID Not Configured', { selector: 'p' })).toBeTruthy()
    expect(signClient.uris).toEqual([])
  })
})
