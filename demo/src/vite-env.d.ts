/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** frame-host's origin (set by `make demo` and the browser tests). */
  readonly VITE_ORIEL_FRAME_HOST?: string
  /** The WalletConnect relay (`make demo` and the browser tests start a loopback one). */
  readonly VITE_ORIEL_WC_RELAY?: string
  /** The local devnet's RPC URL (the browser tests run it on another port). */
  readonly VITE_ORIEL_DEVNET_RPC?: string
  readonly VITE_ORIEL_SOLANA_RPC?: string
  /** ENS's universal resolver on the local devnet (devnet/deploy.mjs), for ENS names in Send. */
  readonly VITE_ORIEL_DEVNET_ENS_UNIVERSAL_RESOLVER?: `0x${string}`
}
