import { act, fireEvent, render, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { stubFrameHostFetch } from '../../test/balances'
import { TEST_USER, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { AccountAvatar } from './AccountAvatar'

/** Logs in through the (fake) frame and opens the Account view. */
async function openAccount() {
  const utils = renderWithOriel(<ConnectButton />)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui }
}

describe('Account header identity', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it("shows the identity's name and avatar once frame-host answers", async () => {
    stubFrameHostFetch({ name: 'ada.oriel', avatar: 'https://img.test/ada.png' })
    const { ui, ...utils } = await openAccount()
    unmount = utils.unmount
    await vi.waitFor(() => expect(ui.getByTestId('account-name').textContent).toBe('ada.oriel'))
    expect(ui.getByTestId('account-name').getAttribute('title')).toBe(TEST_USER.address)
    expect(ui.getByTestId('account-avatar').getAttribute('src')).toBe('https://img.test/ada.png')
    expect(ui.getByTestId('account-address').textContent).toBe(TEST_USER.address)
    expect(utils.client.account.getSnapshot()).toMatchObject({ profileName: 'ada.oriel', profileImage: 'https://img.test/ada.png' })
    const cached = JSON.parse(localStorage.getItem('@oriel/identity_cache') ?? '{}')
    expect(cached[TEST_USER.address.toLowerCase()]).toMatchObject({ name: 'ada.oriel', avatar: 'https://img.test/ada.png' })
  })

  it('without a name shows the short address and the generated avatar', async () => {
    stubFrameHostFetch()
    const { ui, ...utils } = await openAccount()
    unmount = utils.unmount
    await vi.waitFor(() => expect(localStorage.getItem('@oriel/identity_cache')).toContain('"name":null'))
    expect(ui.getByTestId('account-name').textContent).toBe('0x1234…abcd')
    const avatar = ui.getByTestId('account-avatar')
    expect(avatar.tagName).toBe('SPAN')
    expect(avatar.getAttribute('style')).toContain('linear-gradient')
  })
})

describe('AccountAvatar', () => {
  const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

  it('is the same gradient for the same address, another for another', () => {
    const style = (a: string) => render(<AccountAvatar address={a} image={undefined} />).container.firstElementChild?.getAttribute('style')
    expect(style(address)).toBe(style(address))
    expect(style(address)).not.toBe(style('0x000000000000000000000000000000000000dEaD'))
  })

  it('falls back to the gradient for an avatar that is not an image URL or fails to load', () => {
    const nft = render(<AccountAvatar address={address} image="eip155:1/erc721:0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb/2430" />)
    expect(nft.container.firstElementChild?.tagName).toBe('SPAN')
    const script = render(<AccountAvatar address={address} image="javascript:alert(1)" />)
    expect(script.container.firstElementChild?.tagName).toBe('SPAN')
    const broken = render(<AccountAvatar address={address} image="https://img.test/missing.png" />)
    const img = broken.container.firstElementChild as HTMLImageElement
    expect(img.tagName).toBe('IMG')
    fireEvent.error(img)
    expect(broken.container.firstElementChild?.tagName).toBe('SPAN')
  })
})
