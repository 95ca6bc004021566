// The channel on its own: the handshake over a port, and requests matched by id. The peer is
// the other end of a real MessageChannel, scripted with the real codec. `client.test.ts` runs
// the same rules through FrameClient, from the iframe's announcement on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProtocolVersionMismatchError } from '../../codec/codec'
import { PROTOCOL_VERSION } from '../../codec/constants.gen'
import { codec } from '../../codec/wire'
import type { Envelope, FrameEvent } from '../../codec/protocol.gen'
import { acceptFrame, CONNECT_MESSAGE_TYPE, type ChannelHandlers, LOADED_MESSAGE_TYPE, openChannel } from './channel'
import { FrameClosedError } from './errors'


let controller: AbortController
let host: MessagePort
let frame: MessagePort
let handlers: ChannelHandlers & { events: FrameEvent[]; revealed: unknown[]; answered: number[]; timeouts: string[] }
/** What the scripted frame received, decoded. */
let received: Envelope[]

function send(envelope: Envelope) {
  const bytes = codec.encode(envelope)
  frame.postMessage(bytes, [bytes.buffer])
}

beforeEach(() => {
  controller = new AbortController()
  const pair = new MessageChannel()
  host = pair.port1
  frame = pair.port2
  received = []
  frame.onmessage = (event: MessageEvent) => received.push(codec.decode(new Uint8Array(event.data)))
  const events: FrameEvent[] = []
  const revealed: unknown[] = []
  const answered: number[] = []
  const timeouts: string[] = []
  handlers = {
    events,
    revealed,
    answered,
    timeouts,
    onEvent: (event, request) => {
      events.push(event)
      if (request) revealed.push(request)
    },
    onAnswered: (id) => answered.push(id),
    onTimeout: (error) => timeouts.push(error.shortMessage),
  }
})
afterEach(() => {
  controller.abort()
  frame.close()
  vi.useRealTimers()
})

/** Ready, encoded, as the frame sends it first on the port it took. */
function readyEvent(versions = [PROTOCOL_VERSION], envelope?: Envelope): MessageEvent {
  const bytes = codec.encode(envelope ?? { version: PROTOCOL_VERSION, id: 0, body: { Event: { Ready: { versions, buildId: 'test-build' } } } })
  return new MessageEvent('message', { data: bytes.buffer })
}

describe('acceptFrame', () => {
  function setUp() {
    const iframe = document.createElement('iframe')
    document.body.appendChild(iframe)
    const posted: { message: unknown; targetOrigin: string; port: MessagePort }[] = []
    iframe.contentWindow!.postMessage = ((message: unknown, targetOrigin: string, transfer: Transferable[]) => {
      posted.push({ message, targetOrigin, port: transfer[0] as MessagePort })
    }) as Window['postMessage']
    const announce = (init: MessageEventInit) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: LOADED_MESSAGE_TYPE }, ...init }))
    return { iframe, posted, announce }
  }

  it('hands a port to the announcing iframe, at its exact origin, and to nobody else', async () => {
    const { iframe, posted, announce } = setUp()
    const accepted = acceptFrame(iframe, 'http://frame.test', controller.signal)
    announce({ source: iframe.contentWindow, origin: 'http://evil.test' })
    announce({ source: window, origin: 'http://frame.test' })
    expect(posted).toEqual([])
    announce({ source: iframe.contentWindow, origin: 'http://frame.test' })
    expect(posted).toEqual([{ message: { type: CONNECT_MESSAGE_TYPE }, targetOrigin: 'http://frame.test', port: expect.any(MessagePort) }])
    posted[0]!.port.postMessage('ready')
    const { port, first } = await accepted
    expect(port).toBeInstanceOf(MessagePort)
    expect(first.data).toBe('ready')
    iframe.remove()
  })

  it('answers every announcement until the frame speaks, and keeps the port it spoke on', async () => {
    const { iframe, posted, announce } = setUp()
    const accepted = acceptFrame(iframe, 'http://frame.test', controller.signal)
    // The first port never reached the frame (a dropped message): it announces again.
    announce({ source: iframe.contentWindow, origin: 'http://frame.test' })
    announce({ source: iframe.contentWindow, origin: 'http://frame.test' })
    expect(posted).toHaveLength(2)
    posted[1]!.port.postMessage('ready')
    const { port, first } = await accepted
    expect(first.data).toBe('ready')
    // The port kept is the second one: what the host sends on it reaches the frame's end.
    const reached = new Promise((resolve) => {
      posted[1]!.port.onmessage = (event) => resolve(event.data)
    })
    port.postMessage('request')
    expect(await reached).toBe('request')
    // Once the frame spoke, later announcements get no port.
    announce({ source: iframe.contentWindow, origin: 'http://frame.test' })
    expect(posted).toHaveLength(2)
    iframe.remove()
  })
})

describe('openChannel', () => {
  it('agrees on a version from Ready and answers requests by id', async () => {
    const { channel, buildId } = openChannel(codec, { port: host, first: readyEvent([1, 2]) }, handlers, controller.signal)
    expect([channel.version, buildId]).toEqual([PROTOCOL_VERSION, 'test-build'])
    const first = channel.send('GetChainId', 10_000)
    const second = channel.send('IsConnected', 10_000)
    await vi.waitFor(() => expect(received.map((r) => r.id)).toEqual([1, 2]))
    // Answered out of order: each reply goes to its own request.
    send({ version: PROTOCOL_VERSION, id: 2, body: { Reply: { IsConnected: { isConnected: true } } } })
    send({ version: PROTOCOL_VERSION, id: 1, body: { Reply: { GetChainId: { chainId: 'eip155:10' } } } })
    expect(await Promise.all([first, second])).toEqual([{ chainId: 'eip155:10' }, { isConnected: true }])
    expect(handlers.answered).toEqual([2, 1])
  })

  it('rejects a frame of no common version with the codec error', () => {
    expect(() => openChannel(codec, { port: host, first: readyEvent([1]) }, handlers, controller.signal)).toThrow(
      ProtocolVersionMismatchError,
    )
  })

  it('rejects a frame that does not start with Ready', () => {
    const storage = readyEvent([], { version: PROTOCOL_VERSION, id: 0, body: { Event: { Storage: { persistent: true, canRequest: false } } } })
    expect(() => openChannel(codec, { port: host, first: storage }, handlers, controller.signal)).toThrow(
      expect.objectContaining({ name: 'FrameRequestError', code: 'BadMessage' }),
    )
  })
})

describe('FrameChannel', () => {
  async function open() {
    return openChannel(codec, { port: host, first: readyEvent() }, handlers, controller.signal).channel
  }

  it('forwards events; a Reveal lifts its request’s timeout', async () => {
    const channel = await open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const request = channel.send({ RevealRecoveryPhrase: { otp: '123456' } }, 10_000)
    await vi.waitFor(() => expect(received).toHaveLength(1))
    send({ version: PROTOCOL_VERSION, id: 0, body: { Event: { Reveal: { requestId: 1, purpose: 'RecoveryPhrase' } } } })
    await vi.waitFor(() => expect(handlers.events).toEqual([{ Reveal: { requestId: 1, purpose: 'RecoveryPhrase' } }]))
    expect(handlers.revealed).toEqual([{ RevealRecoveryPhrase: { otp: '123456' } }]) // what the Reveal is about
    await vi.advanceTimersByTimeAsync(60_000)
    expect(handlers.timeouts).toEqual([])
    send({ version: PROTOCOL_VERSION, id: 1, body: { Reply: 'RevealRecoveryPhrase' } })
    expect(await request).toBeUndefined()
  })

  it('times a request out, and answers a late Reveal for it with RpcAbort instead of showing it', async () => {
    const channel = await open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const request = channel.send({ RpcRequest: { method: 'personal_sign', params: '[]', chainId: null } }, 10_000)
    const settled = expect(request).rejects.toMatchObject({ name: 'FrameRequestTimeoutError' })
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    expect(handlers.timeouts).toEqual(['Embedded Wallet Request Timed Out'])
    vi.useRealTimers()
    send({ version: PROTOCOL_VERSION, id: 0, body: { Event: { Reveal: { requestId: 1, purpose: 'Approval' } } } })
    await vi.waitFor(() => expect(received.map((r) => r.body)).toEqual([expect.anything(), { Request: 'RpcAbort' }]))
    expect(handlers.events).toEqual([])
    send({ version: PROTOCOL_VERSION, id: 2, body: { Reply: 'RpcAbort' } })
    await vi.waitFor(() => expect(handlers.answered).toEqual([2]))
  })

  it('closes with its signal: requests in flight and later ones reject with FrameClosedError', async () => {
    const channel = await open()
    const request = channel.send('IsConnected', 10_000)
    controller.abort()
    await expect(request).rejects.toBeInstanceOf(FrameClosedError)
    await expect(channel.send('IsConnected', 10_000)).rejects.toBeInstanceOf(FrameClosedError)
  })
})
