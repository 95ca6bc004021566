/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** frame-host's origin (set by `make demo` and the browser tests). */
  readonly VITE_ORIEL_FRAME_HOST?: string
  /** The WalletConnect relay (`make demo` and the browser tests start a loopback one). */
  readonly VITE_ORIEL_WC_RELAY?: string
}
