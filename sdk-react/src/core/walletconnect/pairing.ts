import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS } from '../constants'
import { ConnectionDeclinedError, PairingCancelledError } from '../errors/walletconnect'
import { createStore, type ReadableStore } from '../store/createStore'

/** A pairing the user can scan or open: its `wc:` URI and when it stops being offered (spec §4). */
export interface Pairing {
  readonly uri: string
  /** Milliseconds since the epoch. A new pairing lasts 4 minutes, or less when its URI says so. */
  readonly expiresAt: number
}

/**
 * Whether a pairing counts as expired: under 10 s left (spec §4).
 *
 * @example
 * isPairingExpired({ uri, expiresAt: Date.now() + 9_000 }, Date.now()) // true
 */
export function isPairingExpired(pairing: Pairing, now: number): boolean {
  return pairing.expiresAt - now < PAIRING_EXPIRY_MARGIN_MS
}

/**
 * When a pairing made `now` with this URI ends: 4 minutes later (spec §4), or earlier when the
 * URI's own `expiryTimestamp` (seconds, as WalletConnect's pairing URIs carry it) says so.
 *
 * @example
 * pairingExpiresAt('wc:abc@2?relay-protocol=irn&symKey=k&expiryTimestamp=1767225700', 1767225600000) // 1767225700000
 */
export function pairingExpiresAt(uri: string, now: number): number {
  const query = uri.indexOf('?')
  const stamp = query < 0 ? null : new URLSearchParams(uri.slice(query + 1)).get('expiryTimestamp')
  const seconds = stamp !== null && /^\d{1,12}$/.test(stamp) ? Number(stamp) : undefined
  const latest = now + PAIRING_EXPIRY_MS
  return seconds === undefined ? latest : Math.min(latest, seconds * 1000)
}

/** One session proposal published on a new pairing: its URI, and the wallet's answer. */
export interface PairingProposal<T> {
  readonly uri: string
  /** Resolves when a wallet approves the proposal; rejects when it declines or it expires. */
  approval(): Promise<T>
}

/** What the pairing view shows. */
export interface PairingFlowState {
  /** The pairing on offer; `undefined` while none is (a new one is being made, or no connect runs). */
  readonly pairing: Pairing | undefined
  /** A connect is waiting for a wallet. */
  readonly pending: boolean
  /** Why the last connect failed (the wallet declined, the relay could not be reached, …). */
  readonly error: unknown
}

export interface PairingFlow<T> extends ReadableStore<PairingFlowState> {
  /**
   * Offers a pairing and resolves with the first approval a wallet gives to any pairing of
   * this connect. While a connect is already waiting: on Telegram and iOS Safari (`reuse`) an
   * unexpired pairing is kept, so a wallet that was opened by deep link finds it still valid;
   * elsewhere a fresh pairing replaces it.
   */
  start(): Promise<T>
  /** While watched, a pairing that counts as expired is replaced by a fresh one. Returns the unwatch. */
  watch(): () => void
  /** Gives up the waiting connect: it rejects with `PairingCancelledError`. */
  cancel(): void
}

export type CreatePairingFlowParameters<T> = {
  /** Publishes a session proposal on a new pairing. */
  propose(): Promise<PairingProposal<T>>
  /** Whether an unexpired pairing is reused (Telegram, iOS Safari). */
  reuse?: (() => boolean) | undefined
  now?: (() => number) | undefined
}

const IDLE: PairingFlowState = Object.freeze({ pairing: undefined, pending: false, error: undefined })

type Attempt<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }

/**
 * The pairing lifecycle of spec §4: a pairing lasts 4 minutes and counts as expired with under
 * 10 s left, then a fresh one is made; Telegram and iOS Safari reuse an unexpired pairing.
 *
 * @example
 * const flow = createPairingFlow({ propose: () => signClient.connect(namespaces) })
 * const stop = flow.watch() // keeps the QR code fresh while the view is shown
 * const session = await flow.start()
 * stop()
 */
export function createPairingFlow<T>(parameters: CreatePairingFlowParameters<T>): PairingFlow<T> {
  const now = parameters.now ?? Date.now
  const reuse = parameters.reuse ?? (() => false)
  const store = createStore<PairingFlowState>(IDLE)
  let attempt: Attempt<T> | undefined
  /** Id of the newest proposal; an older one's failure no longer counts. */
  let current = 0
  let proposing = false
  let watchers = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const clearTimer = () => {
    clearTimeout(timer)
    timer = undefined
  }

  const schedule = () => {
    clearTimer()
    const { pairing } = store.getSnapshot()
    if (!attempt || !pairing || watchers === 0) return
    // One millisecond past the mark, so that under 10 s (not exactly 10 s) remain.
    const delay = Math.max(0, pairing.expiresAt - PAIRING_EXPIRY_MARGIN_MS - now() + 1)
    timer = setTimeout(() => {
      timer = undefined
      void refresh()
    }, delay)
  }

  const settle = (outcome: { value: T } | { error: unknown }) => {
    const finished = attempt
    if (!finished) return
    attempt = undefined
    current++
    clearTimer()
    if ('value' in outcome) {
      store.setState(IDLE)
      finished.resolve(outcome.value)
    } else {
      store.setState({ ...IDLE, error: outcome.error })
      finished.reject(outcome.error)
    }
  }

  const refresh = async () => {
    const owner = attempt
    if (!owner || proposing) return
    const id = ++current
    proposing = true
    clearTimer()
    store.setState({ pairing: undefined, error: undefined })
    let proposal: PairingProposal<T>
    try {
      proposal = await parameters.propose()
    } catch (error) {
      if (attempt === owner && id === current) settle({ error })
      return
    } finally {
      proposing = false
    }
    // A wallet may still approve a pairing that was replaced meanwhile: any approval counts.
    proposal.approval().then(
      (value) => {
        if (attempt === owner) settle({ value })
      },
      (cause: unknown) => {
        if (attempt === owner && id === current) settle({ error: new ConnectionDeclinedError({ cause }) })
      },
    )
    if (attempt !== owner || id !== current) return
    store.setState({ pairing: Object.freeze({ uri: proposal.uri, expiresAt: pairingExpiresAt(proposal.uri, now()) }) })
    schedule()
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    start() {
      if (attempt) {
        const { pairing } = store.getSnapshot()
        const reusable = pairing !== undefined && !isPairingExpired(pairing, now()) && reuse()
        if (!reusable) void refresh()
        return attempt.promise
      }
      let resolve!: (value: T) => void
      let reject!: (error: unknown) => void
      const promise = new Promise<T>((ok, fail) => {
        resolve = ok
        reject = fail
      })
      attempt = { promise, resolve, reject }
      store.setState({ ...IDLE, pending: true })
      void refresh()
      return promise
    },
    watch() {
      watchers++
      const { pairing } = store.getSnapshot()
      if (attempt && pairing && isPairingExpired(pairing, now())) void refresh()
      else schedule()
      let watching = true
      return () => {
        if (!watching) return
        watching = false
        watchers--
        if (watchers === 0) clearTimer()
      }
    },
    cancel() {
      settle({ error: new PairingCancelledError() })
      store.setState(IDLE)
    },
  }
}
