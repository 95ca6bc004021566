import { EmbeddedWalletLoadError } from '../errors/auth'
import { getErrorMessage } from '../errors/base'
import type { ReadableStore } from '../store/createStore'
import { reportOnce } from '../frame/alerts'
import type { FrameClient } from '../frame/client'
import { createFrameStatusStore, IDLE } from '../frame/status'
import type { FrameStatus, OrielAlert } from '../frame/types'
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

const LOADING: FrameStatus = Object.freeze({ state: 'loading' })

/**
 * The embedded wallet as the rest of the core sees it: a status store plus a lazily created
 * {@link FrameClient}. Nothing is loaded until `ensureReady()` or `preload()`. The wallet and
 * its frame client share one status store and one set of reported alerts.
 *
 * @example
 * const embedded = createEmbeddedWallet({ frameHostUrl, projectId, onAlert: console.warn })
 * embedded.preload()
 * const frame = await embedded.ensureReady()
 * await frame.connectEmail('ada@example.com')
 */
export function createEmbeddedWallet(parameters: CreateEmbeddedWalletParameters): EmbeddedWallet {
  const load = parameters.load ?? loadFrameClient
  const status = createFrameStatusStore()
  const onAlert = reportOnce(parameters.onAlert)
  let client: FrameClient | undefined
  /** The client being created; replaced or cleared by `destroy()`, so a stale one can tell. */
  let pending: Promise<FrameClient> | undefined
  /** Frames that have had `onReady`. */
  const introduced = new WeakSet<FrameClient>()
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

  const create = (): Promise<FrameClient> => {
    status.set(LOADING)
    const attempt: Promise<FrameClient> = loadModule().then(
      ({ FrameClient }) => {
        if (attempt !== pending) throw new EmbeddedWalletLoadError()
        try {
          client = new FrameClient({
            frameHostUrl: parameters.frameHostUrl,
            projectId: parameters.projectId,
            onAlert,
            status,
          })
        } catch (error) {
          // A configuration error (e.g. an invalid frameHostUrl): fail once, visibly.
          status.set({ state: 'failed', error: getErrorMessage(error) })
          parameters.onError?.(error)
          throw error
        }
        return client
      },
      (cause: unknown) => {
        const error = new EmbeddedWalletLoadError({ cause })
        if (attempt === pending) {
          pending = undefined
          status.set({ state: 'failed', error: error.shortMessage })
        }
        onAlert({ id: 'iframe_load_failed', message: error.shortMessage })
        throw error
      },
    )
    return attempt
  }

  const wallet: EmbeddedWallet = {
    getSnapshot: status.getSnapshot,
    subscribe: status.subscribe,
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
      client?.destroy()
      client = pending = undefined
      status.set(IDLE)
    },
  }
  return wallet
}
