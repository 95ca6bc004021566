import { describe, expect, it } from 'vitest'
import { InvalidChainAnswerError, ReceiptTimeoutError, SolanaTransactionFailedError } from '../errors'
import { readBlockhash, type SolanaReader, waitForSignature } from './rpc'

const SIGNATURE = '5'.repeat(87)

/** A reader answering `getSignatureStatuses` with each of `statuses` in turn. */
function statuses(...answers: unknown[]): SolanaReader & { calls: number } {
  const reader = {
    calls: 0,
    async request({ method }: { method: string }) {
      expect(method).toBe('getSignatureStatuses')
      return { context: { slot: 1 }, value: [answers[Math.min(reader.calls++, answers.length - 1)]] }
    },
  }
  return reader
}

const noSleep = async () => {}

describe('waitForSignature', () => {
  it('waits past unknown and processed statuses until confirmed', async () => {
    const reader = statuses(null, { slot: 7, err: null, confirmationStatus: 'processed' }, { slot: 8, err: null, confirmationStatus: 'confirmed' })
    await expect(waitForSignature(reader, { signature: SIGNATURE, sleep: noSleep })).resolves.toEqual({ slot: 8n })
    expect(reader.calls).toBe(3)
  })

  it('throws the chain reason of a failed transaction', async () => {
    const reader = statuses({ slot: 9, err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'confirmed' })
    const error = await waitForSignature(reader, { signature: SIGNATURE, sleep: noSleep }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaTransactionFailedError)
    expect((error as SolanaTransactionFailedError).details).toContain('{"InstructionError":[0,{"Custom":1}]}')
  })

  it('times out when the signature never lands', async () => {
    let clock = 0
    const reader = statuses(null)
    const wait = waitForSignature(reader, { signature: SIGNATURE, intervalMs: 1_000, timeoutMs: 3_000, now: () => clock, sleep: async (ms) => void (clock += ms) })
    await expect(wait).rejects.toBeInstanceOf(ReceiptTimeoutError)
  })

  it('refuses an answer that is not a status list', async () => {
    const reader: SolanaReader = { request: async () => ({ value: 'nope' }) }
    await expect(waitForSignature(reader, { signature: SIGNATURE })).rejects.toBeInstanceOf(InvalidChainAnswerError)
  })
})

describe('readBlockhash', () => {
  it('reads the blockhash and refuses anything else', async () => {
    const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
    await expect(readBlockhash({ request: async () => ({ value: { blockhash, lastValidBlockHeight: 10 } }) })).resolves.toBe(blockhash)
    await expect(readBlockhash({ request: async () => ({ value: { blockhash: '0x12' } }) })).rejects.toBeInstanceOf(InvalidChainAnswerError)
  })
})
