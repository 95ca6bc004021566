import { afterEach, describe, expect, it, vi } from 'vitest'
import { localSolana } from '../../networks'
import { InvalidChainAnswerError, SolanaRpcError } from '../errors'
import { solanaReader } from './reader'

const URL = 'http://127.0.0.1:18899'
const network = { ...localSolana, rpcUrls: { default: { http: [URL] } } }

/** A cluster answering every request with `text`; keeps what it was asked. */
function cluster(text: string) {
  const asked: { url: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, body: JSON.parse(String(init?.body)) })
    return new Response(text)
  })
  return asked
}

describe('solanaReader', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("is the wallet's provider when it has one", () => {
    const provider = { request: async () => null }
    expect(solanaReader(provider, network)).toBe(provider)
  })

  it("asks the network's RPC URL without a provider, and gives the result", async () => {
    const asked = cluster(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { context: { slot: 1 }, value: 5 } }))
    const reader = solanaReader(undefined, network)
    await expect(reader?.request({ method: 'getBalance', params: ['x'] })).resolves.toEqual({ context: { slot: 1 }, value: 5 })
    expect(asked).toEqual([{ url: URL, body: { jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['x'] } }])
  })

  it("a refused transaction is a SolanaRpcError with the cluster's reason", async () => {
    cluster(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Transaction simulation failed: insufficient lamports' } }))
    const error = await solanaReader(undefined, network)
      ?.request({ method: 'sendTransaction', params: ['AQ=='] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaRpcError)
    expect((error as SolanaRpcError).shortMessage).toBe('The network refused the request')
    expect((error as SolanaRpcError).details).toBe('sendTransaction: Transaction simulation failed: insufficient lamports')
    expect((error as SolanaRpcError).code).toBe(-32002)
  })

  it('an answer that is not JSON-RPC is an InvalidChainAnswerError', async () => {
    for (const text of ['<html>bad gateway</html>', 'null', JSON.stringify({ jsonrpc: '2.0', id: 1 })]) {
      cluster(text)
      const error = await solanaReader(undefined, network)
        ?.request({ method: 'getBalance', params: ['x'] })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidChainAnswerError)
    }
  })

  it('is undefined for a network without an RPC URL', () => {
    expect(solanaReader(undefined, { rpcUrls: { default: { http: [] } } })).toBeUndefined()
  })
})
