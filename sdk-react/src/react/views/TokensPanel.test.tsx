import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { BALANCES, stubFrameHostFetch } from '../../test/balances'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'

describe('Account view: Tokens', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('lists each token (icon or tile, name, symbol, quantity with 2 decimals, USD value) and the total', async () => {
    resetFakeFrameClient()
    stubFrameHostFetch()
    const utils = renderWithOriel(<ConnectButton />)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    const list = await ui.findByRole('list', { name: 'Token balances' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Ether: 1.50 ETH, $4,500.00',
      'USD Coin: 12.34 USDC, $12.34',
      'Mystery: 7.00 MYS, —',
    ])
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe('https://example.com/usdc.png')
    expect(items[0]!.querySelector('.token-icon')?.textContent).toBe('E')
    expect(ui.getByTestId('tokens-total').textContent).toBe('Total $4,512.34')
    utils.unmount()
  })

  it('shows no total, only a dash, when the balances cannot be read', async () => {
    resetFakeFrameClient()
    localStorage.clear() // the balances the test before cached (spec §3: fresh for 30 s)
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url).pathname
      if (path.startsWith('/v1/account/')) return new Response('{"message":"upstream failed"}', { status: 502 })
      if (path.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
      return new Response('{"data":[],"count":0}')
    })
    const utils = renderWithOriel(<ConnectButton />)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    await vi.waitFor(() => expect(ui.getByText('Token balances are unavailable.')).toBeTruthy())
    expect(ui.getByTestId('tokens-total').textContent).toBe('Total —')
    utils.unmount()
  })

  it("marks a token not on the operator's list Unverified (issue 38, L-9)", async () => {
    resetFakeFrameClient()
    localStorage.clear()
    const fake = { ...BALANCES.balances[1]!, name: 'USD Coin', address: 'eip155:1:0x0000000000000000000000000000000000000bad', iconUrl: undefined, value: null, price: null, verified: false }
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url).pathname
      if (path.startsWith('/v1/account/')) return Response.json({ balances: [...BALANCES.balances, fake] })
      if (path.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
      return new Response('{"data":[],"count":0}')
    })
    const utils = renderWithOriel(<ConnectButton />)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    const items = within(await ui.findByRole('list', { name: 'Token balances' })).getAllByRole('listitem')
    expect(items.map((item) => [item.getAttribute('aria-label'), item.querySelector('.flag')?.textContent ?? null])).toEqual([
      ['Ether: 1.50 ETH, $4,500.00', null],
      ['USD Coin: 12.34 USDC, $12.34', null],
      ['Mystery: 7.00 MYS, —', null],
      ['USD Coin (unverified): 12.34 USDC, —', 'Unverified'],
    ])
    utils.unmount()
  })
})
