import { BaseError } from '../errors/base'

/** Spec §5: only eip155 and solana can send. */
export const UNSUPPORTED_CHAIN = 'Unsupported chain'
/** Spec §5: a send needs a token. */
export const TOKEN_REQUIRED = 'A token is required'
/** Spec §5: a send needs an amount and a receiver. */
export const AMOUNT_AND_RECEIVER_REQUIRED = 'An amount and receiver address are required'
/** Spec §8: the user declined the request in the wallet. */
export const SIGNATURE_DECLINED = 'Signature declined'

export type UnsupportedChainSendErrorType = UnsupportedChainSendError & { name: 'UnsupportedChainSendError' }
/** The account's namespace is neither eip155 nor solana. */
export class UnsupportedChainSendError extends BaseError {
  override name = 'UnsupportedChainSendError'
  constructor({ namespace }: { namespace: string | undefined }) {
    super(UNSUPPORTED_CHAIN, { details: `Sending is not available on ${namespace ?? 'no namespace'}.` })
  }
}

export type TokenRequiredErrorType = TokenRequiredError & { name: 'TokenRequiredError' }
/** No token was chosen. */
export class TokenRequiredError extends BaseError {
  override name = 'TokenRequiredError'
  constructor() {
    super(TOKEN_REQUIRED)
  }
}

export type AmountAndReceiverRequiredErrorType = AmountAndReceiverRequiredError & { name: 'AmountAndReceiverRequiredError' }
/** The amount or the receiver is empty. */
export class AmountAndReceiverRequiredError extends BaseError {
  override name = 'AmountAndReceiverRequiredError'
  constructor() {
    super(AMOUNT_AND_RECEIVER_REQUIRED)
  }
}

export type InvalidReceiverErrorType = InvalidReceiverError & { name: 'InvalidReceiverError' }
/** The receiver is not an address of the account's namespace (or a mixed-case EVM address fails EIP-55). */
export class InvalidReceiverError extends BaseError {
  override name = 'InvalidReceiverError'
  constructor({ reason }: { reason: 'format' | 'checksum' }) {
    super(reason === 'checksum' ? 'Invalid address checksum' : 'Invalid address', {
      details:
        reason === 'checksum'
          ? 'A mixed-case address must match its EIP-55 checksum: check the capital letters, or paste it in lower case.'
          : 'Not an address of this network.',
    })
  }
}

export type InvalidAmountErrorType = InvalidAmountError & { name: 'InvalidAmountError' }
/** The amount is not a positive decimal number the token can hold. */
export class InvalidAmountError extends BaseError {
  override name = 'InvalidAmountError'
  constructor({ reason }: { reason: string }) {
    super('Invalid amount', { details: reason })
  }
}

export type InsufficientBalanceErrorType = InsufficientBalanceError & { name: 'InsufficientBalanceError' }
/** The amount (or, for the native coin, the amount plus the network fee) is more than the balance. */
export class InsufficientBalanceError extends BaseError {
  override name = 'InsufficientBalanceError'
  constructor({ symbol, forFee = false }: { symbol: string; forFee?: boolean }) {
    super(forFee ? `Not enough ${symbol} for the network fee` : `Insufficient ${symbol} balance`)
  }
}

export type SendRejectedErrorType = SendRejectedError & { name: 'SendRejectedError' }
/** The user declined the transaction in the wallet (EIP-1193 4001). */
export class SendRejectedError extends BaseError {
  override name = 'SendRejectedError'
  constructor({ cause }: { cause: unknown }) {
    super(SIGNATURE_DECLINED, { cause })
  }
}

export type SendFailedErrorType = SendFailedError & { name: 'SendFailedError' }
/** The wallet or the chain refused the transaction; `details` carries their reason. */
export class SendFailedError extends BaseError {
  override name = 'SendFailedError'
  constructor({ cause }: { cause: unknown }) {
    super('Transaction failed', { cause })
  }
}

export type TransactionRevertedErrorType = TransactionRevertedError & { name: 'TransactionRevertedError' }
/** The transaction was mined with status 0: nothing was sent (the fee was still paid). */
export class TransactionRevertedError extends BaseError {
  override name = 'TransactionRevertedError'
  readonly hash: string
  constructor({ hash }: { hash: string }) {
    super('Transaction failed on chain', { details: `Transaction ${hash} reverted: nothing was sent.` })
    this.hash = hash
  }
}

export type ReceiptTimeoutErrorType = ReceiptTimeoutError & { name: 'ReceiptTimeoutError' }
/** No receipt arrived in time: the transaction may still be mined later. */
export class ReceiptTimeoutError extends BaseError {
  override name = 'ReceiptTimeoutError'
  readonly hash: string
  constructor({ hash, timeoutMs }: { hash: string; timeoutMs: number }) {
    super('The transaction was not confirmed in time', {
      details: `No receipt for ${hash} after ${Math.round(timeoutMs / 1000)} s; it may still be mined.`,
    })
    this.hash = hash
  }
}

export type SendNotAvailableErrorType = SendNotAvailableError & { name: 'SendNotAvailableError' }
/** Sending on a namespace the SDK cannot build transactions for yet (Solana). */
export class SendNotAvailableError extends BaseError {
  override name = 'SendNotAvailableError'
  constructor({ namespace }: { namespace: string }) {
    super('Sending is not available on this network', { details: `No ${namespace} transfer builder.` })
  }
}

export type InvalidChainAnswerErrorType = InvalidChainAnswerError & { name: 'InvalidChainAnswerError' }
/** The provider answered a chain read with something that is not what JSON-RPC promises. */
export class InvalidChainAnswerError extends BaseError {
  override name = 'InvalidChainAnswerError'
  constructor({ method, value }: { method: string; value: unknown }) {
    super('Invalid answer from the network', { details: `${method} returned ${JSON.stringify(value)}` })
  }
}

export type SolanaRpcErrorType = SolanaRpcError & { name: 'SolanaRpcError' }
/** The Solana cluster answered a request with a JSON-RPC error (a refused transaction says why here). */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError'
  /** The cluster's JSON-RPC error code, when it gave a number. */
  readonly code: number | undefined
  constructor({ method, code, message }: { method: string; code: unknown; message: unknown }) {
    super('The network refused the request', { details: `${method}: ${String(message).slice(0, 200)}` })
    this.code = typeof code === 'number' ? code : undefined
  }
}

export type NoSendWalletErrorType = NoSendWalletError & { name: 'NoSendWalletError' }
/** No connected eip155 wallet (address and provider) to send or estimate with. */
export class NoSendWalletError extends BaseError {
  override name = 'NoSendWalletError'
  constructor() {
    super('No connected wallet', { details: 'Connect a wallet on an eip155 network to send.' })
  }
}

export type SolanaTransactionFailedErrorType = SolanaTransactionFailedError & { name: 'SolanaTransactionFailedError' }
/** The Solana transaction landed with an error: nothing was sent (the fee was still paid). */
export class SolanaTransactionFailedError extends BaseError {
  override name = 'SolanaTransactionFailedError'
  readonly signature: string
  constructor({ signature, reason }: { signature: string; reason: unknown }) {
    super('Transaction failed on chain', { details: `Transaction ${signature} failed: ${JSON.stringify(reason)?.slice(0, 200)}` })
    this.signature = signature
  }
}
