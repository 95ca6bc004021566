import type { EIP1193Provider } from '../wallets/eip6963'
import { InvalidChainAnswerError, ReceiptTimeoutError, TransactionRevertedError } from './errors'

/** How often a receipt is asked for (spec §9: poll interval 4 s). The first ask is immediate. */
export const RECEIPT_POLL_INTERVAL_MS = 4_000
/** How long a receipt is waited for before the send is reported as unconfirmed. */
export const RECEIPT_TIMEOUT_MS = 3 * 60_000

export type WaitForReceiptParameters = {
  hash: string
  /** Default {@link RECEIPT_POLL_INTERVAL_MS}. */
  intervalMs?: number | undefined
  /** Default {@link RECEIPT_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
  /** Clock and timer (test seams). */
  now?: (() => number) | undefined
  sleep?: ((ms: number) => Promise<void>) | undefined
}

/** The fields of a receipt a send needs. */
export type SendReceipt = { transactionHash: string; blockNumber: bigint; status: 'success' }

export type WaitForReceiptErrorType = TransactionRevertedError | ReceiptTimeoutError | InvalidChainAnswerError | Error

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls `eth_getTransactionReceipt` through the wallet's provider until the transaction is mined.
 * Status `0x1` resolves; status `0x0` throws `TransactionRevertedError` (a token whose
 * `transfer` returns nothing, like USDT, is judged by this status alone); no receipt within the
 * timeout throws `ReceiptTimeoutError`.
 *
 * @example
 * const receipt = await waitForReceipt(provider, { hash })
 */
export async function waitForReceipt(provider: EIP1193Provider, parameters: WaitForReceiptParameters): Promise<SendReceipt> {
  const { hash, intervalMs = RECEIPT_POLL_INTERVAL_MS, timeoutMs = RECEIPT_TIMEOUT_MS } = parameters
  const now = parameters.now ?? Date.now
  const sleep = parameters.sleep ?? sleepFor
  const deadline = now() + timeoutMs
  for (;;) {
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    if (receipt !== null && receipt !== undefined) return checkReceipt(hash, receipt)
    if (now() + intervalMs > deadline) throw new ReceiptTimeoutError({ hash, timeoutMs })
    await sleep(intervalMs)
  }
}

function checkReceipt(hash: string, receipt: unknown): SendReceipt {
  const { status, blockNumber } = (typeof receipt === 'object' ? receipt : {}) as { status?: unknown; blockNumber?: unknown }
  if (typeof blockNumber !== 'string' || !/^0x[0-9a-fA-F]+$/.test(blockNumber) || (status !== '0x1' && status !== '0x0')) {
    throw new InvalidChainAnswerError({ method: 'eth_getTransactionReceipt', value: receipt })
  }
  if (status === '0x0') throw new TransactionRevertedError({ hash })
  return { transactionHash: hash, blockNumber: BigInt(blockNumber), status: 'success' }
}
