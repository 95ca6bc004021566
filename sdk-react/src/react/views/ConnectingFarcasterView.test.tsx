import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FARCASTER_BACK_RESET_DELAY_MS } from '../../core/constants'
import { FrameRequestError } from '../../core/frame/errors'
import { FakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'

const frame = () => {
  const fake = FakeFrameClient.instances.at(-1)
  if (!fake) throw new Error('no frame created')
  return fake
}

/** Renders the dapp and opens ConnectingFarcaster from the Connect view's Farcaster button. */
async function openFarcaster() {
  const utils = renderWithOriel(<ConnectButton />, { features: { socials: ['farcaster', 'github'] } })
  fireEvent.click(utils.getByRole('button', { name: 'Connect Wallet' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  fireEvent.click(await ui.findByRole('button', { name: 'Continue with Farcaster' }))
  return { ...utils, ui }
}

describe('ConnectingFarcaster', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    unmount()
    vi.useRealTimers()
  })

  it('shows the sign-in link as a QR code with Copy link, then the account with its username and picture', async () => {
    const { ui, client, ...utils } = await openFarcaster()
    unmount = utils.unmount
    const qr = await ui.findByTestId('farcaster-qr')
    expect(await ui.findByRole('heading', { name: 'Farcaster' })).toBeTruthy()
    expect(qr.getAttribute('data-uri')).toBe(frame().farcasterUrl)
    expect(ui.getByRole('img', { name: 'QR code for signing in with Farcaster' })).toBeTruthy()
    expect(ui.getByRole('button', { name: 'Copy link' }).hasAttribute('disabled')).toBe(false)
    expect(ui.getByText('Waiting for you to approve in Farcaster…')).toBeTruthy()

    await act(async () => {
      frame().farcasterApproved = true
    })
    // Logged in, the modal closes; it opens on the account next.
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false), { timeout: 3000 })
    await act(async () => client.modal.open())
    expect((await ui.findByTestId('account-name')).textContent).toBe('devnet-ada')
    expect(ui.getByTestId('account-social').textContent).toBe('@devnet-ada')
    expect(ui.getByTestId('account-avatar').getAttribute('src')).toBe('https://i.farcaster.test/ada.png')
    expect(client.account.getSnapshot().status).toBe('connected')
  })

  it('offers a new link once the link expired', async () => {
    let expire = true
    FakeFrameClient.onCreate = (fake) => {
      const approve = fake.connectFarcaster
      fake.connectFarcaster = async () => {
        if (expire) throw new FrameRequestError({ code: 'Unauthorized', message: 'expired', request: 'ConnectFarcaster' })
        return approve()
      }
    }
    const { ui, client, ...utils } = await openFarcaster()
    unmount = utils.unmount
    const alert = await ui.findByRole('alert')
    expect(alert.textContent).toContain('This Farcaster sign-in link has expired: get a new one')
    expire = false
    frame().farcasterApproved = true
    fireEvent.click(ui.getByRole('button', { name: 'Get a new link' }))
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'), { timeout: 3000 })
    expect(frame().farcasterAsked).toBe(1)
  })

  it("says a sign-in that cannot start cannot, and goes back to Connect (spec §8)", async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.getFarcasterUri = async () => {
        throw new FrameRequestError({ code: 'NotFound' as never, message: 'not set up', request: 'GetFarcasterUri' })
      }
    }
    const { ui, client, ...utils } = await openFarcaster()
    unmount = utils.unmount
    expect(await ui.findByText('A problem occurred while trying initialize authentication')).toBeTruthy()
    await vi.waitFor(() => expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Connect'))
  })

  it('going back stops the wait and drops the link 100 ms later', async () => {
    const { ui, client, ...utils } = await openFarcaster()
    unmount = utils.unmount
    await ui.findByTestId('farcaster-qr')
    vi.useFakeTimers()
    await act(async () => client.modal.goBack())
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Connect')
    await act(async () => vi.advanceTimersByTimeAsync(FARCASTER_BACK_RESET_DELAY_MS))
    expect(client.account.getSnapshot().farcasterUrl).toBeUndefined()
    const asked = frame().farcasterAsked
    await act(async () => vi.advanceTimersByTimeAsync(5_000))
    expect(frame().farcasterAsked).toBe(asked)
  })
})
