import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedWalletLoadError } from '../errors/auth'
import { createEmbeddedWallet } from './embeddedWallet'
import { FakeFrameClient, loadFakeFrameClient } from '../../test/fakeFrameClient'

const params = { frameHostUrl: 'http://127.0.0.1:8787', projectId: 'demo' }

describe('embedded wallet', () => {
  beforeEach(() => {
    FakeFrameClient.instances = []
  })

  it('is idle and loads nothing until asked', () => {
    const load = vi.fn(loadFakeFrameClient)
    const embedded = createEmbeddedWallet({ ...params, onAlert: vi.fn(), load })
    expect(embedded.getSnapshot()).toEqual({ state: 'idle' })
    expect(load).not.toHaveBeenCalled()
  })

  it('creates one frame client and forwards its status', async () => {
    const embedded = createEmbeddedWallet({ ...params, onAlert: vi.fn(), load: loadFakeFrameClient })
    const listener = vi.fn()
    embedded.subscribe(listener)
    embedded.preload()
    expect(embedded.getSnapshot()).toEqual({ state: 'loading' })
    const frame = await embedded.ensureReady()
    expect(FakeFrameClient.instances).toHaveLength(1)
    expect(frame).toBe(FakeFrameClient.instances[0])
    expect(FakeFrameClient.instances[0]?.options).toMatchObject(params)
    expect(embedded.getSnapshot()).toMatchObject({ state: 'ready', protocolVersion: 1, buildId: '0.1.0' })
    expect(listener).toHaveBeenCalled()
  })

  it('reports each frame alert once', async () => {
    const onAlert = vi.fn()
    const embedded = createEmbeddedWallet({ ...params, onAlert, load: loadFakeFrameClient })
    await embedded.ensureReady()
    const alert = { id: 'iframe_request_timeout', message: 'Embedded Wallet Request Timed Out' } as const
    FakeFrameClient.instances[0]?.options.onAlert(alert)
    FakeFrameClient.instances[0]?.options.onAlert(alert)
    expect(onAlert).toHaveBeenCalledTimes(1)
    expect(onAlert).toHaveBeenCalledWith(alert)
  })

  it('a module that fails to load gives a failed status, an alert and a retry', async () => {
    const onAlert = vi.fn()
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockImplementation(loadFakeFrameClient)
    const embedded = createEmbeddedWallet({ ...params, onAlert, load })
    await expect(embedded.ensureReady()).rejects.toBeInstanceOf(EmbeddedWalletLoadError)
    expect(embedded.getSnapshot()).toEqual({ state: 'failed', error: 'Unable to load email login dependency' })
    expect(onAlert).toHaveBeenCalledWith({ id: 'iframe_load_failed', message: 'Unable to load email login dependency' })
    await embedded.ensureReady()
    expect(embedded.getSnapshot().state).toBe('ready')
  })

  it('a frame client that cannot be created fails once, visibly', async () => {
    const onError = vi.fn()
    const load = async () =>
      ({
        FrameClient: class {
          constructor() {
            throw new Error('Invalid App Configuration')
          }
        },
      }) as never
    const embedded = createEmbeddedWallet({ ...params, onAlert: vi.fn(), onError, load })
    await expect(embedded.ensureReady()).rejects.toThrow('Invalid App Configuration')
    expect(embedded.getSnapshot()).toEqual({ state: 'failed', error: 'Invalid App Configuration' })
    expect(onError).toHaveBeenCalledTimes(1)
    await expect(embedded.ensureReady()).rejects.toThrow('Invalid App Configuration')
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('destroy tears the frame down and starts over next time, reusing the loaded module', async () => {
    const load = vi.fn(loadFakeFrameClient)
    const embedded = createEmbeddedWallet({ ...params, onAlert: vi.fn(), load })
    await embedded.ensureReady()
    embedded.destroy()
    expect(FakeFrameClient.instances[0]?.destroyed).toBe(true)
    expect(embedded.getSnapshot()).toEqual({ state: 'idle' })
    await embedded.ensureReady()
    expect(FakeFrameClient.instances).toHaveLength(2)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
