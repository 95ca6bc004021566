import { ResolveNameError } from '../errors/names'
import { isNameLike } from '../names/rules'
import type { ChainNamespace } from '../networks'
import { isEvmAddress, toChecksumAddress } from '../validation/address'
import { isSolanaAddress } from '../validation/solanaAddress'
import { parseAmount, readAmount } from './amount'
import {
  AmountAndReceiverRequiredError,
  InsufficientBalanceError,
  InvalidAmountError,
  InvalidReceiverError,
  TokenRequiredError,
  UnsupportedChainSendError,
} from './errors'
import type { SendToken } from './token'

/** The namespaces that can send (spec §9: balance, send and on-ramp namespaces). */
export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/** Whether `namespace` can send. */
export function canSend(namespace: ChainNamespace | undefined): namespace is 'eip155' | 'solana' {
  return namespace !== undefined && SEND_NAMESPACES.includes(namespace)
}

export type ValidateReceiverErrorType = InvalidReceiverError

/**
 * The receiver as it goes into the transaction: an EVM address with `0x` in its EIP-55 form
 * (all-lower and all-upper accepted; mixed case must match the checksum), or a Solana address
 * (32 to 44 base58 characters) as typed. Surrounding spaces are ignored.
 *
 * @example
 * validateReceiver('eip155', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function validateReceiver(namespace: 'eip155' | 'solana', value: string): string {
  const text = value.trim()
  if (namespace === 'solana') {
    if (!isSolanaAddress(text)) throw new InvalidReceiverError({ reason: 'format' })
    return text
  }
  if (!isEvmAddress(text, { strict: false })) throw new InvalidReceiverError({ reason: 'format' })
  if (!isEvmAddress(text)) throw new InvalidReceiverError({ reason: 'checksum' })
  return toChecksumAddress(text)
}

/** The send form as the user filled it. */
export type SendForm = {
  token: SendToken | undefined
  /** Whole tokens, as typed. */
  amount: string
  /** As typed: an address, or a name. */
  receiver: string
}

export type ValidateSendParameters = SendForm & {
  /** The address the receiver's name resolved to, when the receiver is a name (see `resolveName`). */
  receiverAddress?: string | undefined
  /** The connected account's namespace. */
  namespace: ChainNamespace | undefined
  /** For the native coin: the most the network fee can cost, once estimated. */
  feeReserve?: bigint | undefined
}

/** A send ready to build. */
export type ValidateSendReturnType = {
  namespace: 'eip155' | 'solana'
  token: SendToken
  /** Base units. */
  value: bigint
  /** The receiver, normalized by {@link validateReceiver}. */
  to: string
}

export type ValidateSendErrorType =
  | UnsupportedChainSendError
  | TokenRequiredError
  | AmountAndReceiverRequiredError
  | InvalidReceiverError
  | ResolveNameError
  | InvalidAmountError
  | InsufficientBalanceError

/**
 * Checks a send (spec §5) in this order: the namespace ('Unsupported chain' outside eip155 and
 * solana), the token ('A token is required'), the amount and receiver ('An amount and receiver
 * address are required'), the receiver's format (a name needs the address it resolved to, else
 * 'Error resolving name'), the amount (converted exactly with the token's
 * decimals, more than zero), the balance, and for the native coin the balance left for the fee.
 *
 * @example
 * const { value, to } = validateSend({ namespace: 'eip155', token, amount: '1.5', receiver: '0xabc…' })
 */
export function validateSend(parameters: ValidateSendParameters): ValidateSendReturnType {
  const { namespace, token, amount, receiver, feeReserve } = parameters
  if (!canSend(namespace)) throw new UnsupportedChainSendError({ namespace })
  if (!token) throw new TokenRequiredError()
  if (amount.trim() === '' || receiver.trim() === '') throw new AmountAndReceiverRequiredError()
  let to: string
  if (isNameLike(receiver)) {
    if (namespace !== 'eip155' || !parameters.receiverAddress) throw new ResolveNameError({ name: receiver.trim() })
    to = validateReceiver('eip155', parameters.receiverAddress)
  } else to = validateReceiver(namespace, receiver)
  const value = parseAmount(amount, token.decimals)
  if (value <= 0n) throw new InvalidAmountError({ reason: 'the amount must be more than 0' })
  if (value > token.balance) throw new InsufficientBalanceError({ symbol: token.symbol })
  if (!token.contract && feeReserve !== undefined && value + feeReserve > token.balance) {
    throw new InsufficientBalanceError({ symbol: token.symbol, forFee: true })
  }
  return { namespace, token, value, to }
}

/** What the form shows while the user types: each field's problem, and what is valid so far. */
export type InspectSendFormReturnType = {
  /** The amount's problem (invalid, more than the balance, no room for the fee), once typed. */
  amountError: string | undefined
  /** The receiver's problem (format, checksum), once typed; a name's resolution shows apart. */
  receiverError: string | undefined
  /** The amount in base units, when valid and within the balance. */
  value: bigint | undefined
  /** The normalized receiver, when valid (eip155 only: what a fee estimate can use). */
  to: `0x${string}` | undefined
}

/**
 * The live checks of the send form, field by field, without throwing: nothing is reported for
 * an empty field (submitting reports it with the spec's text, see {@link validateSend}).
 *
 * @example
 * inspectSendForm({ namespace: 'eip155', token, amount: '2000', receiver: '' }).amountError // 'Insufficient dUSD balance'
 */
export function inspectSendForm(parameters: ValidateSendParameters): InspectSendFormReturnType {
  const { namespace, token, amount, receiver, feeReserve } = parameters
  const result: InspectSendFormReturnType = { amountError: undefined, receiverError: undefined, value: undefined, to: undefined }
  if (!canSend(namespace)) return result
  if (isNameLike(receiver)) {
    const address = parameters.receiverAddress
    if (namespace === 'eip155' && address && isEvmAddress(address, { strict: false })) result.to = toChecksumAddress(address)
  } else if (receiver.trim() !== '') {
    const text = receiver.trim()
    if (namespace === 'solana') {
      if (!isSolanaAddress(text)) result.receiverError = new InvalidReceiverError({ reason: 'format' }).shortMessage
    } else if (!isEvmAddress(text, { strict: false })) {
      result.receiverError = new InvalidReceiverError({ reason: 'format' }).shortMessage
    } else if (!isEvmAddress(text)) {
      result.receiverError = new InvalidReceiverError({ reason: 'checksum' }).shortMessage
    } else {
      result.to = toChecksumAddress(text)
    }
  }
  if (!token || amount.trim() === '') return result
  const value = readAmount(amount, token.decimals)
  if (value instanceof InvalidAmountError) result.amountError = `${value.shortMessage}: ${value.details}`
  else if (value <= 0n) result.amountError = 'Enter an amount more than 0'
  else if (value > token.balance) result.amountError = new InsufficientBalanceError({ symbol: token.symbol }).shortMessage
  else if (!token.contract && feeReserve !== undefined && value + feeReserve > token.balance) {
    result.amountError = new InsufficientBalanceError({ symbol: token.symbol, forFee: true }).shortMessage
    result.value = value
  } else result.value = value
  return result
}
