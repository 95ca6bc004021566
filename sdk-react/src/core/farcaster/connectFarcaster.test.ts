import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_NOT_APPROVED } from '../../codec/constants.gen'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient as setup, freshEachTest } from '../../test/testClient'
import { disconnect } from '../actions/disconnect'
import { FARCASTER_BACK_RESET_DELAY_MS } from '../constants'
import { FrameRequestError } from '../frame/errors'
import { connectFarcaster } from './connectFarcaster'
import { FarcasterAuthInitError, FarcasterLinkExpiredError } from './errors'
import { getConnectedSocial } from './social'

const frame = () => {
  const fake = FakeFrameClient.instances.at(-1)
  if (!fake) throw new Error('no frame created')
  return fake
}

/** Waits until the frame has been asked `n` times for the approval. */
async function asked(n: number) {
  await vi.waitFor(() => expect(frame().farcasterAsked).toBe(n))
}

describe('connectFarcaster', () => {
  freshEachTest()
  afterEach(() => vi.useRealTimers())

  it('shows the link, asks again once a second until approved, then connects with the account', async () => {
    vi.useFakeTimers()
    const { client } = setup()
    const login = connectFarcaster(client)
    await vi.advanceTimersByTimeAsync(0)
    expect(client.account.getSnapshot().farcasterUrl).toBe(frame().farcasterUrl)
    expect(frame().farcasterAsked).toBe(1)
    // Not again before a second has passed.
    await vi.advanceTimersByTimeAsync(900)
    expect(frame().farcasterAsked).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(frame().farcasterAsked).toBe(2)
    frame().farcasterApproved = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(frame().farcasterAsked).toBe(3)
    const user = await login
    expect(user.userName).toBe('devnet-ada')
    const account = client.account.getSnapshot()
    expect(account.status).toBe('connected')
    expect(account.farcasterUrl).toBeUndefined()
    // Spec §3: the connected social provider and username are kept (and the avatar).
    expect(getConnectedSocial()).toEqual({
      provider: 'farcaster',
      username: 'devnet-ada',
      image: 'https://i.farcaster.test/ada.png',
    })
    // Disconnect forgets them.
    await disconnect(client)
    expect(getConnectedSocial()).toEqual({ provider: undefined, username: undefined, image: undefined })
  })

  it('stops waiting when aborted, and drops the link', async () => {
    const { client } = setup()
    const controller = new AbortController()
    const login = connectFarcaster(client, { signal: controller.signal })
    await asked(1)
    controller.abort(new DOMException('gone', 'AbortError'))
    await expect(login).rejects.toThrow('gone')
    expect(client.account.getSnapshot().farcasterUrl).toBeUndefined()
    expect(client.account.getSnapshot().status).toBe('disconnected')
  })

  it('says so when the link expired', async () => {
    const { client } = setup()
    FakeFrameClient.onCreate = (fake) => {
      fake.connectFarcaster = async () => {
        throw new FrameRequestError({ code: 'Unauthorized', message: 'expired', request: 'ConnectFarcaster' })
      }
    }
    await expect(connectFarcaster(client)).rejects.toBeInstanceOf(FarcasterLinkExpiredError)
    expect(client.account.getSnapshot().farcasterUrl).toBeUndefined()
  })

  it('says when this device of a returning account must be approved first, not that the link expired', async () => {
    const { client } = setup()
    FakeFrameClient.onCreate = (fake) => {
      fake.connectFarcaster = async () => {
        throw new FrameRequestError({ code: 'Unauthorized', message: DEVICE_NOT_APPROVED, request: 'ConnectFarcaster' })
      }
    }
    const error = await connectFarcaster(client).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(FarcasterLinkExpiredError)
    expect((error as FrameRequestError).shortMessage).toBe(DEVICE_NOT_APPROVED)
    expect(client.account.getSnapshot().farcasterUrl).toBeUndefined()
  })

  it("fails with the spec's text when no link can be had", async () => {
    const { client } = setup()
    FakeFrameClient.onCreate = (fake) => {
      fake.getFarcasterUri = async () => {
        throw new FrameRequestError({ code: 'Unavailable', message: 'Sign In With Farcaster is not set up', request: 'GetFarcasterUri' })
      }
    }
    const error = await connectFarcaster(client).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FarcasterAuthInitError)
    expect((error as FarcasterAuthInitError).shortMessage).toBe('A problem occurred while trying initialize authentication')
  })

  it('going back from ConnectingFarcaster with no address drops the link 100 ms later', async () => {
    vi.useFakeTimers()
    const { client } = setup()
    // A first login registers the reset (its code loads with the view); it ended long ago.
    const first = new AbortController()
    const login = connectFarcaster(client, { signal: first.signal }).catch(() => {})
    first.abort()
    await login
    client.account.setState({ farcasterUrl: 'https://farcaster.test/~/siwf?channelToken=t' })
    client.modal.open()
    client.modal.push('ConnectingFarcaster')
    client.modal.goBack()
    vi.advanceTimersByTime(FARCASTER_BACK_RESET_DELAY_MS - 1)
    expect(client.account.getSnapshot().farcasterUrl).toBeDefined()
    vi.advanceTimersByTime(1)
    expect(client.account.getSnapshot().farcasterUrl).toBeUndefined()
  })
})
