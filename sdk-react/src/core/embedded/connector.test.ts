import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient, TEST_USER, loadFakeFrameClient, notConnected, resetFakeFrameClient } from '../../test/fakeFrameClient'
import type { AccountStore } from '../account/accountStore'
import { connectOtp } from './actions/connectOtp'
import { disconnect } from '../actions/disconnect'
import { reconnect } from '../actions/reconnect'
import { getLoginNotKept, requestStorageAccess } from './actions/storageAccess'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from './actions/updateEmail'
import { waitForDeviceApproval, type WaitForDeviceApprovalParameters } from './actions/waitForDeviceApproval'
import { createClient } from '../client/createClient'
import { createConfig } from '../config/createConfig'
import { DisconnectError } from '../errors/auth'
import { FrameRequestError } from '../frame/errors'
import { ethereum } from '../networks'

/**
 * A client whose embedded-wallet connector is driven through the actions, as `auth.x()` calls
 * (the names the embedded wallet's login steps had before it became a connector).
 */
function setup({ enabled = true } = {}) {
  const load = vi.fn(loadFakeFrameClient)
  const config = createConfig({
    projectId: 'demo',
    networks: [ethereum],
    ...(enabled ? {} : { features: { email: false, socials: false } }),
  })
  const client = createClient({ config, loadFrameClient: load, isMobile: () => false })
  const { account, embedded, connection } = client
  const auth = {
    waitForDeviceApproval: (parameters?: WaitForDeviceApprovalParameters) => waitForDeviceApproval(client, parameters),
    connectOtp: (otp: string) => connectOtp(client, { otp }),
    /** What the provider's mount starts: the reconnect of what is stored. */
    start: () => connection.start(),
    reconnect: () => reconnect(client, { connectorIds: [client.embeddedConnector.id] }),
    disconnect: () => disconnect(client),
    loginNotKept: () => getLoginNotKept(client),
    requestStorageAccess: () => requestStorageAccess(client),
    updateEmail: (email: string) => updateEmail(client, { email }),
    updateEmailPrimaryOtp: (otp: string) => updateEmailPrimaryOtp(client, { otp }),
    updateEmailSecondaryOtp: (otp: string) => updateEmailSecondaryOtp(client, { otp }),
  }
  const frame = () => {
    const fake = FakeFrameClient.instances.at(-1)
    if (!fake) throw new Error('no frame created')
    return fake
  }
  return { auth, account, embedded, load, frame }
}

/** Every status the account store goes through. */
function recordStatuses(account: AccountStore) {
  const statuses: string[] = []
  account.subscribe(() => statuses.push(account.getSnapshot().status))
  return statuses
}

const LOGGED_IN = {
  '@oriel/embedded/login_used': 'true',
  '@oriel/embedded/email': 'ada@example.com',
  '@oriel/embedded/last_used_chain_id': 'eip155:1',
  '@oriel/connected_connector_id': 'AUTH',
  '@oriel/connection_status': 'connected',
}

const stored = () => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))

describe('embedded wallet connector', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  describe('waitForDeviceApproval', () => {
    it('asks again while the frame answers NotConnected, at most once a second', async () => {
      vi.useFakeTimers()
      let calls = 0
      FakeFrameClient.onCreate = (fake) => {
        fake.connectDevice = async () => {
          if (++calls < 3) throw notConnected()
        }
      }
      const { auth } = setup()
      let approved = false
      void auth.waitForDeviceApproval().then(() => (approved = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(calls).toBe(2)
      expect(approved).toBe(false)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(calls).toBe(3)
      expect(approved).toBe(true)
    })

    it('stops asking once the signal aborts', async () => {
      vi.useFakeTimers()
      const connectDevice = vi.fn(async () => {
        throw notConnected()
      })
      FakeFrameClient.onCreate = (fake) => {
        fake.connectDevice = connectDevice
      }
      const { auth } = setup()
      const controller = new AbortController()
      const done = auth.waitForDeviceApproval({ signal: controller.signal }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(2_500)
      expect(connectDevice).toHaveBeenCalledTimes(3)
      controller.abort()
      expect(((await done) as Error).name).toBe('AbortError')
      await vi.advanceTimersByTimeAsync(10_000)
      expect(connectDevice).toHaveBeenCalledTimes(3)
    })

    it('rejects with any other frame error', async () => {
      FakeFrameClient.onCreate = (fake) => {
        fake.connectDevice = async () => {
          throw new FrameRequestError({ code: 'Unauthorized', message: 'Link expired', request: 'ConnectDevice' })
        }
      }
      await expect(setup().auth.waitForDeviceApproval()).rejects.toMatchObject({ shortMessage: 'Link expired' })
    })
  })

  describe('connectOtp', () => {
    it('connects the account from the user and caches the login', async () => {
      localStorage.setItem('@oriel/embedded/last_email_login_time', '123')
      const { auth, account, frame } = setup()
      const statuses = recordStatuses(account)
      await expect(auth.connectOtp('123456')).resolves.toEqual(TEST_USER)
      expect(frame().connected).toBe(true)
      expect(account.getSnapshot()).toEqual({
        address: TEST_USER.address,
        caipAddress: `eip155:1:${TEST_USER.address}`,
        status: 'connected',
        namespace: 'eip155',
        connectorId: 'AUTH',
        user: TEST_USER,
        allAccounts: TEST_USER.accounts,
        smartAccountDeployed: false,
        preferredAccountType: 'eoa',
      })
      expect(statuses).toEqual(['connecting', 'connected'])
      expect(stored()).toEqual(LOGGED_IN)
    })

    it('leaves the account and storage alone when the code is wrong', async () => {
      FakeFrameClient.onCreate = (fake) => {
        fake.connectOtp = async () => {
          throw new FrameRequestError({ code: 'Unauthorized', message: 'Invalid code', request: 'ConnectOtp' })
        }
      }
      const { auth, account } = setup()
      await expect(auth.connectOtp('000000')).rejects.toMatchObject({ shortMessage: 'Invalid code' })
      expect(account.getSnapshot().status).toBe('disconnected')
      expect(stored()).toEqual({})
    })

    it('asks the frame once: the code answers with the user, on the network and account type asked', async () => {
      const { auth, frame, embedded } = setup()
      await embedded.ensureReady()
      const getUser = vi.spyOn(frame(), 'getUser')
      const connectOtp = vi.spyOn(frame(), 'connectOtp')
      await expect(auth.connectOtp('123456')).resolves.toEqual(TEST_USER)
      expect(connectOtp.mock.calls).toEqual([['123456', 'eip155:1', 'smartAccount']])
      expect(getUser).not.toHaveBeenCalled()
    })

    it('restores the status when fetching the user fails', async () => {
      FakeFrameClient.onCreate = (fake) => {
        // The code was right, but the frame could not read the user of the session it opened.
        fake.connectOtp = async () => {
          fake.connected = true
          throw new FrameRequestError({ code: 'Internal', message: 'An error occurred', request: 'ConnectOtp' })
        }
      }
      const { auth, account } = setup()
      await expect(auth.connectOtp('123456')).rejects.toBeInstanceOf(FrameRequestError)
      expect(account.getSnapshot().status).toBe('disconnected')
    })
  })

  describe('reconnect', () => {
    it('touches nothing at start without the cached login flag', () => {
      const { auth, load, account } = setup()
      const stop = auth.start()
      expect(load).not.toHaveBeenCalled()
      expect(account.getSnapshot().status).toBe('disconnected')
      stop()
    })

    it('does not reconnect when the config does not use the embedded wallet', () => {
      localStorage.setItem('@oriel/embedded/login_used', 'true')
      const { auth, load } = setup({ enabled: false })
      auth.start()()
      expect(load).not.toHaveBeenCalled()
    })

    it('reconnects from the frame session when the flag is set', async () => {
      localStorage.setItem('@oriel/embedded/login_used', 'true')
      FakeFrameClient.onCreate = (fake) => {
        fake.connected = true
      }
      const { auth, account, load } = setup()
      const statuses = recordStatuses(account)
      const stop = auth.start()
      expect(load).toHaveBeenCalledTimes(1)
      await vi.waitFor(() => expect(account.getSnapshot().status).toBe('connected'))
      expect(statuses).toEqual(['reconnecting', 'connected'])
      expect(account.getSnapshot().address).toBe(TEST_USER.address)
      expect(stored()).toMatchObject(LOGGED_IN)
      stop()
    })

    it('clears the flag when the frame has no session', async () => {
      localStorage.setItem('@oriel/embedded/login_used', 'true')
      localStorage.setItem('@oriel/embedded/email', 'ada@example.com')
      const { auth, account } = setup()
      const statuses = recordStatuses(account)
      await auth.reconnect()
      expect(statuses).toEqual(['reconnecting', 'disconnected'])
      expect(localStorage.getItem('@oriel/embedded/login_used')).toBeNull()
      expect(localStorage.getItem('@oriel/embedded/email')).toBeNull()
    })

    it('keeps the flag when the frame fails, and ends disconnected', async () => {
      localStorage.setItem('@oriel/embedded/login_used', 'true')
      FakeFrameClient.onCreate = (fake) => {
        fake.isConnected = async () => {
          throw new Error('frame down')
        }
      }
      const { auth, account } = setup()
      await auth.reconnect()
      expect(account.getSnapshot().status).toBe('disconnected')
      expect(localStorage.getItem('@oriel/embedded/login_used')).toBe('true')
    })

    it('runs one reconnect at a time', async () => {
      const isConnected = vi.fn(async () => true)
      FakeFrameClient.onCreate = (fake) => {
        fake.connected = true
        fake.isConnected = isConnected
      }
      const { auth, account } = setup()
      const first = auth.reconnect()
      expect(auth.reconnect()).toBe(first)
      await first
      expect(isConnected).toHaveBeenCalledTimes(1)
      expect(account.getSnapshot().status).toBe('connected')
    })

    it('ignores a reconnect started before the cleanup (StrictMode remount)', async () => {
      localStorage.setItem('@oriel/embedded/login_used', 'true')
      const releases: (() => void)[] = []
      FakeFrameClient.onCreate = (fake) => {
        fake.connected = true
        fake.ready = new Promise((resolve) => releases.push(resolve))
      }
      const { auth, account, embedded } = setup()
      const statuses = recordStatuses(account)
      auth.start()()
      await vi.waitFor(() => expect(FakeFrameClient.instances).toHaveLength(1))
      embedded.destroy()
      const stop = auth.start()
      await vi.waitFor(() => expect(FakeFrameClient.instances).toHaveLength(2))
      FakeFrameClient.instances[0]!.connected = false // the stale run would clear the flag
      for (const release of releases) release()
      await vi.waitFor(() => expect(account.getSnapshot().status).toBe('connected'))
      expect(statuses).toEqual(['reconnecting', 'connected'])
      expect(localStorage.getItem('@oriel/embedded/login_used')).toBe('true')
      stop()
    })
  })

  describe('disconnect', () => {
    async function connected() {
      const utils = setup()
      await utils.auth.connectOtp('123456')
      localStorage.setItem('@oriel/connected_social_username', 'ada')
      return utils
    }

    it('signs out of the frame, resets the account and clears the cached login', async () => {
      const { auth, account, frame } = await connected()
      const signOut = vi.spyOn(frame(), 'signOut')
      await auth.disconnect()
      expect(signOut).toHaveBeenCalledTimes(1)
      expect(account.getSnapshot()).toMatchObject({ status: 'disconnected', address: undefined, caipAddress: undefined, user: undefined })
      expect(stored()).toEqual({ '@oriel/connection_status': 'disconnected' })
    })

    it('fails with "Failed to disconnect" and stays connected when signing out fails', async () => {
      const { auth, account, frame } = await connected()
      frame().signOut = async () => {
        throw new FrameRequestError({ code: 'Unavailable', message: 'frame-host is down', request: 'SignOut' })
      }
      const error = await auth.disconnect().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DisconnectError)
      expect((error as DisconnectError).shortMessage).toBe('Failed to disconnect')
      expect(account.getSnapshot().status).toBe('connected')
      expect(localStorage.getItem('@oriel/embedded/login_used')).toBe('true')
    })

    it('treats a session that is already gone as signed out', async () => {
      const { auth, account, frame } = await connected()
      frame().signOut = async () => {
        throw notConnected('SignOut')
      }
      await auth.disconnect()
      expect(account.getSnapshot().status).toBe('disconnected')
    })
  })

  describe('a browser that gives the wallet frame no lasting storage', () => {
    const blocked = { persistent: false, canRequest: true }
    const logIn = async () => {
      const { auth, account, frame, embedded } = setup()
      await embedded.ensureReady()
      frame().setStatus({ ...frame().getStatus(), storage: blocked })
      await auth.connectOtp('123456')
      return { auth, account, frame }
    }

    it('says at the next visit why the login is gone', async () => {
      const { auth } = await logIn()
      expect(localStorage.getItem('@oriel/embedded/login_not_kept')).toBe('true')
      // Logged in within the page: nothing to explain.
      expect(auth.loginNotKept()).toBe(false)

      // The next visit: a new frame that has no session.
      resetFakeFrameClient()
      const next = setup()
      next.auth.start()
      await vi.waitFor(() => expect(next.account.getSnapshot().status).toBe('disconnected'))
      expect(next.auth.loginNotKept()).toBe(true)
    })

    it('has nothing to explain after a sign-out', async () => {
      const { auth } = await logIn()
      await auth.disconnect()
      expect(auth.loginNotKept()).toBe(false)
      expect(localStorage.getItem('@oriel/embedded/login_not_kept')).toBeNull()
    })

    it('forgets the reason once the browser lets the frame keep its storage', async () => {
      const { auth, frame } = await logIn()
      frame().grantsStorage = true
      expect(await auth.requestStorageAccess()).toBe(true)
      expect(localStorage.getItem('@oriel/embedded/login_not_kept')).toBeNull()
    })

    it('keeps the reason when the browser refuses', async () => {
      const { auth } = await logIn()
      expect(await auth.requestStorageAccess()).toBe(false)
      expect(localStorage.getItem('@oriel/embedded/login_not_kept')).toBe('true')
    })

    it('has nothing to explain when the storage persists', async () => {
      const { auth } = setup()
      await auth.connectOtp('123456')
      expect(localStorage.getItem('@oriel/embedded/login_not_kept')).toBeNull()
    })
  })

  it('disconnects when the frame reports that the session ended', async () => {
    const { auth, account, frame } = setup()
    const stop = auth.start()
    await auth.connectOtp('123456')
    frame().setStatus({ ...frame().status, session: { isConnected: true, chainId: 'eip155:1', address: TEST_USER.address } })
    expect(account.getSnapshot().status).toBe('connected')
    frame().setStatus({ ...frame().status, session: { isConnected: false, chainId: 'eip155:1', address: null } })
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(localStorage.getItem('@oriel/embedded/login_used')).toBeNull()
    stop()
  })
})

describe('embedded wallet connector: email update', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('rejects an invalid email before asking the frame', async () => {
    const updateEmail = vi.fn(async (_email: string) => ({ action: 'VERIFY_PRIMARY_OTP' as const }))
    FakeFrameClient.onCreate = (fake) => {
      fake.updateEmail = updateEmail
    }
    const { auth, load } = setup()
    await expect(auth.updateEmail('not-an-email')).rejects.toMatchObject({ name: 'InvalidEmailError', shortMessage: 'Invalid email' })
    expect(load).not.toHaveBeenCalled()
    expect(updateEmail).not.toHaveBeenCalled()
  })

  it('runs both code steps, then shows the new email on the account and in the cached login', async () => {
    const calls: string[] = []
    FakeFrameClient.onCreate = (fake) => {
      fake.updateEmail = async (email) => {
        calls.push(`start ${email}`)
        return { action: 'VERIFY_PRIMARY_OTP' }
      }
      fake.updateEmailPrimaryOtp = async (otp) => {
        calls.push(`primary ${otp}`)
      }
      fake.updateEmailSecondaryOtp = async (otp) => {
        calls.push(`secondary ${otp}`)
        return { newEmail: 'grace@example.com' }
      }
    }
    const { auth, account } = setup()
    await auth.connectOtp('123456')
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('ada@example.com')
    expect(await auth.updateEmail('  grace@example.com ')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await auth.updateEmailPrimaryOtp('111111')).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(account.getSnapshot().user?.email).toBe('ada@example.com')
    expect(await auth.updateEmailSecondaryOtp('222222')).toBe('grace@example.com')
    expect(calls).toEqual(['start grace@example.com', 'primary 111111', 'secondary 222222'])
    expect(account.getSnapshot()).toMatchObject({ status: 'connected', user: { ...TEST_USER, email: 'grace@example.com' } })
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('grace@example.com')
  })

  it("passes the frame's error through and changes nothing", async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.updateEmailSecondaryOtp = async () => {
        throw new FrameRequestError({ code: 'Unauthorized', message: 'Invalid code', request: 'UpdateEmailSecondaryOtp' })
      }
    }
    const { auth, account } = setup()
    await auth.connectOtp('123456')
    await expect(auth.updateEmailSecondaryOtp('000000')).rejects.toMatchObject({ shortMessage: 'Invalid code' })
    expect(account.getSnapshot().user?.email).toBe('ada@example.com')
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('ada@example.com')
  })
})
