// The channel on its own: the handshake over a port, and requests matched by id. The peer is
// the other end of a real MessageChannel, scripted with the real codec. `client.test.ts` runs
// the same rules through FrameClient, from the iframe's announcement on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProtocolVersionMismatchError } from '../../codec/codec'
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
const ready = (versions = [1]) => send({ version: 1, id: 0, body: { Event: { Ready: { versions, buildId: 'test-build' } } } })

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

describe('acceptFrame', () => {
  it('hands a port to the announcing iframe, at its exact origin, and to nobody else', async () => {
    const iframe = document.createElement('iframe')
    document.body.appendChild(iframe)
    const posted: { message: unknown; targetOrigin: string; transfer: unknown[] }[] = []
    iframe.contentWindow!.postMessage = ((message: unknown, targetOrigin: string, transfer: Transferable[]) => {
      posted.push({ message, targetOrigin, transfer })
    }) as Window['postMessage']
    const port = acceptFrame(iframe, 'http://frame.test', controller.signal)
    const announce = (init: MessageEventInit) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: LOADED_MESSAGE_TYPE }, ...init }))
    announce({ source: iframe.contentWindow, origin: 'http://evil.test' })
    announce({ source: window, origin: 'http://frame.test' })
    expect(posted).toEqual([])
    announce({ source: iframe.contentWindow, origin: 'http://frame.test' })
    expect(posted).toEqual([{ message: { type: CONNECT_MESSAGE_TYPE }, targetOrigin: 'http://frame.test', transfer: [expect.any(MessagePort)] }])
    expect(await port).toBeInstanceOf(MessagePort)
    iframe.remove()
  })
})

describe('openChannel', () => {
  it('agrees on a version from Ready and answers requests by id', async () => {
    const opened = openChannel(codec, host, handlers, controller.signal)
    ready([1, 2])
    const { channel, buildId } = await opened
    expect([channel.version, buildId]).toEqual([1, 'test-build'])
    const first = channel.send('GetChainId', 10_000)
    const second = channel.send('IsConnected', 10_000)
    await vi.waitFor(() => expect(received.map((r) => r.id)).toEqual([1, 2]))
    // Answered out of order: each reply goes to its own request.
    send({ version: 1, id: 2, body: { Reply: { IsConnected: { isConnected: true } } } })
    send({ version: 1, id: 1, body: { Reply: { GetChainId: { chainId: 'eip155:10' } } } })
    expect(await Promise.all([first, second])).toEqual([{ chainId: 'eip155:10' }, { isConnected: true }])
    expect(handlers.answered).toEqual([2, 1])
  })

  it('rejects a frame of no common version with the codec error', async () => {
    const opened = openChannel(codec, host, handlers, controller.signal)
    ready([2, 3])
    await expect(opened).rejects.toBeInstanceOf(ProtocolVersionMismatchError)
  })

  it('rejects a frame that does not start with Ready', async () => {
    const opened = openChannel(codec, host, handlers, controller.signal)
    send({ version: 1, id: 0, body: { Event: { Storage: { persistent: true, canRequest: false } } } })
    await expect(opened).rejects.toMatchObject({ name: 'FrameRequestError', code: 'BadMessage' })
  })
})

describe('FrameChannel', () => {
  async function open() {
    const opened = openChannel(codec, host, handlers, controller.signal)
    ready()
    return (await opened).channel
  }

  it('forwards events; a Reveal lifts its request’s timeout', async () => {
    const channel = await open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const request = channel.send({ RevealRecoveryPhrase: { otp: '123456' } }, 10_000)
    await vi.waitFor(() => expect(received).toHaveLength(1))
    send({ version: 1, id: 0, body: { Event: { Reveal: { requestId: 1, purpose: 'RecoveryPhrase' } } } })
    await vi.waitFor(() => expect(handlers.events).toEqual([{ Reveal: { requestId: 1, purpose: 'RecoveryPhrase' } }]))
    expect(handlers.revealed).toEqual([{ RevealRecoveryPhrase: { otp: '123456' } }]) // what the Reveal is about
    await vi.advanceTimersByTimeAsync(60_000)
    expect(handlers.timeouts).toEqual([])
    send({ version: 1, id: 1, body: { Reply: 'RevealRecoveryPhrase' } })
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
    send({ version: 1, id: 0, body: { Event: { Reveal: { requestId: 1, purpose: 'Approval' } } } })
    await vi.waitFor(() => expect(received.map((r) => r.body)).toEqual([expect.anything(), { Request: 'RpcAbort' }]))
    expect(handlers.events).toEqual([])
    send({ version: 1, id: 2, body: { Reply: 'RpcAbort' } })
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
