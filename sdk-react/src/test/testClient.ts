// A client with the fake frame, for the tests of the core and its actions.
import { beforeEach, vi } from 'vitest'
import { connectEmail } from '../core/embedded/actions/connectEmail'
import { connectOtp } from '../core/embedded/actions/connectOtp'
import { createClient, type OrielClient } from '../core/client/createClient'
import { createConfig, type CreateConfigParameters } from '../core/config/createConfig'
import { ethereum } from '../core/networks'
import { loadFakeFrameClient, resetFakeFrameClient } from './fakeFrameClient'

/** A client for `projectId: 'demo'` on Ethereum (plus `overrides`), its frame loaded by `load`. */
export function createTestClient(overrides: Partial<CreateConfigParameters> = {}, now = () => 0) {
  const config = createConfig({ projectId: 'demo', walletConnectProjectId: 'demo', networks: [ethereum], ...overrides })
  const load = vi.fn(loadFakeFrameClient)
  const client = createClient({ config, loadFrameClient: load, isMobile: () => false, now, retryDelay: () => 0 })
  return { client, load }
}

/** Mounts `client`, records its events as `NAME {properties}` lines, and logs in by email through the modal. */
export async function logInRecordingEvents(client: OrielClient) {
  const unmount = client.mount()
  const seen: string[] = []
  client.events.on((event) => seen.push(`${event.name} ${JSON.stringify(event.properties)}`))
  client.modal.open()
  await connectEmail(client, { email: 'ada@example.com' })
  await connectOtp(client, { otp: '123456' })
  return { seen, unmount }
}

/** Registers a `beforeEach` that starts every test without a frame and with an empty localStorage. */
export function freshEachTest(): void {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })
}
