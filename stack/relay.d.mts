/** A running loopback WalletConnect relay (see relay.mjs). */
export interface Relay {
  /** `ws://host:port`: the `walletConnectRelayUrl` to give the SDK and the wallet. */
  readonly url: string
  readonly port: number
  /** Connected clients, topics with subscribers, and stored unexpired messages. */
  stats(): { clients: number; topics: number; messages: number }
  stop(): Promise<void>
}

/** Starts the relay on `host:port` (port 0 picks a free one). */
export function startRelay(options?: { port?: number; host?: string; log?: (line: string) => void }): Promise<Relay>
