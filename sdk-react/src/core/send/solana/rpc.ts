import { InvalidChainAnswerError, ReceiptTimeoutError, SolanaTransactionFailedError } from '../errors'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './address'

/** A JSON-RPC requester for the Solana cluster of the active network. */
export type SolanaReader = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/**
 * The cluster's `getLatestBlockhash` at `confirmed`.
 *
 * @example
 * const blockhash = await readBlockhash(reader)
 */
export async function readBlockhash(reader: SolanaReader): Promise<string> {
  const result = await reader.request({ method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] })
  const blockhash = (result as { value?: { blockhash?: unknown } } | null)?.value?.blockhash
  if (typeof blockhash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(blockhash)) {
    throw new InvalidChainAnswerError({ method: 'getLatestBlockhash', value: result })
  }
  return blockhash
}

/**
 * The program that holds a mint account (the SPL Token program or Token-2022).
 *
 * @example
 * await readTokenProgram(reader, '3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu') // 'Tokenkeg…'
 */
export async function readTokenProgram(reader: SolanaReader, mint: string): Promise<string> {
  const result = await reader.request({ method: 'getAccountInfo', params: [mint, { encoding: 'base64', commitment: 'confirmed' }] })
  const owner = (result as { value?: { owner?: unknown } | null } | null)?.value?.owner
  if (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) throw new InvalidChainAnswerError({ method: 'getAccountInfo', value: result })
  return owner
}

/** How often a signature's status is asked for; the first ask is immediate. */
export const STATUS_POLL_INTERVAL_MS = 1_000
/** How long a signature is waited for before the send is reported as unconfirmed. */
export const STATUS_TIMEOUT_MS = 90_000

export type WaitForSignatureParameters = {
  signature: string
  intervalMs?: number | undefined
  timeoutMs?: number | undefined
  now?: (() => number) | undefined
  sleep?: ((ms: number) => Promise<void>) | undefined
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls `getSignatureStatuses` until the transaction is `confirmed` or `finalized`. A status
 * with an `err` throws `SolanaTransactionFailedError` with the chain's reason; no confirmation
 * within the timeout throws `ReceiptTimeoutError`.
 *
 * @example
 * const { slot } = await waitForSignature(reader, { signature })
 */
export async function waitForSignature(reader: SolanaReader, parameters: WaitForSignatureParameters): Promise<{ slot: bigint }> {
  const { signature, intervalMs = STATUS_POLL_INTERVAL_MS, timeoutMs = STATUS_TIMEOUT_MS } = parameters
  const now = parameters.now ?? Date.now
  const sleep = parameters.sleep ?? sleepFor
  const deadline = now() + timeoutMs
  for (;;) {
    const result = await reader.request({ method: 'getSignatureStatuses', params: [[signature]] })
    const value = (result as { value?: unknown } | null)?.value
    if (!Array.isArray(value) || value.length !== 1) throw new InvalidChainAnswerError({ method: 'getSignatureStatuses', value: result })
    const status = value[0] as { slot?: unknown; err?: unknown; confirmationStatus?: unknown } | null
    if (status !== null) {
      if (typeof status !== 'object' || typeof status.slot !== 'number') {
        throw new InvalidChainAnswerError({ method: 'getSignatureStatuses', value: result })
      }
      if (status.err !== null && status.err !== undefined) throw new SolanaTransactionFailedError({ signature, reason: status.err })
      if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { slot: BigInt(status.slot) }
    }
    if (now() + intervalMs > deadline) throw new ReceiptTimeoutError({ hash: signature, timeoutMs })
    await sleep(intervalMs)
  }
}
