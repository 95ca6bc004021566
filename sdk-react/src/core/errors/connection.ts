import { BaseError } from './base'
import { CHAIN_NOT_SUPPORTED } from '../../codec/constants.gen'

/** An EIP-1193 / JSON-RPC error code carried by a wallet error, looked up through `cause` and `data`. */
export function getWalletErrorCode(error: unknown): number | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, data, cause } = current as { code?: unknown; data?: unknown; cause?: unknown }
    if (typeof code === 'number') return code
    // MetaMask mobile wraps the wallet's error as `data.originalError`.
    const original = (data as { originalError?: unknown } | undefined)?.originalError
    current = original ?? cause
  }
  return undefined
}

/** EIP-1193 4001: the user rejected the request. */
export const USER_REJECTED_CODE = 4001
/** EIP-1193 4200 / JSON-RPC -32601: the wallet does not support the method. */
export const UNSUPPORTED_METHOD_CODES: readonly number[] = [4200, -32601]
/** EIP-3326 4902: the wallet does not know the chain (spec §8). */
export const UNRECOGNIZED_CHAIN_CODE = 4902

export type ChainNotSupportedErrorType = ChainNotSupportedError & { name: 'ChainNotSupportedError' }
/** The wallet could neither switch to nor add the network (spec §4, §8: 'Chain is not supported'). */
export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError'
  constructor({ caipNetworkId, cause }: { caipNetworkId: string; cause?: unknown }) {
    super(CHAIN_NOT_SUPPORTED, { details: `The wallet could not switch to ${caipNetworkId}.`, cause })
  }
}

export type SwitchChainErrorType = SwitchChainError & { name: 'SwitchChainError' }
/** The wallet refused or failed a network switch for another reason (e.g. the user rejected it). */
export class SwitchChainError extends BaseError {
  override name = 'SwitchChainError'
  /** The wallet's EIP-1193 error code, when it gave one. */
  readonly code: number | undefined
  constructor({ caipNetworkId, cause }: { caipNetworkId: string; cause?: unknown }) {
    const code = getWalletErrorCode(cause)
    super(code === USER_REJECTED_CODE ? 'Network switch declined' : 'Failed to switch network', {
      details: `Switching to ${caipNetworkId} failed.`,
      cause,
    })
    this.code = code
  }
}

export type ConnectorNotFoundErrorType = ConnectorNotFoundError & { name: 'ConnectorNotFoundError' }
/** No wallet with this connector id is installed (or it has not announced itself). */
export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError'
  constructor({ connectorId }: { connectorId: string }) {
    super('Wallet not found', { details: `No installed wallet has the connector id "${connectorId}".` })
  }
}

export type ConnectErrorType = ConnectError & { name: 'ConnectError' }
/** The wallet declined or failed the connection request. */
export class ConnectError extends BaseError {
  override name = 'ConnectError'
  /** The wallet's EIP-1193 error code, when it gave one. */
  readonly code: number | undefined
  constructor({ walletName, cause }: { walletName: string; cause?: unknown }) {
    const code = getWalletErrorCode(cause)
    super(code === USER_REJECTED_CODE ? 'Connection declined' : 'Connection failed', {
      details: `${walletName} did not connect.`,
      cause,
    })
    this.code = code
  }
}

export type NoAccountsErrorType = NoAccountsError & { name: 'NoAccountsError' }
/** The wallet answered the connection request without any account. */
export class NoAccountsError extends BaseError {
  override name = 'NoAccountsError'
  constructor({ walletName }: { walletName: string }) {
    super('No accounts found', { details: `${walletName} shared no account.` })
  }
}
