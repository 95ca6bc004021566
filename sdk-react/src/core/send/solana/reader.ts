import type { Network } from '../../networks'
import { InvalidChainAnswerError, SolanaRpcError } from '../errors'
import type { SolanaReader } from './rpc'

/** The most a cluster's JSON-RPC answer may be (bytes) before it is refused. */
const MAX_ANSWER_BYTES = 1_000_000

/**
 * The reader of the active Solana network, for a send and the native balance: the connected
 * wallet's request provider when it has one (the embedded wallet answers Solana reads,
 * getBalance, getLatestBlockhash, getAccountInfo and getSignatureStatuses, through its frame's
 * read policy), else the active network's RPC URL (a browser Solana wallet signs and sends but
 * offers no reads). Both ask the same cluster the wallet sends to. Over the RPC URL, the
 * cluster's JSON-RPC error is a `SolanaRpcError`, an answer that is not JSON-RPC an
 * `InvalidChainAnswerError`.
 *
 * @example
 * const reader = solanaReader(getProvider(client).provider, getNetwork(client).network)
 */
export function solanaReader(provider: SolanaReader | undefined, network: Pick<Network, 'rpcUrls'>): SolanaReader | undefined {
  if (provider) return provider
  const url = network.rpcUrls.default.http[0]
  if (!url) return undefined
  let id = 0
  return {
    async request({ method, params }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      })
      const text = await response.text()
      if (text.length > MAX_ANSWER_BYTES) throw new InvalidChainAnswerError({ method, value: `${text.length} bytes` })
      let answer: { result?: unknown; error?: { code?: unknown; message?: unknown } }
      try {
        answer = JSON.parse(text)
      } catch {
        throw new InvalidChainAnswerError({ method, value: text.slice(0, 200) })
      }
      if (typeof answer !== 'object' || answer === null) throw new InvalidChainAnswerError({ method, value: answer })
      if (answer.error) throw new SolanaRpcError({ method, code: answer.error.code, message: answer.error.message })
      if (!response.ok || !('result' in answer)) throw new InvalidChainAnswerError({ method, value: answer })
      return answer.result
    },
  }
}
