import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfig } from '../config/createConfig'
import { FakeFrameClient, TEST_USER, loadFakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { base, ethereum } from '../networks'
import { createFakeRegistry } from '../../test/fakeRegistry'
import { painted } from '../../test/painted'
import { createTestClient, logInRecordingEvents } from '../../test/testClient'
import { createClient } from './createClient'
import { connectEmail } from '../embedded/actions/connectEmail'
import { switchNetwork } from '../actions/switchNetwork'

const setup = createTestClient

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
    // Not in the opening task: once the first view has painted.
    expect(load).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(client.embedded.getSnapshot().state).toBe('ready'))
    client.modal.close()
    client.modal.open()
    expect(FakeFrameClient.instances).toHaveLength(1)
  })

  it('does not load the frame when the modal closed before its first paint', async () => {
    const { client, load } = setup()
    client.modal.open()
    client.modal.close()
    await painted()
    expect(load).not.toHaveBeenCalled()
  })

  it('does not load the frame without email and socials', async () => {
    const { client, load } = setup({ features: { email: false, socials: false } })
    client.modal.open()
    await painted()
    expect(load).not.toHaveBeenCalled()
  })

  it('shows the project-id alert and skips the frame without a project id', async () => {
    const { client, load } = setup({ projectId: '' })
    client.modal.open()
    expect(client.alerts.getSnapshot().alert?.title).toBe('Project ID Not Configured')
    await painted()
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

describe('the frame learns who the dapp is', () => {
  it('sends the config metadata and project once the frame is ready', async () => {
    resetFakeFrameClient()
    const config = createConfig({
      projectId: 'demo',
      networks: [ethereum],
      metadata: { name: 'Lumen', description: 'd', url: 'http://localhost:5173', icons: [] },
    })
    const client = createClient({ config, loadFrameClient: loadFakeFrameClient, isMobile: () => false })
    await client.embedded.ensureReady()
    await client.embedded.ensureReady()
    expect(FakeFrameClient.instances[0]!.dappData).toMatchObject({
      metadata: { name: 'Lumen', url: 'http://localhost:5173' },
      sdkType: 'appkit',
      projectId: 'demo',
    })
  })
})
