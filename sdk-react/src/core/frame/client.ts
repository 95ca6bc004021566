import type { Codec } from '../../codec/codec'
import { loadCodec } from '../../codec/load'
import type { Envelope, FrameEvent, Reply, Request, RevealPurpose, User } from '../../codec/protocol.gen'
import { AUTH_REQUEST_TIMEOUT_MS, FRAME_READY_TIMEOUT_MS } from '../constants'
import {
  FrameClosedError,
  FrameReadyTimeoutError,
  FrameRequestError,
  FrameRequestTimeoutError,
  InvalidFrameHostUrlError,
} from './errors'

export type FrameState = 'idle' | 'loading' | 'ready' | 'failed'

/** The frame's session as its last `SessionUpdate` event said. */
export interface FrameSession {
  isConnected: boolean
  chainId: string
  address: string | null
}

/** The frame's storage on this site (see the frame's `Storage` event). */
export interface FrameStorage {
  /** The storage outlives the page; when `false`, a login lasts only until the page closes. */
  persistent: boolean
  /** The browser offers the Storage Access API: {@link FrameClient.requestStorageAccess} may help. */
  canRequest: boolean
}

export interface FrameStatus {
  state: FrameState
  /** The negotiated protocol version, once ready. */
  protocolVersion?: number
  /** The frame build that answered. */
  buildId?: string
  /** Milliseconds from creating the iframe to the completed handshake. */
  readyMs?: number
  /** The user-facing reason, when failed. */
  error?: string
  session?: FrameSession
  /** What the browser lets the frame keep, as its `Storage` event said (after Ready). */
  storage?: FrameStorage
  /** Set while the frame needs to be seen (an approval, the recovery phrase): the widget then
   * makes room and calls {@link FrameClient.showOver}. Cleared when that request is answered. */
  reveal?: { requestId: number; purpose: RevealPurpose }
}

/** Alerts of spec §8, each reported at most once per client. */
export interface OrielAlert {
  id: 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain' | 'version_mismatch'
  message: string
}

export interface FrameClientOptions {
  /** frame-host's base URL, e.g. `https://frame.example.com`. */
  frameHostUrl: string
  projectId: string
  onAlert(alert: OrielAlert): void
  /** Loads the host codec. Default: the bundled wasm, on first use. */
  loadCodec?: (() => Promise<Codec>) | undefined
  /** Where to attach the hidden iframe. Default: `document.body`. */
  container?: HTMLElement | undefined
}

/** The window message the frame sends once it listens; see frame-wasm `handshake`. */
const LOADED_MESSAGE_TYPE = 'oriel:frame-loaded'
/** The window message that hands the frame its port. */
const CONNECT_MESSAGE_TYPE = 'oriel:connect'

type NameOf<R> = R extends string ? R : keyof R & string
type ReplyPayload<K extends string> = Extract<Reply, Record<K, unknown>> extends Record<K, infer P>
  ? P
  : undefined

interface Pending {
  name: string
  resolve(reply: Reply): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

interface Channel {
  codec: Codec
  port: MessagePort
  version: number
}

/**
 * The host page's side of the embedded wallet: creates the hidden frame on first use, opens a
 * `MessageChannel` to it at its exact origin, negotiates the protocol version and sends typed
 * requests, each with a timeout.
 *
 * @example
 * const frame = new FrameClient({ frameHostUrl, projectId, onAlert: (a) => toast(a.message) })
 * await frame.ensureReady()
 * const { action } = await frame.connectEmail('ada@example.com')
 */
export class FrameClient {
  readonly #options: FrameClientOptions
  readonly #frameOrigin: string
  readonly #frameUrl: string
  readonly #listeners = new Set<() => void>()
  readonly #reported = new Set<OrielAlert['id']>()
  readonly #pending = new Map<number, Pending>()
  #status: FrameStatus = Object.freeze({ state: 'idle' })
  #channel: Promise<Channel> | undefined
  #teardown: (() => void) | undefined
  #iframe: HTMLIFrameElement | undefined
  #nextId = 1
  /** Bumped by destroy(), so work that was awaiting an older channel can tell it is gone. */
  #generation = 0

  constructor(options: FrameClientOptions) {
    let url: URL
    try {
      url = new URL(options.frameHostUrl)
    } catch {
      throw new InvalidFrameHostUrlError({ url: options.frameHostUrl })
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new InvalidFrameHostUrlError({ url: options.frameHostUrl })
    }
    this.#options = options
    this.#frameOrigin = url.origin
    const frameUrl = new URL('frame', url.href.endsWith('/') ? url.href : `${url.href}/`)
    frameUrl.searchParams.set('projectId', options.projectId)
    this.#frameUrl = frameUrl.href
  }

  /** Creates the frame if needed and resolves once the handshake is done. */
  async ensureReady(): Promise<void> {
    await this.#ensureChannel()
  }

  getStatus(): FrameStatus {
    return this.#status
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /** Whether the embedded wallet has a live session. */
  async isConnected(): Promise<boolean> {
    return (await this.request('IsConnected')).isConnected
  }

  /** The frame's active network, CAIP-2. */
  async getChainId(): Promise<string> {
    return (await this.request('GetChainId')).chainId
  }

  /** Starts an email login; the action says what the user must do next. */
  async connectEmail(email: string): Promise<ReplyPayload<'ConnectEmail'>> {
    return this.request({ ConnectEmail: { email } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /**
   * Waits (up to the auth timeout) for this browser to be approved from the emailed link.
   * Rejects with a {@link FrameRequestError} of code `NotConnected` while it is still pending,
   * so callers ask again.
   */
  async connectDevice(): Promise<void> {
    await this.request('ConnectDevice', AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Finishes an email login with the emailed 6-digit code. */
  async connectOtp(otp: string): Promise<void> {
    await this.request({ ConnectOtp: { otp } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** The logged-in user, on `chainId` when given. */
  async getUser(chainId?: string): Promise<User> {
    return this.request({ GetUser: { chainId: chainId ?? null, preferredAccountType: null } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Starts changing the login email; a code goes to the current address. */
  async updateEmail(email: string): Promise<ReplyPayload<'UpdateEmail'>> {
    return this.request({ UpdateEmail: { email } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Email change, first code (sent to the current address); the next goes to the new one. */
  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    await this.request({ UpdateEmailPrimaryOtp: { otp } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Email change, second code (sent to the new address); resolves with the new email. */
  async updateEmailSecondaryOtp(otp: string): Promise<ReplyPayload<'UpdateEmailSecondaryOtp'>> {
    return this.request({ UpdateEmailSecondaryOtp: { otp } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Ends the session in the frame and at frame-host. */
  async signOut(): Promise<void> {
    await this.request('SignOut', AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Emails the user a fresh code for showing the recovery phrase. */
  async startExport(): Promise<void> {
    await this.request('StartExport', AUTH_REQUEST_TIMEOUT_MS)
  }

  /**
   * Shows the recovery phrase inside the frame once frame-host accepts `otp`. The frame asks
   * to be revealed (see {@link FrameStatus.reveal}); this resolves when the user closes the
   * phrase there. The phrase never reaches this page.
   */
  async revealRecoveryPhrase(otp: string): Promise<void> {
    await this.request({ RevealRecoveryPhrase: { otp } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /**
   * Asks the user, inside the frame, to let the wallet keep its storage on this site (the
   * Storage Access API needs a click in the frame itself). The frame asks to be revealed for
   * that; resolves with whether its storage now outlives the page.
   */
  async requestStorageAccess(): Promise<boolean> {
    return (await this.request('RequestStorageAccess', AUTH_REQUEST_TIMEOUT_MS)).persistent
  }

  /** Asks the frame to give up the request it is showing (the user closed the widget). */
  async abort(): Promise<void> {
    await this.request('RpcAbort', AUTH_REQUEST_TIMEOUT_MS)
  }

  /**
   * Lays the frame exactly over `room` (an element the widget reserved) and keeps it there as
   * the page scrolls or resizes, until the returned function hides it again. The frame is a
   * separate origin: this page can place it, never see or click inside it.
   */
  showOver(room: HTMLElement): () => void {
    const iframe = this.#iframe
    if (!iframe) return () => {}
    const place = () => {
      const r = room.getBoundingClientRect()
      Object.assign(iframe.style, {
        top: `${r.top}px`,
        left: `${r.left}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      })
    }
    place()
    Object.assign(iframe.style, { opacity: '1', pointerEvents: 'auto', zIndex: '2147483000' })
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
    observer?.observe(room)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    const frameId = setInterval(place, 250) // the modal's own height animation moves the room
    return () => {
      clearInterval(frameId)
      observer?.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      hide(iframe)
    }
  }

  /**
   * Sends any protocol request and resolves with its success payload, or rejects with a
   * {@link FrameRequestError} (the frame's error reply) or {@link FrameRequestTimeoutError}.
   */
  async request<R extends Request>(
    request: R,
    timeoutMs: number = AUTH_REQUEST_TIMEOUT_MS,
  ): Promise<ReplyPayload<NameOf<R>>> {
    const generation = this.#generation
    const { codec, port, version } = await this.#ensureChannel()
    if (generation !== this.#generation) throw new FrameClosedError()
    const name = nameOf(request)
    const id = this.#takeId()
    const bytes = codec.encode({ version, id, body: { Request: request } })
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        this.#alert({ id: 'iframe_request_timeout', message: 'Embedded Wallet Request Timed Out' })
        reject(new FrameRequestTimeoutError({ request: name, timeoutMs }))
      }, timeoutMs)
      this.#pending.set(id, { name, resolve, reject, timer })
      port.postMessage(bytes, [bytes.buffer])
    })
    return (typeof reply === 'string' ? undefined : Object.values(reply)[0]) as never
  }

  /** Removes the frame; requests in flight reject with 'Something went wrong'. */
  destroy(): void {
    this.#generation++
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer)
      pending.reject(new FrameClosedError())
      this.#pending.delete(id)
    }
    this.#teardown?.()
    this.#teardown = undefined
    this.#channel = undefined
    this.#setStatus({ state: 'idle' })
  }

  #ensureChannel(): Promise<Channel> {
    if (!this.#channel) {
      this.#channel = this.#connect()
      this.#channel.catch(() => {
        // Let a later call start over with a fresh iframe.
        this.#teardown?.()
        this.#teardown = undefined
        this.#channel = undefined
      })
    }
    return this.#channel
  }

  async #connect(): Promise<Channel> {
    const started = performance.now()
    performance.mark('oriel:frame-start')
    this.#setStatus({ state: 'loading' })
    const codec = (this.#options.loadCodec ?? defaultLoadCodec)()
    try {
      const channel = await withTimeout(
        Promise.all([codec, this.#openPort()]).then(([codec, port]) => this.#handshake(codec, port)),
        FRAME_READY_TIMEOUT_MS,
        () => new FrameReadyTimeoutError({ frameUrl: this.#frameUrl, timeoutMs: FRAME_READY_TIMEOUT_MS }),
      )
      performance.mark('oriel:frame-ready')
      this.#setStatus({
        state: 'ready',
        protocolVersion: channel.version,
        buildId: channel.buildId,
        readyMs: Math.round(performance.now() - started),
      })
      return channel
    } catch (error) {
      const message = error instanceof Error && 'shortMessage' in error ? String(error.shortMessage) : 'Unable to load email login dependency'
      this.#alert({
        id: message.startsWith('protocol version mismatch') ? 'version_mismatch' : 'iframe_load_failed',
        message,
      })
      this.#setStatus({ state: 'failed', error: message })
      throw error
    }
  }

  /** Creates the hidden iframe and, once the frame says it listens, hands it a port. */
  #openPort(): Promise<MessagePort> {
    return new Promise((resolve) => {
      const iframe = document.createElement('iframe')
      const onMessage = (event: MessageEvent) => {
        if (
          event.source !== iframe.contentWindow ||
          event.origin !== this.#frameOrigin ||
          (event.data as { type?: unknown } | null)?.type !== LOADED_MESSAGE_TYPE
        ) {
          return
        }
        window.removeEventListener('message', onMessage)
        performance.mark('oriel:frame-loaded')
        const channel = new MessageChannel()
        iframe.contentWindow?.postMessage({ type: CONNECT_MESSAGE_TYPE }, this.#frameOrigin, [channel.port2])
        resolve(channel.port1)
      }
      window.addEventListener('message', onMessage)
      iframe.src = this.#frameUrl
      iframe.title = 'Oriel embedded wallet'
      iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = -1
      iframe.dataset.orielFrame = ''
      iframe.style.position = 'fixed'
      iframe.style.border = '0'
      hide(iframe)
      ;(this.#options.container ?? document.body).appendChild(iframe)
      this.#iframe = iframe
      this.#teardown = () => {
        window.removeEventListener('message', onMessage)
        iframe.remove()
        this.#iframe = undefined
      }
    })
  }

  /** Waits for the frame's Ready event on `port` and agrees on a version. */
  #handshake(codec: Codec, port: MessagePort): Promise<Channel & { buildId: string }> {
    return new Promise((resolve, reject) => {
      port.onmessage = (event: MessageEvent) => {
        let envelope: Envelope
        try {
          envelope = codec.decode(new Uint8Array(event.data as ArrayBuffer))
        } catch (error) {
          reject(error)
          return
        }
        const ready = eventOf(envelope, 'Ready')
        if (!ready) {
          reject(new FrameRequestError({ code: 'BadMessage', message: 'The frame did not start with Ready', request: 'handshake' }))
          return
        }
        let version: number
        try {
          version = codec.negotiate(ready.versions)
        } catch (error) {
          reject(error)
          return
        }
        port.onmessage = (next: MessageEvent) => this.#receive(codec, next)
        const close = this.#teardown
        this.#teardown = () => {
          port.close()
          close?.()
        }
        resolve({ codec, port, version, buildId: ready.buildId })
      }
    })
  }

  #receive(codec: Codec, event: MessageEvent): void {
    let envelope: Envelope
    try {
      envelope = codec.decode(new Uint8Array(event.data as ArrayBuffer))
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
    if (this.#status.reveal?.requestId === id) {
      const { reveal: _, ...rest } = this.#status
      this.#setStatus(rest)
    }
    if ('Error' in body) {
      pending.reject(new FrameRequestError({ ...body.Error, request: pending.name }))
    } else if ('Reply' in body && nameOf(body.Reply) === pending.name) {
      pending.resolve(body.Reply)
    } else {
      pending.reject(
        new FrameRequestError({ code: 'BadMessage', message: 'An error occurred', request: pending.name }),
      )
    }
  }

  #onEvent(event: FrameEvent): void {
    if (typeof event !== 'object') return
    if ('SessionUpdate' in event) {
      this.#setStatus({ ...this.#status, session: event.SessionUpdate })
    } else if ('Storage' in event) {
      this.#setStatus({ ...this.#status, storage: event.Storage })
    } else if ('Reveal' in event) {
      const { requestId, purpose } = event.Reveal
      const pending = this.#pending.get(requestId)
      if (!pending) {
        // This page already gave up on that request (it timed out): the frame must not go on
        // to show it, or the user could approve something nobody waits for.
        this.abort().catch((error: unknown) => console.error('oriel: could not abort a stale request', error))
        return
      }
      // The user is now in charge of the pace: no timeout while the frame is on show.
      clearTimeout(pending.timer)
      this.#setStatus({ ...this.#status, reveal: { requestId, purpose } })
    }
  }

  #takeId(): number {
    const id = this.#nextId
    this.#nextId = id >= 0xffff_ffff ? 1 : id + 1
    return id
  }

  #alert(alert: OrielAlert): void {
    if (this.#reported.has(alert.id)) return
    this.#reported.add(alert.id)
    this.#options.onAlert(alert)
  }

  #setStatus(status: FrameStatus): void {
    this.#status = Object.freeze(status)
    for (const listener of [...this.#listeners]) listener()
  }
}

/** Hides the frame: no size, transparent, not clickable, out of the accessibility tree. */
function hide(iframe: HTMLIFrameElement): void {
  Object.assign(iframe.style, { top: '0', left: '0', width: '0', height: '0', opacity: '0', pointerEvents: 'none', zIndex: '' })
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
}

function nameOf(message: Request | Reply): string {
  return typeof message === 'string' ? message : (Object.keys(message)[0] ?? '')
}

function eventOf<K extends 'Ready' | 'SessionUpdate'>(
  envelope: Envelope,
  kind: K,
): Extract<FrameEvent, Record<K, unknown>>[K] | undefined {
  const { body } = envelope
  if (!('Event' in body) || !(kind in body.Event)) return undefined
  return (body.Event as unknown as Record<K, never>)[kind]
}

function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function defaultLoadCodec(): Promise<Codec> {
  const codec = await loadCodec()
  performance.mark('oriel:codec-loaded')
  return codec
}
