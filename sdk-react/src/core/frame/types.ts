// The embedded wallet's status and alerts, shared by the frame client and `core/embedded`.
import type { RevealPurpose } from '../../codec/protocol.gen'

/** Where the frame is in its life: not created, loading, handshake done, or given up. */
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
  /** The browser offers the Storage Access API: `FrameClient.requestStorageAccess` may help. */
  canRequest: boolean
}

/** The embedded wallet's status, as `FrameClient.getStatus()` and `EmbeddedWallet` show it. */
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
   * makes room and calls `FrameClient.showOver`. Cleared when that request is answered. */
  reveal?: FrameReveal
}

/** Why the frame is on show, and for which request. */
export interface FrameReveal {
  requestId: number
  purpose: RevealPurpose
  /** The JSON-RPC request the frame shows, when it is one (an approval). */
  rpc?: { method: string; params: string }
}

/** Alerts of spec §8, each reported at most once per embedded wallet. */
export interface OrielAlert {
  id: 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain' | 'version_mismatch'
  message: string
}
