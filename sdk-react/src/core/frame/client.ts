import { codec } from '../../codec/wire'
import type { AccountType, FrameEvent, Request, SocialProvider, User } from '../../codec/protocol.gen'
import { AUTH_REQUEST_TIMEOUT_MS, FRAME_READY_TIMEOUT_MS } from '../constants'
import { alertFor, reportOnce } from './alerts'
import { acceptFrame, type ChannelHandlers, type FrameChannel, type NameOf, openChannel, type ReplyPayload } from './channel'
import { FrameClosedError, FrameReadyTimeoutError, InvalidFrameHostUrlError } from './errors'
import { FramePlacement } from './placement'
import { createFrameStatusStore, type FrameStatusStore, IDLE } from './status'
import type { FrameStatus, OrielAlert } from './types'

export type { FrameSession, FrameState, FrameStatus, FrameStorage, OrielAlert } from './types'
export type { FrameStatusStore } from './status'

/** Parameters of {@link FrameClient}. */
export interface FrameClientOptions {
  /** frame-host's base URL, e.g. `https://frame.example.com`. */
  frameHostUrl: string
  projectId: string
  /** Spec §8 alerts; each id is reported at most once (see `reportOnce`). */
  onAlert(alert: OrielAlert): void
  /** Where to attach the hidden iframe. Default: `document.body`. */
  container?: HTMLElement | undefined
  /** The status store to write (the embedded wallet's own). Default: a store of this client. */
  status?: FrameStatusStore | undefined
}

/** One frame on the page: its iframe, its channel once open, and the signal that ends both. */
interface Connection {
  controller: AbortController
  placement: FramePlacement
  channel: Promise<FrameChannel>
}

/**
 * The host page's side of the embedded wallet: creates the hidden frame on first use, opens a
 * `MessageChannel` to it at its exact origin, negotiates the protocol version and sends typed
 * requests, each with a timeout. The parts: `channel.ts` (handshake, ids, timeouts),
 * `placement.ts` (the iframe and where it shows), `status.ts` and `alerts.ts`.
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
  readonly #status: FrameStatusStore
  readonly #alert: (alert: OrielAlert) => void
  #connection: Connection | undefined

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
    this.#status = options.status ?? createFrameStatusStore()
    this.#alert = reportOnce(options.onAlert)
  }

  /** Creates the frame if needed and resolves once the handshake is done. */
  async ensureReady(): Promise<void> {
    await this.#ensureChannel()
  }

  /** The frame's current status. */
  getStatus(): FrameStatus {
    return this.#status.getSnapshot()
  }

  /** Calls `listener` after every status change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    return this.#status.subscribe(listener)
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

  /**
   * Finishes an email login with the emailed 6-digit code. Resolves with the logged-in user, as
   * {@link getUser} with the same `chainId` and `preferredAccountType` would: no second request.
   */
  async connectOtp(otp: string, chainId?: string, preferredAccountType?: AccountType): Promise<User> {
    return this.request(
      { ConnectOtp: { otp, chainId: chainId ?? null, preferredAccountType: preferredAccountType ?? null } },
      AUTH_REQUEST_TIMEOUT_MS,
    )
  }

  /**
   * Starts a social login with `provider` (the frame binds it to itself with a verifier it
   * keeps); resolves with the provider's URL to open in the popup.
   */
  async getSocialRedirectUri(provider: SocialProvider): Promise<string> {
    return (await this.request({ GetSocialRedirectUri: { provider } }, AUTH_REQUEST_TIMEOUT_MS)).uri
  }

  /**
   * Finishes the social login that began at `uri` once its popup said it ended: the frame
   * redeems the result frame-host's callback posted to it and opens the wallet. The logged-in user.
   */
  async connectSocial(uri: string): Promise<User> {
    return this.request({ ConnectSocial: { uri } }, AUTH_REQUEST_TIMEOUT_MS)
  }

  /** Starts a Farcaster sign-in: the link (the spec's `farcasterUrl`) to show as a QR code. */
  async getFarcasterUri(): Promise<string> {
    return (await this.request('GetFarcasterUri', AUTH_REQUEST_TIMEOUT_MS)).url
  }

  /**
   * Finishes the Farcaster sign-in once the user approved it in their Farcaster app: resolves
   * with the account's username and avatar. Rejects with a {@link FrameRequestError} of code
   * `NotConnected` while it is still pending (callers ask again), `Unauthorized` once its link
   * expired.
   */
  async connectFarcaster(): Promise<ReplyPayload<'ConnectFarcaster'>> {
    return this.request('ConnectFarcaster', AUTH_REQUEST_TIMEOUT_MS)
  }

  /**
   * The logged-in user, on `chainId` when given (the frame makes it active). With
   * `preferredAccountType`, the frame first keeps it as the account type of that network's
   * namespace, so the user comes back on that type's address.
   */
  async getUser(chainId?: string, preferredAccountType?: AccountType): Promise<User> {
    return this.request(
      { GetUser: { chainId: chainId ?? null, preferredAccountType: preferredAccountType ?? null } },
      AUTH_REQUEST_TIMEOUT_MS,
    )
  }

  /** The networks (CAIP-2) where the wallet has smart accounts: those frame-host has a bundler for. */
  async getSmartAccountEnabledNetworks(): Promise<string[]> {
    return (await this.request('GetSmartAccountEnabledNetworks')).networks
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
   * the page moves, until the returned function hides it again (see `FramePlacement`). Does
   * nothing while there is no frame.
   */
  showOver(room: HTMLElement): () => void {
    return this.#connection?.placement.showOver(room) ?? (() => {})
  }

  /** Moves the keyboard focus into the frame (while it is shown), to its screen's request. */
  focus(): void {
    this.#connection?.placement.focus()
  }

  /**
   * Sends any protocol request and resolves with its success payload, or rejects with a
   * {@link FrameRequestError} (the frame's error reply) or {@link FrameRequestTimeoutError}.
   */
  async request<R extends Request>(
    request: R,
    timeoutMs: number = AUTH_REQUEST_TIMEOUT_MS,
  ): Promise<ReplyPayload<NameOf<R>>> {
    const channel = await this.#ensureChannel()
    return channel.send(request, timeoutMs)
  }

  /** Removes the frame; requests in flight reject with 'Something went wrong'. */
  destroy(): void {
    const connection = this.#connection
    this.#connection = undefined
    connection?.controller.abort(new FrameClosedError())
    this.#status.set(IDLE)
  }

  #ensureChannel(): Promise<FrameChannel> {
    if (!this.#connection) {
      const controller = new AbortController()
      const { signal } = controller
      const container = this.#options.container ?? document.body
      this.#status.set({ state: 'loading' })
      const placement = new FramePlacement({ src: this.#frameUrl, container, signal })
      const connection: Connection = { controller, placement, channel: this.#connect(placement, signal) }
      this.#connection = connection
      connection.channel.catch(() => {
        // Remove the failed frame, so that a later call starts over with a fresh one.
        controller.abort(new FrameClosedError())
        if (this.#connection === connection) this.#connection = undefined
      })
    }
    return this.#connection.channel
  }

  async #connect(placement: FramePlacement, signal: AbortSignal): Promise<FrameChannel> {
    const started = performance.now()
    performance.mark('oriel:frame-start')
    let announcements = 0
    const accepted = acceptFrame(placement.iframe, this.#frameOrigin, signal, () => announcements++)
    try {
      const { channel, buildId } = await settleWithin(
        accepted.then((accepted) => openChannel(codec, accepted, this.#handlersFor(signal), signal)),
        FRAME_READY_TIMEOUT_MS,
        () => new FrameReadyTimeoutError({ frameUrl: this.#frameUrl, timeoutMs: FRAME_READY_TIMEOUT_MS, announcements }),
        signal,
      )
      if (signal.aborted) throw signal.reason
      performance.mark('oriel:frame-ready')
      this.#status.set({
        ...this.#status.getSnapshot(), // events that came with Ready (Storage)
        state: 'ready',
        protocolVersion: channel.version,
        buildId,
        readyMs: Math.round(performance.now() - started),
      })
      return channel
    } catch (error) {
      // After destroy() the failure is nobody's news: no alert, and the status stays idle.
      if (!signal.aborted) {
        const alert = alertFor(error)
        this.#alert(alert)
        this.#status.set({ state: 'failed', error: alert.message })
      }
      throw error
    }
  }

  /** What the channel reports, applied to the status and the alerts while `signal` lives. */
  #handlersFor(signal: AbortSignal): ChannelHandlers {
    const update = (change: (status: FrameStatus) => FrameStatus) => {
      if (!signal.aborted) this.#status.set(change(this.#status.getSnapshot()))
    }
    return {
      onEvent: (event: FrameEvent, request?: Request) => update((status) => withEvent(status, event, request)),
      onAnswered: (id: number) =>
        update((status) => {
          if (status.reveal?.requestId !== id) return status
          const { reveal: _, ...rest } = status
          return rest
        }),
      onTimeout: (error) => this.#alert(alertFor(error)),
    }
  }
}

/**
 * The status after a frame event (Ready, already handled by the handshake, changes nothing);
 * `request` is the one a `Reveal` is about.
 */
function withEvent(status: FrameStatus, event: FrameEvent, request?: Request): FrameStatus {
  if ('SessionUpdate' in event) return { ...status, session: event.SessionUpdate }
  if ('Storage' in event) return { ...status, storage: event.Storage }
  if ('Reveal' in event) {
    const rpc = typeof request === 'object' && 'RpcRequest' in request ? request.RpcRequest : undefined
    return { ...status, reveal: rpc ? { ...event.Reveal, rpc: { method: rpc.method, params: rpc.params } } : event.Reveal }
  }
  return status
}

/** `promise`, or a rejection with `timeoutError()` after `ms`, or with the abort reason. */
function settleWithin<T>(promise: Promise<T>, ms: number, timeoutError: () => Error, signal: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms)
    onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([promise, limit]).finally(() => {
    clearTimeout(timer)
    if (onAbort) signal.removeEventListener('abort', onAbort)
  })
}
