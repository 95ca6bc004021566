import type { DevnetContracts } from '../devnet/deploy.mjs'

/** A running sandbox on-ramp (see onrampSandbox.mjs). */
export interface OnrampSandbox {
  /** `http://host:port`: the API under `/onramp`, the checkout under `/buy`. */
  readonly url: string
  /** The API key frame-host signs its requests with (made at start). */
  readonly keyName: string
  readonly keySecret: string
  /** frame-host's `[[onramp_providers]]` entry for it. */
  readonly toml: string
  stop(): Promise<void>
}

/** Hardhat's account #9, from which the sandbox sends what buyers bought. */
export const SANDBOX_TREASURY: `0x${string}`
/** The network name the sandbox delivers on. */
export const SANDBOX_NETWORK: string

/** Starts the sandbox on `host:port` (port 0 picks a free one) for the devnet at `devnetUrl`. */
export function startOnrampSandbox(options: { port?: number; host?: string; devnetUrl: string; contracts: DevnetContracts }): Promise<OnrampSandbox>

/** frame-host's `[[onramp_providers]]` entry for a sandbox at `url` with this API key. */
export function frameHostOnrampToml(options: { url: string; keyName: string; keySecret: string }): string
