import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfig, type CreateConfigParameters } from '../config/createConfig'
import { FakeFrameClient, TEST_USER, loadFakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { EmailLoginThrottledError, InvalidEmailError, SocialLoginUnavailableError } from '../errors/auth'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { base, ethereum } from '../networks'
import { createFakeRegistry } from '../../test/fakeRegistry'
import { createClient } from './createClient'
import { connectEmail } from '../actions/connectEmail'
import { connectOtp } from '../actions/connectOtp'
import { connectSocial } from '../actions/connectSocial'
import { disconnect } from '../actions/disconnect'
import { switchNetwork } from '../actions/switchNetwork'

function setup(overrides: Partial<CreateConfigParameters> = {}, now = () => 0) {
  const config = createConfig({ projectId: 'demo', networks: [ethereum], ...overrides })
  const load = vi.fn(loadFakeFrameClient)
  const client = createClient({ config, loadFrameClient: load, isMobile: () => false, now })
  return { client, load }
}

/** Mounts `client`, records its events as `NAME {properties}` lines, and logs in by email through the modal. */
async function logInRecordingEvents(client: ReturnType<typeof createClient>) {
  const unmount = client.mount()
  const seen: string[] = []
  client.events.on((event) => seen.push(`${event.name} ${JSON.stringify(event.properties)}`))
  client.modal.open()
  await connectEmail(client, { email: 'ada@example.com' })
  await connectOtp(client, { otp: '123456' })
  return { seen, unmount }
}

describe('createClient', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('loads nothing before the modal opens', () => {
    const { client, load } = setup()
    expect(load).not.toHaveBeenCalled()
    expect(client.embedded.getSnapshot().state).toBe('idle')
  })

  it('preloads the frame when the modal opens with email or socials on', async () => {
    const { client, load } = setup()
    client.modal.open()
    expect(load).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(client.embedded.getSnapshot().state).toBe('ready'))
    client.modal.close()
    client.modal.open()
    expect(FakeFrameClient.instances).toHaveLength(1)
  })

  it('does not load the frame without email and socials', () => {
    const { client, load } = setup({ features: { email: false, socials: false } })
    client.modal.open()
    expect(load).not.toHaveBeenCalled()
  })

  it('shows the project-id alert and skips the frame without a project id', () => {
    const { client, load } = setup({ projectId: '' })
    client.modal.open()
    expect(client.alerts.getSnapshot().alert?.title).toBe('Project ID Not Configured')
    expect(load).not.toHaveBeenCalled()
    return expect(connectEmail(client, { email: 'ada@example.com' })).rejects.toBeInstanceOf(ProjectIdNotConfiguredError)
  })

  it('opens Account when an address is connected', () => {
    const { client } = setup()
    client.account.setState({ address: '0xabc' })
    client.modal.open()
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Account')
  })

  it('sends frame alerts to the snackbar as errors', async () => {
    const { client } = setup()
    await client.embedded.ensureReady()
    FakeFrameClient.instances[0]?.options.onAlert({ id: 'unverified_domain', message: 'Invalid App Configuration' })
    expect(client.snackbar.getSnapshot()).toMatchObject({ open: true, variant: 'error', message: 'Invalid App Configuration' })
  })

  it('connectEmail validates, calls the frame and throttles for 30 s', async () => {
    let time = 1_000_000
    const { client } = setup({}, () => time)
    await expect(connectEmail(client, { email: 'nope' })).rejects.toBeInstanceOf(InvalidEmailError)
    await expect(connectEmail(client, { email: ' ada@example.com ' })).resolves.toEqual({ action: 'VERIFY_OTP', email: 'ada@example.com' })
    time += 12_400
    const error = await connectEmail(client, { email: 'ada@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailLoginThrottledError)
    expect((error as EmailLoginThrottledError).shortMessage).toBe('Please try again after 18 seconds')
    time += 17_600
    await expect(connectEmail(client, { email: 'ada@example.com' })).resolves.toMatchObject({ action: 'VERIFY_OTP' })
  })

  it('keeps the throttle in localStorage across clients, and a login clears it', async () => {
    const time = 1_000_000
    await connectEmail(setup({}, () => time).client, { email: 'ada@example.com' })
    expect(localStorage.getItem('@oriel/embedded/last_email_login_time')).toBe('1000000')
    const { client } = setup({}, () => time + 5_000)
    await expect(connectEmail(client, { email: 'ada@example.com' })).rejects.toBeInstanceOf(EmailLoginThrottledError)
    await connectOtp(client, { otp: '123456' })
    expect(localStorage.getItem('@oriel/embedded/last_email_login_time')).toBeNull()
    await expect(connectEmail(client, { email: 'ada@example.com' })).resolves.toMatchObject({ action: 'VERIFY_OTP' })
  })

  it('mount reconnects a cached embedded-wallet login; without the flag it loads nothing', async () => {
    const first = setup()
    first.client.mount()()
    expect(first.load).not.toHaveBeenCalled()

    localStorage.setItem('@oriel/embedded/login_used', 'true')
    FakeFrameClient.onCreate = (fake) => {
      fake.connected = true
    }
    const { client, load } = setup()
    const unmount = client.mount()
    expect(load).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('connected'))
    expect(client.account.getSnapshot().address).toBe(TEST_USER.address)
    client.modal.open()
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Account')
    unmount()
  })

  it('connectSocial preloads the frame and reports that social login is not wired yet', async () => {
    const { client, load } = setup()
    await expect(connectSocial(client, { provider: 'github' })).rejects.toBeInstanceOf(SocialLoginUnavailableError)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('mount starts EIP-6963 discovery and its cleanup stops it', () => {
    const target = new EventTarget()
    const config = createConfig({ projectId: 'demo', networks: [ethereum] })
    const client = createClient({ config, eip6963Target: () => target, loadFrameClient: loadFakeFrameClient })
    const request = vi.fn()
    target.addEventListener('eip6963:requestProvider', request)
    const unmount = client.mount()
    expect(request).toHaveBeenCalledTimes(1)
    unmount()
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'a', name: 'A', icon: '', rdns: 'a' }, provider: { request } },
      }),
    )
    expect(client.wallets.getSnapshot()).toEqual([])
  })

  it('reports DISCONNECT_SUCCESS, and DISCONNECT_ERROR with the message when the frame fails', async () => {
    const { client } = setup()
    const { seen, unmount } = await logInRecordingEvents(client)
    client.modal.close()
    await disconnect(client)
    FakeFrameClient.instances[0]!.signOut = async () => {
      throw new Error('frame crashed')
    }
    // Logged in again (the connection store is the account's only writer, so no state by hand).
    await connectOtp(client, { otp: '123456' })
    await expect(disconnect(client)).rejects.toThrow('Failed to disconnect')
    expect(seen).toEqual([
      'MODAL_OPEN {"connected":false}',
      expect.stringMatching(/^CONNECT_SUCCESS \{"connector":"AUTH","caipAddress":"eip155:/),
      'MODAL_CLOSE {"connected":true}',
      'DISCONNECT_SUCCESS {}',
      expect.stringMatching(/^CONNECT_SUCCESS \{"connector":"AUTH","caipAddress":"eip155:/), // the login again, above
      'DISCONNECT_ERROR {"message":"Failed to disconnect"}',
    ])
    unmount()
  })

  it('reports SWITCH_NETWORK after a switch and SEARCH_WALLET for each search sent', async () => {
    vi.useFakeTimers()
    const config = createConfig({ projectId: 'demo', networks: [ethereum, base] })
    const registry = createFakeRegistry()
    const client = createClient({ config, loadFrameClient: loadFakeFrameClient, isMobile: () => false, fetch: registry.fetch })
    const { seen, unmount } = await logInRecordingEvents(client)
    await switchNetwork(client, { network: base })
    client.walletList.setSearch('rai')
    client.walletList.setSearch('rain')
    await vi.advanceTimersByTimeAsync(500)
    expect(seen.filter((line) => /^(SWITCH_NETWORK|SEARCH_WALLET)/.test(line))).toEqual([
      'SWITCH_NETWORK {"network":"eip155:8453"}',
      'SEARCH_WALLET {"search":"rain"}',
    ])
    unmount()
    vi.useRealTimers()
  })
})
