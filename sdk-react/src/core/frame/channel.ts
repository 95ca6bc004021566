// The request channel to the frame: the handshake that opens a MessagePort at the frame's exact
// origin, then requests and replies over it, matched by id, each with a timeout.
import type { Codec } from '../../codec/codec'
import type { Envelope, FrameEvent, Reply, Request } from '../../codec/protocol.gen'
import { AUTH_REQUEST_TIMEOUT_MS } from '../constants'
import { FrameClosedError, FrameRequestError, FrameRequestTimeoutError } from './errors'
import { AN_ERROR_OCCURRED, CONNECT_MESSAGE_TYPE, LOADED_MESSAGE_TYPE } from '../../codec/constants.gen'

/** The handshake's window messages (the frame's "I listen", the host's port), from the protocol crate. */
export { CONNECT_MESSAGE_TYPE, LOADED_MESSAGE_TYPE }

/** The variant name of a request or reply (`'GetUser'` for `{ GetUser: … }`). */
export type NameOf<R> = R extends string ? R : keyof R & string
/** The success payload of the reply named `K` (`undefined` for a reply without one). */
export type ReplyPayload<K extends string> = Extract<Reply, Record<K, unknown>> extends Record<K, infer P>
  ? P
  : undefined

/** What the channel tells its owner; the owner keeps the status and the alerts. */
export interface ChannelHandlers {
  /**
   * A frame event other than Ready; a `Reveal` only for a request still in flight, with that
   * request (what the frame is about to show is about it).
   */
  onEvent(event: FrameEvent, request?: Request): void
  /** The frame answered request `id` (just before its promise settles). */
  onAnswered(id: number): void
  /** A request timed out (its promise rejects with `error` too). */
  onTimeout(error: FrameRequestTimeoutError): void
}

interface Pending {
  name: string
  request: Request
  resolve(reply: Reply): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

/** A port the frame took, with the first message it sent on it (its Ready). */
export interface AcceptedPort {
  port: MessagePort
  first: MessageEvent
}

/**
 * Most ports offered to one frame: it announces itself at most 81 times (once, then every
 * 250 ms until a port arrives), so more announcements than this are not the frame's.
 */
const MAX_PORT_OFFERS = 100

/**
 * Answers each announcement of the frame in `iframe`, from exactly `frameOrigin`, with one end
 * of a new `MessageChannel` (posted at that origin, never `"*"`), and resolves with the first
 * port the frame speaks on. Announcements from any other window or origin are ignored.
 *
 * Every announcement is answered, not just the first, so one lost window message in either
 * direction costs one announcement period rather than the handshake. The frame announces again
 * until a port reaches it and takes only the first that
 * does; that port is the one it sends Ready on, so the others are closed unused. `onAnnounce`
 * hears each announcement (a timeout then says how far the handshake got).
 *
 * @example
 * const { port, first } = await acceptFrame(iframe, 'https://frame.example.com', signal)
 */
export function acceptFrame(
  iframe: HTMLIFrameElement,
  frameOrigin: string,
  signal: AbortSignal,
  onAnnounce?: () => void,
): Promise<AcceptedPort> {
  return new Promise((resolve) => {
    const offered: MessagePort[] = []
    const stop = () => window.removeEventListener('message', onMessage)
    const onMessage = (event: MessageEvent) => {
      if (
        event.source !== iframe.contentWindow ||
        event.origin !== frameOrigin ||
        (event.data as { type?: unknown } | null)?.type !== LOADED_MESSAGE_TYPE
      ) {
        return
      }
      if (offered.length === 0) performance.mark('oriel:frame-loaded')
      onAnnounce?.()
      if (offered.length >= MAX_PORT_OFFERS) {
        stop()
        return
      }
      const { port1, port2 } = new MessageChannel()
      offered.push(port1)
      port1.onmessage = (first: MessageEvent) => {
        stop()
        for (const other of offered) if (other !== port1) other.close()
        resolve({ port: port1, first })
      }
      iframe.contentWindow?.postMessage({ type: CONNECT_MESSAGE_TYPE }, frameOrigin, [port2])
    }
    window.addEventListener('message', onMessage)
    signal.addEventListener(
      'abort',
      () => {
        stop()
        for (const port of offered) port.close()
      },
      { once: true },
    )
  })
}

/**
 * Reads the frame's first message on the port it took, which must be Ready, agrees on a
 * protocol version and returns the open channel. Throws the codec's
 * `ProtocolVersionMismatchError` when the two sides share no version, or a
 * {@link FrameRequestError} (`BadMessage`) when the frame starts with anything but Ready.
 * Aborting `signal` closes the port (and later the channel).
 *
 * @example
 * const { channel, buildId } = openChannel(codec, await acceptFrame(iframe, origin, signal), handlers, signal)
 */
export function openChannel(
  codec: Codec,
  { port, first }: AcceptedPort,
  handlers: ChannelHandlers,
  signal: AbortSignal,
): { channel: FrameChannel; buildId: string } {
  signal.addEventListener('abort', () => port.close(), { once: true })
  const ready = readyOf(codec.decode(new Uint8Array(first.data as ArrayBuffer)))
  if (!ready) {
    throw new FrameRequestError({ code: 'BadMessage', message: 'The frame did not start with Ready', request: 'handshake' })
  }
  const version = codec.negotiate(ready.versions)
  return { channel: new FrameChannel({ codec, port, version, handlers, signal }), buildId: ready.buildId }
}

/**
 * An open channel to the frame: typed requests matched to replies by id, each with a timeout.
 * Created by {@link openChannel}; closed when its signal aborts, which rejects whatever is in
 * flight with {@link FrameClosedError}.
 */
export class FrameChannel {
  /** The negotiated protocol version. */
  readonly version: number
  readonly #codec: Codec
  readonly #port: MessagePort
  readonly #handlers: ChannelHandlers
  readonly #signal: AbortSignal
  readonly #pending = new Map<number, Pending>()
  /** Whether a reply has come yet (the first one is marked for `make bench`). */
  #answered = false
  #nextId = 1

  constructor({
    codec,
    port,
    version,
    handlers,
    signal,
  }: { codec: Codec; port: MessagePort; version: number; handlers: ChannelHandlers; signal: AbortSignal }) {
    this.version = version
    this.#codec = codec
    this.#port = port
    this.#handlers = handlers
    this.#signal = signal
    port.onmessage = (event: MessageEvent) => this.#receive(event)
    signal.addEventListener('abort', () => this.#close(), { once: true })
  }

  /**
   * Sends `request` and resolves with its success payload, or rejects with a
   * {@link FrameRequestError} (the frame's error reply), {@link FrameRequestTimeoutError} or
   * {@link FrameClosedError}.
   */
  async send<R extends Request>(request: R, timeoutMs: number): Promise<ReplyPayload<NameOf<R>>> {
    if (this.#signal.aborted) throw new FrameClosedError()
    const name = nameOf(request)
    const id = this.#takeId()
    const bytes = this.#codec.encode({ version: this.version, id, body: { Request: request } })
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        const error = new FrameRequestTimeoutError({ request: name, timeoutMs })
        this.#handlers.onTimeout(error)
        reject(error)
      }, timeoutMs)
      this.#pending.set(id, { name, request, resolve, reject, timer })
      this.#port.postMessage(bytes, [bytes.buffer])
    })
    return (typeof reply === 'string' ? undefined : Object.values(reply)[0]) as never
  }

  #receive(event: MessageEvent): void {
    let envelope: Envelope
    try {
      envelope = this.#codec.decode(new Uint8Array(event.data as ArrayBuffer))
    } catch (error) {
      console.error('oriel: unreadable message from the frame', error)
      return
    }
    const { id, body } = envelope
    if ('Event' in body) {
      this.#onEvent(body.Event)
      return
    }
    const pending = this.#pending.get(id)
    if (!pending) {
      const message = 'Error' in body ? body.Error.message : 'a reply to no request'
      console.error(`oriel: the frame answered request ${id}, which is not pending: ${message}`)
      return
    }
    this.#pending.delete(id)
    clearTimeout(pending.timer)
    if (!this.#answered) {
      // Read by `make bench`: from here on the frame is of use, not only announced.
      this.#answered = true
      performance.mark('oriel:frame-answered')
    }
    this.#handlers.onAnswered(id)
    if ('Error' in body) {
      pending.reject(new FrameRequestError({ ...body.Error, request: pending.name }))
    } else if ('Reply' in body && nameOf(body.Reply) === pending.name) {
      pending.resolve(body.Reply)
    } else {
      pending.reject(new FrameRequestError({ code: 'BadMessage', message: AN_ERROR_OCCURRED, request: pending.name }))
    }
  }

  #onEvent(event: FrameEvent): void {
    if (typeof event === 'object' && 'Reveal' in event) {
      const pending = this.#pending.get(event.Reveal.requestId)
      if (!pending) {
        // This page already gave up on that request (it timed out): the frame must not go on
        // to show it, or the user could approve something nobody waits for.
        this.send('RpcAbort', AUTH_REQUEST_TIMEOUT_MS).catch((error: unknown) =>
          console.error('oriel: could not abort a stale request', error),
        )
        return
      }
      // The user is now in charge of the pace: no timeout while the frame is on show.
      clearTimeout(pending.timer)
      this.#handlers.onEvent(event, pending.request)
      return
    }
    this.#handlers.onEvent(event)
  }

  #close(): void {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer)
      pending.reject(new FrameClosedError())
      this.#pending.delete(id)
    }
    this.#port.close()
  }

  #takeId(): number {
    const id = this.#nextId
    this.#nextId = id >= 0xffff_ffff ? 1 : id + 1
    return id
  }
}

function nameOf(message: Request | Reply): string {
  return typeof message === 'string' ? message : (Object.keys(message)[0] ?? '')
}

function readyOf(envelope: Envelope): Extract<FrameEvent, { Ready: unknown }>['Ready'] | undefined {
  const { body } = envelope
  return 'Event' in body && typeof body.Event === 'object' && 'Ready' in body.Event ? body.Event.Ready : undefined
}
