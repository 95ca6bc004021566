import { EmbeddedWalletLoadError } from '../errors/auth'
import { getErrorMessage } from '../errors/base'
import type { ReadableStore } from '../store/createStore'
import type { FrameClient, FrameStatus, OrielAlert } from '../frame/client'
import { loadFrameClient, type FrameClientModule } from './loadFrameClient'

export type CreateEmbeddedWalletParameters = {
  frameHostUrl: string
  projectId: string
  /** Frame alerts (load failure, timeouts, unverified domain), each reported once. */
  onAlert(alert: OrielAlert): void
  /** The frame client could not be created (a configuration error). */
  onError?: ((error: unknown) => void) | undefined
  /** Runs once per frame after its first handshake (e.g. to tell it who the dapp is). */
  onReady?: ((frame: FrameClient) => Promise<void>) | undefined
  /** Loads the frame client module. Default: a dynamic import of `core/frame/client`. */
  load?: (() => Promise<Pick<FrameClientModule, 'FrameClient'>>) | undefined
}

export interface EmbeddedWallet extends ReadableStore<FrameStatus> {
  /** Creates the frame client (once) and waits for the frame handshake. */
  ensureReady(): Promise<FrameClient>
  /** `ensureReady()` in the background; failures surface as alerts. */
  preload(): void
  /** Tears the frame down; a later `ensureReady()` starts over. */
  destroy(): void
}

const IDLE: FrameStatus = Object.freeze({ state: 'idle' })
const LOADING: FrameStatus = Object.freeze({ state: 'loading' })

/**
 * The embedded wallet as the rest of the core sees it: a status store plus a lazily created
 * {@link FrameClient}. Nothing is loaded until `ensureReady()` or `preload()`.
 *
 * @example
 * const embedded = createEmbeddedWallet({ frameHostUrl, projectId, onAlert: console.warn })
 * embedded.preload()
 * const frame = await embedded.ensureReady()
 * await frame.connectEmail('ada@example.com')
 */
export function createEmbeddedWallet(parameters: CreateEmbeddedWalletParameters): EmbeddedWallet {
  const load = parameters.load ?? loadFrameClient
  const listeners = new Set<() => void>()
  const reported = new Set<OrielAlert['id']>()
  let client: FrameClient | undefined
  let pending: Promise<FrameClient> | undefined
  let unsubscribe: (() => void) | undefined
  let status: FrameStatus = IDLE
  /** Frames that have had `onReady`. */
  const introduced = new WeakSet<FrameClient>()
  let generation = 0
  /** The module loads once per wallet (a remount after `destroy()` reuses it); a failure is retried. */
  let module: ReturnType<NonNullable<CreateEmbeddedWalletParameters['load']>> | undefined
  const loadModule = () => {
    if (!module) {
      module = load()
      module.catch(() => {
        module = undefined
      })
    }
    return module
  }

  const emit = () => {
    for (const listener of [...listeners]) listener()
  }
  const setStatus = (next: FrameStatus) => {
    status = next
    emit()
  }
  const onAlert = (alert: OrielAlert) => {
    if (reported.has(alert.id)) return
    reported.add(alert.id)
    parameters.onAlert(alert)
  }

  const create = (): Promise<FrameClient> => {
    const current = ++generation
    setStatus(LOADING)
    return loadModule().then(
      ({ FrameClient }) => {
        if (current !== generation) throw new EmbeddedWalletLoadError()
        try {
          client = new FrameClient({
            frameHostUrl: parameters.frameHostUrl,
            projectId: parameters.projectId,
            onAlert,
          })
        } catch (error) {
          // A configuration error (e.g. an invalid frameHostUrl): fail once, visibly.
          setStatus(Object.freeze({ state: 'failed', error: getErrorMessage(error) }))
          parameters.onError?.(error)
          throw error
        }
        unsubscribe = client.subscribe(emit)
        emit()
        return client
      },
      (cause: unknown) => {
        const error = new EmbeddedWalletLoadError({ cause })
        pending = undefined
        if (current === generation) setStatus(Object.freeze({ state: 'failed', error: error.shortMessage }))
        onAlert({ id: 'iframe_load_failed', message: error.shortMessage })
        throw error
      },
    )
  }

  const wallet: EmbeddedWallet = {
    getSnapshot: () => client?.getStatus() ?? status,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async ensureReady() {
      pending ??= create()
      const frame = await pending
      await frame.ensureReady()
      if (!introduced.has(frame)) {
        introduced.add(frame)
        await parameters.onReady?.(frame).catch((error: unknown) => console.error('oriel: the wallet frame setup failed', error))
      }
      return frame
    },
    preload() {
      wallet.ensureReady().catch(() => {
        // Reported through onAlert and the status; nothing else to do for a background preload.
      })
    },
    destroy() {
      generation++
      unsubscribe?.()
      client?.destroy()
      client = pending = unsubscribe = undefined
      setStatus(IDLE)
    },
  }
  return wallet
}
