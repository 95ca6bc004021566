import type { TokenBalance } from '../blockchain/client'
import type { SwapToken } from '../convert/parse'
import { readAmount } from '../send/amount'
import { InsufficientBalanceError, InvalidAmountError, TokenRequiredError } from '../send/errors'
import { swapTokenBalance } from './amounts'
import { AmountRequiredError, TokenToReceiveRequiredError } from './errors'

/** The swap form as the user filled it, with what it is read against. */
export type SwapFormParameters = {
  /** The network's swappable tokens. */
  tokens: readonly SwapToken[]
  /** CAIP-10 of the token sold and bought. */
  from: string | undefined
  to: string | undefined
  /** Whole `from` tokens, as typed. */
  amount: string
  /** The account's balance list on the network. */
  balances: readonly TokenBalance[]
}

/** What the form shows while the user types. */
export type InspectSwapFormReturnType = {
  fromToken: SwapToken | undefined
  toToken: SwapToken | undefined
  /** The account's balance of `fromToken`, base units (0 when unknown). */
  balance: bigint
  /** The amount in base units, when it is a valid amount above 0 (even above the balance: it can still be quoted). */
  value: bigint | undefined
  /** The amount's problem (not a number, too many decimals, 0, more than the balance), once typed. */
  amountError: string | undefined
}

/**
 * Reads the form as typed: the two tokens, the balance, the amount in base units and its problem.
 *
 * @example
 * inspectSwapForm({ tokens, from: eth.address, to: dusd.address, amount: '0.1', balances }).value // 10n ** 17n
 */
export function inspectSwapForm(p: SwapFormParameters): InspectSwapFormReturnType {
  const fromToken = p.tokens.find((t) => t.address === p.from)
  const toToken = p.tokens.find((t) => t.address === p.to)
  const balance = fromToken ? swapTokenBalance(p.balances, fromToken.address) : 0n
  const result: InspectSwapFormReturnType = { fromToken, toToken, balance, value: undefined, amountError: undefined }
  if (!fromToken || p.amount.trim() === '') return result
  const value = readAmount(p.amount, fromToken.decimals)
  if (value instanceof InvalidAmountError) result.amountError = `${value.shortMessage}: ${value.details}`
  else if (value <= 0n) result.amountError = 'Enter an amount more than 0'
  else {
    result.value = value
    if (value > balance) result.amountError = new InsufficientBalanceError({ symbol: fromToken.symbol }).shortMessage
  }
  return result
}

/** A swap ready to quote and build. */
export type ValidSwap = { fromToken: SwapToken; toToken: SwapToken; value: bigint }

export type ValidateSwapErrorType =
  | TokenRequiredError
  | TokenToReceiveRequiredError
  | AmountRequiredError
  | InvalidAmountError
  | InsufficientBalanceError

/**
 * The form as a swap to send, or the typed error saying what is missing or wrong: 'A token is
 * required', 'Choose a token to receive', 'Enter an amount', 'Invalid amount', 'Insufficient
 * {symbol} balance'.
 *
 * @example
 * const { fromToken, toToken, value } = validateSwap({ tokens, from, to, amount: '0.1', balances })
 */
export function validateSwap(p: SwapFormParameters): ValidSwap {
  const form = inspectSwapForm(p)
  if (!form.fromToken) throw new TokenRequiredError()
  if (!form.toToken) throw new TokenToReceiveRequiredError()
  if (p.amount.trim() === '') throw new AmountRequiredError()
  const value = readAmount(p.amount, form.fromToken.decimals)
  if (value instanceof InvalidAmountError) throw value
  if (value <= 0n) throw new InvalidAmountError({ reason: 'the amount must be more than 0' })
  if (value > form.balance) throw new InsufficientBalanceError({ symbol: form.fromToken.symbol })
  return { fromToken: form.fromToken, toToken: form.toToken, value }
}
