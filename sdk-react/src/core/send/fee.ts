import type { EIP1193Provider } from '../wallets/eip6963'
import { InvalidChainAnswerError } from './errors'
import type { SendTransactionRequest } from './transaction'

/** A network fee estimate, in the native coin's base units. */
export type NetworkFee = {
  /** `eth_estimateGas` for the transaction. */
  gas: bigint
  /** What the fee will likely be: gas × (base fee + priority fee), or gas × gas price. */
  expected: bigint
  /**
   * The most it can cost as wallets fill EIP-1559 fees: gas × (2 × base fee + priority fee), or
   * gas × gas price on a chain without a base fee. Max for the native coin leaves this much.
   */
  max: bigint
}

async function quantity(provider: EIP1193Provider, method: string, params: unknown[]): Promise<bigint> {
  const result = await provider.request({ method, params })
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result)) throw new InvalidChainAnswerError({ method, value: result })
  return BigInt(result)
}

async function latestBaseFee(provider: EIP1193Provider): Promise<bigint | undefined> {
  const block = await provider.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
  if (typeof block !== 'object' || block === null) throw new InvalidChainAnswerError({ method: 'eth_getBlockByNumber', value: block })
  const baseFee = (block as { baseFeePerGas?: unknown }).baseFeePerGas
  if (baseFee === undefined || baseFee === null) return undefined
  if (typeof baseFee !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(baseFee)) {
    throw new InvalidChainAnswerError({ method: 'eth_getBlockByNumber', value: baseFee })
  }
  return BigInt(baseFee)
}

export type EstimateNetworkFeeErrorType = InvalidChainAnswerError | Error

/**
 * Estimates the network fee of `transaction` through the connected wallet's provider:
 * `eth_estimateGas`, then the latest block's base fee with `eth_maxPriorityFeePerGas` (EIP-1559)
 * or, on a chain without a base fee, `eth_gasPrice`.
 *
 * @example
 * const fee = await estimateNetworkFee(provider, { from, to, value: '0x0' })
 * formatAmount(fee.expected, 18) // '0.000042'
 */
export async function estimateNetworkFee(provider: EIP1193Provider, transaction: SendTransactionRequest): Promise<NetworkFee> {
  const [gas, baseFee] = await Promise.all([
    quantity(provider, 'eth_estimateGas', [transaction]),
    latestBaseFee(provider),
  ])
  if (baseFee === undefined) {
    const gasPrice = await quantity(provider, 'eth_gasPrice', [])
    return { gas, expected: gas * gasPrice, max: gas * gasPrice }
  }
  const priority = await quantity(provider, 'eth_maxPriorityFeePerGas', [])
  return { gas, expected: gas * (baseFee + priority), max: gas * (2n * baseFee + priority) }
}
