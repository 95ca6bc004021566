// A test double of `core/frame/client`'s FrameClient, injected through the `load` parameter.
import type { FrameClientOptions, FrameStatus } from '../core/frame/client'

export class FakeFrameClient {
  static instances: FakeFrameClient[] = []
  options: FrameClientOptions
  status: FrameStatus = { state: 'idle' }
  listeners = new Set<() => void>()
  destroyed = false
  ready: Promise<void> = Promise.resolve()
  connectEmail = async (_email: string) => ({ action: 'VERIFY_OTP' as const })

  constructor(options: FrameClientOptions) {
    this.options = options
    FakeFrameClient.instances.push(this)
  }
  setStatus(status: FrameStatus) {
    this.status = status
    for (const listener of this.listeners) listener()
  }
  ensureReady() {
    this.setStatus({ state: 'loading' })
    return this.ready.then(() => this.setStatus({ state: 'ready', protocolVersion: 1, buildId: '0.1.0', readyMs: 42 }))
  }
  getStatus() {
    return this.status
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  async isConnected() {
    return false
  }
  async getChainId() {
    return 'eip155:1'
  }
  destroy() {
    this.destroyed = true
  }
}

/** A `load` function returning the fake, typed as the real module. */
export const loadFakeFrameClient = async () =>
  ({ FrameClient: FakeFrameClient }) as unknown as typeof import('../core/frame/client')
