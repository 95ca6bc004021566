import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient as setup, freshEachTest } from '../../test/testClient'
import type { OrielClient } from '../client/createClient'
import { LOGIN_TOO_LONG, POPUP_CLOSED, SOCIAL_LOGIN_TIMEOUT_MS } from '../embedded/socialLogin'
import { SocialLoginError } from '../errors/social'
import { connectSocial } from './connectSocial'
import { disconnect } from './disconnect'
import { getAccount } from './getAccount'

const FRAME_HOST = 'http://127.0.0.1:8787'

/** A popup window as `window.open` returns it: where it was sent, and whether it is closed. */
class FakePopup {
  closed = false
  sentTo: string[] = []
  location = { replace: (url: string) => void this.sentTo.push(url) }
  close() {
    this.closed = true
  }
}

let popup: FakePopup
let open: ReturnType<typeof vi.fn>

beforeEach(() => {
  popup = new FakePopup()
  open = vi.fn(() => popup)
  vi.stubGlobal('open', open)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** Posts `data` to the page as a window message from `origin` and `source`. */
function post(data: unknown, { origin = FRAME_HOST, source = popup as unknown }: { origin?: string; source?: unknown } = {}) {
  const event = new MessageEvent('message', { data, origin })
  Object.defineProperty(event, 'source', { value: source })
  window.dispatchEvent(event)
}

const done = (provider = 'google') => ({ type: 'oriel:social-done', version: 1, provider, ok: true })
const declined = {
  type: 'oriel:social-done',
  version: 1,
  provider: 'google',
  ok: false,
  error: { code: 'access_denied', message: 'Sign-in with Google was declined' },
}

/** Resolves once the popup was sent to the provider. */
async function sentToProvider() {
  await vi.waitFor(() => expect(popup.sentTo).toHaveLength(1))
  return popup.sentTo[0]!
}

async function failure(login: Promise<unknown>): Promise<SocialLoginError> {
  const error = await login.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SocialLoginError)
  return error as SocialLoginError
}

/** `client` with its modal open (on Connect). */
function mounted(client: OrielClient) {
  client.modal.open()
  return () => client.modal.close()
}

describe('connectSocial', () => {
  freshEachTest()

  it('opens the popup before it waits for anything, sends it to the provider and connects once the popup says so', async () => {
    const { client } = setup()
    const unmount = mounted(client)
    const login = connectSocial(client, { provider: 'google' })
    // Synchronously, under the click's user activation.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank', 'popup,width=480,height=640')
    const uri = await sentToProvider()
    expect(uri).toBe('http://127.0.0.1:8700/google/auth?state=login-1')
    // Nothing happens on a message from another origin, another window, or of another shape.
    post(done(), { origin: 'http://localhost:5173' })
    post(done(), { source: window })
    post(done('github'))
    post({ ...done(), extra: 1 })
    post(done(), { origin: `${FRAME_HOST}/` })
    await new Promise((r) => setTimeout(r, 20))
    expect(client.account.getSnapshot().status).not.toBe('connected')
    post(done())
    const user = await login
    expect(user.userName).toBe('ada')
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', connectorId: 'AUTH', socialProvider: 'google' })
    expect(getAccount(client)).toMatchObject({ isConnected: true, email: undefined, socialProvider: 'google', socialUsername: 'ada' })
    expect(localStorage.getItem('@oriel/connected_social_provider')).toBe('google')
    expect(localStorage.getItem('@oriel/connected_social_username')).toBe('ada')
    // Disconnect clears them.
    await disconnect(client)
    expect(localStorage.getItem('@oriel/connected_social_provider')).toBeNull()
    expect(localStorage.getItem('@oriel/connected_social_username')).toBeNull()
    expect(client.account.getSnapshot().socialProvider).toBeUndefined()
    unmount()
  })

  it('a declined consent says so, closes the popup, signs the frame out and resets the modal to Connect', async () => {
    const { client } = setup()
    const unmount = mounted(client)
    client.modal.push('WhatIsAWallet')
    const login = connectSocial(client, { provider: 'google' })
    await sentToProvider()
    const fake = FakeFrameClient.instances[0]!
    const signOut = vi.spyOn(fake, 'signOut')
    post(declined)
    const error = await failure(login)
    expect(error.shortMessage).toBe('A problem occurred while trying initialize authentication')
    expect(error.reason).toBe('Sign-in with Google was declined')
    expect(popup.closed).toBe(true)
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(client.modal.getSnapshot().history.map((e) => e.view)).toEqual(['Connect'])
    expect(client.account.getSnapshot().status).toBe('disconnected')
    expect(localStorage.getItem('@oriel/connected_social_provider')).toBeNull()
    unmount()
  })

  it('a popup closed by the user ends the login with its message, once a late message had time to arrive', async () => {
    vi.useFakeTimers()
    const { client } = setup()
    const unmount = mounted(client)
    const login = connectSocial(client, { provider: 'github' })
    let settled = false
    login.catch(() => {}).finally(() => (settled = true))
    await sentToProvider()
    popup.closed = true
    // Seen closed at the next look (500 ms), then a second's grace.
    await vi.advanceTimersByTimeAsync(1_400)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(settled).toBe(true)
    expect((await failure(login)).reason).toBe(POPUP_CLOSED)
    unmount()
  })

  it('a popup closed before the provider was named ends the login at once', async () => {
    const { client } = setup()
    const unmount = mounted(client)
    let name = (_uri: string) => {}
    FakeFrameClient.onCreate = (fake) => {
      fake.getSocialRedirectUri = () => new Promise<string>((resolve) => (name = resolve))
    }
    const login = connectSocial(client, { provider: 'google' })
    await vi.waitFor(() => expect(FakeFrameClient.instances).toHaveLength(1))
    popup.closed = true
    name('http://127.0.0.1:8700/google/auth?state=login-1')
    expect((await failure(login)).reason).toBe(POPUP_CLOSED)
    expect(popup.sentTo).toEqual([])
    unmount()
  })

  it('a message posted just before the popup closed still connects', async () => {
    vi.useFakeTimers()
    const { client } = setup()
    const unmount = mounted(client)
    const login = connectSocial(client, { provider: 'google' })
    await sentToProvider()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(1_400)
    post(done())
    await expect(login).resolves.toMatchObject({ userName: 'ada' })
    unmount()
  })

  it('a popup that neither answers nor closes ends the login after the time frame-host allows', async () => {
    vi.useFakeTimers()
    const { client } = setup()
    const unmount = mounted(client)
    const login = connectSocial(client, { provider: 'google' })
    let settled = false
    login.catch(() => {}).finally(() => (settled = true))
    await sentToProvider()
    await vi.advanceTimersByTimeAsync(SOCIAL_LOGIN_TIMEOUT_MS - 1_000)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1_000)
    expect((await failure(login)).reason).toBe(LOGIN_TOO_LONG)
    expect(popup.closed).toBe(true)
    unmount()
  })

  it('a blocked popup, Farcaster, a second login at once and a frame error each say why', async () => {
    const { client } = setup()
    const unmount = mounted(client)
    open.mockReturnValueOnce(null)
    expect((await failure(connectSocial(client, { provider: 'google' }))).reason).toBe(
      'The browser blocked the sign-in window: allow pop-ups for this site',
    )
    expect((await failure(connectSocial(client, { provider: 'farcaster' }))).reason).toBe(
      'farcaster does not sign in through a popup',
    )
    expect(popup.closed).toBe(true)
    popup = new FakePopup()
    const first = connectSocial(client, { provider: 'google' })
    await sentToProvider()
    const firstPopup = popup
    popup = new FakePopup()
    open.mockReturnValueOnce(popup)
    expect((await failure(connectSocial(client, { provider: 'x' }))).reason).toBe('A sign-in is already in progress')
    expect(popup.closed).toBe(true)
    popup = firstPopup
    post(declined)
    await failure(first)

    FakeFrameClient.instances[0]!.getSocialRedirectUri = async () => {
      throw new Error('Sign-in with Google is not set up')
    }
    popup = new FakePopup()
    open.mockReturnValue(popup)
    const error = await failure(connectSocial(client, { provider: 'google' }))
    expect(error.reason).toBe('Sign-in with Google is not set up')
    expect(popup.closed).toBe(true)
    unmount()
  })

  it('needs a project id', async () => {
    const { client } = setup({ projectId: '' })
    await expect(connectSocial(client, { provider: 'google' })).rejects.toThrow('Project ID Not Configured')
    expect(open).not.toHaveBeenCalled()
  })
})
