import { describe, expect, it, vi } from 'vitest'
import { waitForReceipt } from './receipt'

function provider(answers: Record<string, unknown | ((params: unknown) => unknown)>) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = answers[method]
    if (answer === undefined) throw new Error(`unexpected ${method}`)
    return typeof answer === 'function' ? (answer as (p: unknown) => unknown)(params) : answer
  })
  return { request }
}

describe('waitForReceipt', () => {
  const hash = `0x${'ab'.repeat(32)}`
  const receipt = (status: string) => ({ transactionHash: hash, blockNumber: '0x10', status })

  it('polls until the receipt arrives; status 1 succeeds', async () => {
    const answers = [null, null, receipt('0x1')]
    const p = provider({ eth_getTransactionReceipt: () => answers.shift() })
    const sleep = vi.fn(async () => {})
    expect(await waitForReceipt(p, { hash, sleep })).toEqual({ transactionHash: hash, blockNumber: 16n, status: 'success' })
    expect(sleep).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledWith(4_000)
  })

  it('status 0 is a failure with a clear message', async () => {
    const p = provider({ eth_getTransactionReceipt: receipt('0x0') })
    await expect(waitForReceipt(p, { hash })).rejects.toThrow('Transaction failed on chain')
  })

  it('gives up after the timeout', async () => {
    let now = 0
    const p = provider({ eth_getTransactionReceipt: () => null })
    const sleep = async (ms: number) => {
      now += ms
    }
    await expect(waitForReceipt(p, { hash, now: () => now, sleep, intervalMs: 1_000, timeoutMs: 3_000 })).rejects.toThrow(
      'The transaction was not confirmed in time',
    )
  })

  it('refuses a malformed receipt', async () => {
    const p = provider({ eth_getTransactionReceipt: { status: '0x2', blockNumber: '0x1' } })
    await expect(waitForReceipt(p, { hash })).rejects.toThrow('Invalid answer from the network')
  })
})
