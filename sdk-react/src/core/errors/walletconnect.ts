import { BaseError } from './base'

export type WalletConnectLoadErrorType = WalletConnectLoadError & { name: 'WalletConnectLoadError' }
/** WalletConnect's client library could not be loaded or started (e.g. the relay URL is invalid). */
export class WalletConnectLoadError extends BaseError {
  override name = 'WalletConnectLoadError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unable to load WalletConnect', { cause, docsPath: '/config#walletconnectrelayurl' })
  }
}

export type InvalidRelayUrlErrorType = InvalidRelayUrlError & { name: 'InvalidRelayUrlError' }
/** `walletConnectRelayUrl` is not a `ws://` or `wss://` URL. */
export class InvalidRelayUrlError extends BaseError {
  override name = 'InvalidRelayUrlError'
  constructor({ relayUrl }: { relayUrl: string }) {
    super(`Invalid WalletConnect relay URL: ${relayUrl}`, {
      metaMessages: ['Expected a ws:// or wss:// URL.'],
      docsPath: '/config#walletconnectrelayurl',
    })
  }
}

export type ConnectionDeclinedErrorType = ConnectionDeclinedError & { name: 'ConnectionDeclinedError' }
/** The wallet rejected the pairing's session proposal, or the proposal expired unanswered. */
export class ConnectionDeclinedError extends BaseError {
  override name = 'ConnectionDeclinedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connection declined', { cause })
  }
}

export type PairingCancelledErrorType = PairingCancelledError & { name: 'PairingCancelledError' }
/** The pairing was given up (the connector was disconnected or torn down) before a wallet approved it. */
export class PairingCancelledError extends BaseError {
  override name = 'PairingCancelledError'
  constructor() {
    super('Pairing cancelled')
  }
}

export type NoSessionAccountsErrorType = NoSessionAccountsError & { name: 'NoSessionAccountsError' }
/** The wallet approved a session without any account on the dapp's networks. */
export class NoSessionAccountsError extends BaseError {
  override name = 'NoSessionAccountsError'
  constructor() {
    super('The wallet shared no account on the supported networks')
  }
}
