// The frame client's own rules: exact origins, version negotiation, timeouts and once-only
// alerts. The peer here is scripted with the real codec; the real frame is exercised by the
// browser tests in e2e/.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProtocolVersionMismatchError } from '../../codec/codec'
import { PROTOCOL_VERSION } from '../../codec/constants.gen'
import { codec } from '../../codec/wire'
import type { Body, Envelope } from '../../codec/protocol.gen'
import { FrameClient, type OrielAlert } from './client'
import { createFrameStatusStore } from './status'

// jsdom gives modules an http: import.meta.url; vitest runs from the repository root.
const FRAME_ORIGIN = 'http://frame.test'

/** Plays the frame: announces itself, takes the port, then runs `answer` for each request. */
function scriptFrame(
  iframe: HTMLIFrameElement,
  {
    versions = [PROTOCOL_VERSION],
    answer,
    announceFrom = { source: iframe.contentWindow, origin: FRAME_ORIGIN },
    storage,
  }: {
    versions?: number[]
    answer?: (request: Envelope, port: MessagePort) => Body | undefined
    announceFrom?: { source: Window | null; origin: string }
    /** The `Storage` event the frame sends right after Ready, if any. */
    storage?: { persistent: boolean; canRequest: boolean }
  } = {},
) {
  const posted: { message: unknown; targetOrigin: string }[] = []
  iframe.contentWindow!.postMessage = ((message: unknown, targetOrigin: string, transfer?: Transferable[]) => {
    posted.push({ message, targetOrigin })
    const port = transfer?.[0] as MessagePort
    port.onmessage = (event: MessageEvent) => {
      const request = codec.decode(new Uint8Array(event.data))
      const body = answer?.(request, port)
      if (body) send(port, { version: request.version, id: request.id, body })
    }
    send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Ready: { versions, buildId: 'test-build' } } } })
    if (storage) send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Storage: storage } } })
  }) as Window['postMessage']
  window.dispatchEvent(
    new MessageEvent('message', { data: { type: 'oriel:frame-loaded' }, ...announceFrom } as MessageEventInit),
  )
  return posted
}

function send(port: MessagePort, envelope: Envelope) {
  const bytes = codec.encode(envelope)
  port.postMessage(bytes, [bytes.buffer])
}

let alerts: OrielAlert[]
let client: FrameClient

function createClient() {
  client = new FrameClient({
    frameHostUrl: `${FRAME_ORIGIN}/`,
    projectId: 'demo',
    onAlert: (alert) => alerts.push(alert),
  })
  return client
}

/** Starts `ensureReady` and returns the iframe the client created (synchronously). */
async function start() {
  const ready = client.ensureReady()
  ready.catch(() => {})
  const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-oriel-frame]')
  expect(iframe).not.toBeNull()
  return { ready, iframe: iframe! }
}

beforeEach(() => {
  alerts = []
  createClient()
})
afterEach(() => {
  client.destroy()
  vi.useRealTimers()
})

describe('FrameClient', () => {
  it('creates nothing until asked', () => {
    expect(document.querySelector('iframe')).toBeNull()
    expect(client.getStatus()).toEqual({ state: 'idle' })
  })

  it('loads the frame URL and hands the port to the exact frame origin', async () => {
    const { ready, iframe } = await start()
    expect(iframe.src).toBe('http://frame.test/frame?projectId=demo')
    const posted = scriptFrame(iframe)
    await ready
    expect(posted).toEqual([{ message: { type: 'oriel:connect' }, targetOrigin: FRAME_ORIGIN }])
    expect(client.getStatus()).toMatchObject({ state: 'ready', protocolVersion: PROTOCOL_VERSION, buildId: 'test-build' })
  })

  it('ignores announcements from another origin or another window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { ready, iframe } = await start()
    expect(scriptFrame(iframe, { announceFrom: { source: iframe.contentWindow, origin: 'http://evil.test' } })).toEqual([])
    expect(scriptFrame(iframe, { announceFrom: { source: window, origin: FRAME_ORIGIN } })).toEqual([])
    await vi.advanceTimersByTimeAsync(20_000)
    await expect(ready).rejects.toThrow('Unable to load email login dependency')
  })

  it('sends requests and matches replies by id', async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, {
      answer: ({ body }) =>
        'Request' in body && body.Request === 'IsConnected'
          ? { Reply: { IsConnected: { isConnected: false } } }
          : { Reply: { GetChainId: { chainId: 'eip155:1' } } },
    })
    await ready
    const [connected, chain] = await Promise.all([client.isConnected(), client.getChainId()])
    expect(connected).toBe(false)
    expect(chain).toBe('eip155:1')
  })

  it("maps error replies to typed errors, with 'An error occurred' when there is no message", async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, {
      answer: ({ body }) =>
        'Request' in body && typeof body.Request === 'object' && 'ConnectEmail' in body.Request
          ? { Error: { code: 'Throttled', message: 'Please try again after 12 seconds' } }
          : { Error: { code: 'Internal', message: '' } },
    })
    await ready
    await expect(client.connectEmail('ada@example.com')).rejects.toMatchObject({
      name: 'FrameRequestError',
      code: 'Throttled',
      shortMessage: 'Please try again after 12 seconds',
    })
    await expect(client.getChainId()).rejects.toMatchObject({ shortMessage: 'An error occurred' })
  })

  it('sends the three email-update requests and returns their payloads', async () => {
    const { ready, iframe } = await start()
    const seen: unknown[] = []
    scriptFrame(iframe, {
      answer: ({ body }) => {
        if (!('Request' in body) || typeof body.Request !== 'object') return undefined
        seen.push(body.Request)
        if ('UpdateEmail' in body.Request) return { Reply: { UpdateEmail: { action: 'VERIFY_PRIMARY_OTP' } } }
        if ('UpdateEmailPrimaryOtp' in body.Request) return { Reply: 'UpdateEmailPrimaryOtp' }
        return { Reply: { UpdateEmailSecondaryOtp: { newEmail: 'new@example.com' } } }
      },
    })
    await ready
    expect(await client.updateEmail('new@example.com')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await client.updateEmailPrimaryOtp('111111')).toBeUndefined()
    expect(await client.updateEmailSecondaryOtp('222222')).toEqual({ newEmail: 'new@example.com' })
    expect(seen).toEqual([
      { UpdateEmail: { email: 'new@example.com' } },
      { UpdateEmailPrimaryOtp: { otp: '111111' } },
      { UpdateEmailSecondaryOtp: { otp: '222222' } },
    ])
  })

  it('asks for the user with the preferred account type, and for the smart-account networks', async () => {
    const { ready, iframe } = await start()
    const user = {
      email: null,
      address: '0x1234567890abcdef1234567890abcdef1234abcd',
      chainId: 'eip155:31337',
      accounts: [{ address: '0x1234567890abcdef1234567890abcdef1234abcd', type: 'eoa' as const }],
      userName: null,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa' as const,
    }
    const seen: unknown[] = []
    scriptFrame(iframe, {
      answer: ({ body }) => {
        if (!('Request' in body)) return undefined
        seen.push(body.Request)
        if (body.Request === 'GetSmartAccountEnabledNetworks') {
          return { Reply: { GetSmartAccountEnabledNetworks: { networks: ['eip155:31337'] } } }
        }
        return { Reply: { GetUser: user } }
      },
    })
    await ready
    expect(await client.getUser('eip155:31337', 'smartAccount')).toEqual(user)
    expect(await client.getUser()).toEqual(user)
    expect(await client.getSmartAccountEnabledNetworks()).toEqual(['eip155:31337'])
    expect(seen).toEqual([
      { GetUser: { chainId: 'eip155:31337', preferredAccountType: 'smartAccount' } },
      { GetUser: { chainId: null, preferredAccountType: null } },
      'GetSmartAccountEnabledNetworks',
    ])
  })

  it("sends the login's code once, with the network and account type, and resolves with the user it answers", async () => {
    const { ready, iframe } = await start()
    const user = {
      email: 'ada@example.com',
      address: '0x1234567890abcdef1234567890abcdef1234abcd',
      chainId: 'eip155:8453',
      accounts: [{ address: '0x1234567890abcdef1234567890abcdef1234abcd', type: 'eoa' as const }],
      userName: null,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa' as const,
    }
    const seen: unknown[] = []
    scriptFrame(iframe, {
      answer: ({ body }) => {
        if (!('Request' in body)) return undefined
        seen.push(body.Request)
        return { Reply: { ConnectOtp: user } }
      },
    })
    await ready
    expect(await client.connectOtp('123456', 'eip155:8453', 'eoa')).toEqual(user)
    expect(seen).toEqual([{ ConnectOtp: { otp: '123456', chainId: 'eip155:8453', preferredAccountType: 'eoa' } }])
  })

  it('rejects a reply of the wrong kind', async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, { answer: () => ({ Reply: 'SignOut' }) })
    await ready
    await expect(client.getChainId()).rejects.toMatchObject({ name: 'FrameRequestError', code: 'BadMessage' })
  })

  it('fails clearly when the frame speaks no common version', async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, { versions: [1] })
    await expect(ready).rejects.toBeInstanceOf(ProtocolVersionMismatchError)
    await expect(ready).rejects.toThrow('protocol version mismatch: host speaks [2], frame speaks [1]')
    expect(alerts.map((a) => a.id)).toEqual(['version_mismatch'])
    expect(client.getStatus().state).toBe('failed')
  })

  it('times out readiness after 20 s and reports the load failure once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (let attempt = 0; attempt < 2; attempt++) {
      const { ready } = await start()
      await vi.advanceTimersByTimeAsync(19_999)
      expect(client.getStatus().state).toBe('loading')
      await vi.advanceTimersByTimeAsync(1)
      await expect(ready).rejects.toMatchObject({
        name: 'FrameReadyTimeoutError',
        shortMessage: 'Unable to load email login dependency',
      })
      // The failed frame is removed, so the next attempt starts over.
      expect(document.querySelectorAll('iframe[data-oriel-frame]')).toHaveLength(0)
    }
    expect(alerts).toEqual([{ id: 'iframe_load_failed', message: 'Unable to load email login dependency' }])
  })

  it('times out requests and reports the timeout once', async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, { answer: () => undefined }) // a frame that never answers
    await ready
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (let i = 0; i < 2; i++) {
      const request = client.request('IsConnected', 10_000)
      const settled = expect(request).rejects.toMatchObject({
        name: 'FrameRequestTimeoutError',
        shortMessage: 'Embedded Wallet Request Timed Out',
      })
      await vi.advanceTimersByTimeAsync(10_000)
      await settled
    }
    expect(alerts).toEqual([{ id: 'iframe_request_timeout', message: 'Embedded Wallet Request Timed Out' }])
  })

  it('a Reveal lifts the timeout, lays the frame over the room, and the reply hides it', async () => {
    const { ready, iframe } = await start()
    let reply: (() => void) | undefined
    scriptFrame(iframe, {
      answer: (request, port) => {
        send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Reveal: { requestId: request.id, purpose: 'Approval' } } } })
        reply = () => send(port, { version: PROTOCOL_VERSION, id: request.id, body: { Reply: { RpcRequest: { result: '"0xsig"' } } } })
        return undefined
      },
    })
    await ready
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const pending = client.request({ RpcRequest: { method: 'personal_sign', params: '[]', chainId: null } }, 10_000)
    await vi.waitFor(() => expect(client.getStatus().reveal?.purpose).toBe('Approval'))
    await vi.advanceTimersByTimeAsync(60_000) // the user takes their time: no timeout
    const room = document.createElement('div')
    document.body.appendChild(room)
    const hide = client.showOver(room)
    expect(iframe.style.opacity).toBe('1')
    expect(iframe.getAttribute('aria-hidden')).toBeNull()
    reply!()
    expect(await pending).toEqual({ result: '"0xsig"' })
    expect(client.getStatus().reveal).toBeUndefined()
    hide()
    expect([iframe.style.opacity, iframe.style.pointerEvents, iframe.getAttribute('aria-hidden')]).toEqual(['0', 'none', 'true'])
    expect(alerts).toEqual([])
  })

  it("keeps the frame's word on its storage, and asks for storage access in the frame", async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, {
      answer: (request, port) => {
        // The frame shows its own screen, then reports the storage it was given.
        send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Reveal: { requestId: request.id, purpose: 'StorageAccess' } } } })
        send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Storage: { persistent: true, canRequest: true } } } })
        return { Reply: { RequestStorageAccess: { persistent: true } } }
      },
      // What the frame says right after Ready in a browser that blocks its storage.
      storage: { persistent: false, canRequest: true },
    })
    await ready
    await vi.waitFor(() => expect(client.getStatus().storage).toEqual({ persistent: false, canRequest: true }))
    expect(await client.requestStorageAccess()).toBe(true)
    expect(client.getStatus().storage).toEqual({ persistent: true, canRequest: true })
    expect(client.getStatus().reveal).toBeUndefined()
  })

  it('a Reveal for a request this page gave up on makes the frame abort it', async () => {
    const { ready, iframe } = await start()
    const seen: string[] = []
    let reveal: (() => void) | undefined
    scriptFrame(iframe, {
      answer: (request, port) => {
        seen.push(typeof request.body === 'object' && 'Request' in request.body ? JSON.stringify(request.body.Request) : '')
        if (seen.length === 1) {
          reveal = () => send(port, { version: PROTOCOL_VERSION, id: 0, body: { Event: { Reveal: { requestId: request.id, purpose: 'Approval' } } } })
          return undefined
        }
        return { Reply: 'RpcAbort' }
      },
    })
    await ready
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const request = client.request({ RpcRequest: { method: 'eth_sendTransaction', params: '[]', chainId: null } }, 10_000)
    const settled = expect(request).rejects.toMatchObject({ name: 'FrameRequestTimeoutError' })
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    vi.useRealTimers()
    reveal!()
    await vi.waitFor(() => expect(seen).toEqual([expect.stringContaining('eth_sendTransaction'), '"RpcAbort"']))
  })

  it('rejects requests in flight when destroyed', async () => {
    const { ready, iframe } = await start()
    scriptFrame(iframe, { answer: () => undefined })
    await ready
    const request = client.isConnected()
    client.destroy()
    await expect(request).rejects.toMatchObject({ name: 'FrameClosedError', shortMessage: 'Something went wrong' })
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('destroyed while loading, it stops at once: no late alert, and the status stays idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { ready } = await start()
    client.destroy()
    await expect(ready).rejects.toMatchObject({ name: 'FrameClosedError' })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(alerts).toEqual([])
    expect(client.getStatus()).toEqual({ state: 'idle' })
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('writes the status store it is given (the embedded wallet shares one)', async () => {
    const status = createFrameStatusStore()
    client = new FrameClient({ frameHostUrl: FRAME_ORIGIN, projectId: 'demo', onAlert() {}, status })
    const { ready, iframe } = await start()
    expect(status.getSnapshot()).toEqual({ state: 'loading' })
    scriptFrame(iframe)
    await ready
    expect(status.getSnapshot()).toBe(client.getStatus())
    expect(status.getSnapshot()).toMatchObject({ state: 'ready', protocolVersion: PROTOCOL_VERSION })
  })

  it('refuses a frame host that is not an absolute http(s) URL', () => {
    for (const url of ['frame.example.com', 'javascript:alert(1)', '']) {
      expect(() => new FrameClient({ frameHostUrl: url, projectId: 'demo', onAlert() {} })).toThrow(
        'Invalid App Configuration',
      )
    }
  })
})
