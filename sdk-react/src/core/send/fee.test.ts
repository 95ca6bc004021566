import { describe, expect, it, vi } from 'vitest'
import { estimateNetworkFee } from './fee'

const tx = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' } as const

function provider(answers: Record<string, unknown | ((params: unknown) => unknown)>) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = answers[method]
    if (answer === undefined) throw new Error(`unexpected ${method}`)
    return typeof answer === 'function' ? (answer as (p: unknown) => unknown)(params) : answer
  })
  return { request }
}

describe('estimateNetworkFee', () => {
  it('EIP-1559: gas × (base + priority) expected, gas × (2 × base + priority) at most', async () => {
    const p = provider({ eth_estimateGas: '0x5208', eth_getBlockByNumber: { baseFeePerGas: '0x3b9aca00' }, eth_maxPriorityFeePerGas: '0x77359400' })
    expect(await estimateNetworkFee(p, tx)).toEqual({ gas: 21_000n, expected: 21_000n * 3_000_000_000n, max: 21_000n * 4_000_000_000n })
    expect(p.request).toHaveBeenCalledWith({ method: 'eth_estimateGas', params: [tx] })
  })

  it('without a base fee: gas × eth_gasPrice', async () => {
    const p = provider({ eth_estimateGas: '0x5208', eth_getBlockByNumber: { number: '0x1' }, eth_gasPrice: '0x2' })
    expect(await estimateNetworkFee(p, tx)).toEqual({ gas: 21_000n, expected: 42_000n, max: 42_000n })
  })

  it('refuses answers that are not quantities', async () => {
    const p = provider({ eth_estimateGas: 21000, eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1' })
    await expect(estimateNetworkFee(p, tx)).rejects.toThrow('Invalid answer from the network')
  })
})
