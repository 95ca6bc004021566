import { ProviderRpcError } from '../embedded/provider'
import type { CaipNetworkId, Network } from '../networks'
import type { EIP1193Provider } from '../wallets/eip6963'
import { parseCaipAccount } from './session'
import type { SignClientLike, SignClientSession } from './types'
import { AN_ERROR_OCCURRED } from '../../codec/constants.gen'

export type CreateWalletConnectProviderParameters = {
  client: SignClientLike
  /** The live session; `undefined` once it ended. */
  getSession(): SignClientSession | undefined
  /** The network requests are sent for. */
  getCaipNetworkId(): CaipNetworkId
  networks: readonly Network[]
  fetch?: typeof fetch | undefined
}

/** EIP-1193 error codes this provider answers with itself. */
const UNSUPPORTED_METHOD = 4200
const DISCONNECTED = 4900

/**
 * An EIP-1193 provider over a WalletConnect session (eip155). Methods the wallet agreed to in
 * the session go to the wallet through the relay; `eth_accounts`, `eth_requestAccounts` and
 * `eth_chainId` are answered from the session; other calls (reads) go to the network's RPC URL.
 *
 * @example
 * const provider = createWalletConnectProvider({ client, getSession, getCaipNetworkId, networks })
 * const signature = await provider.request({ method: 'personal_sign', params: [message, address] })
 */
export function createWalletConnectProvider(parameters: CreateWalletConnectProviderParameters): EIP1193Provider {
  const { client, networks } = parameters
  let nextId = 1

  const live = () => {
    const session = parameters.getSession()
    if (!session) {
      throw new ProviderRpcError(DISCONNECTED, 'Disconnected')
    }
    return session
  }

  const accounts = (session: SignClientSession, caipNetworkId: CaipNetworkId) =>
    (session.namespaces['eip155']?.accounts ?? [])
      .map(parseCaipAccount)
      .filter((account) => account.caipNetworkId === caipNetworkId)
      .map((account) => account.address)

  const rpc = async (caipNetworkId: CaipNetworkId, method: string, params: unknown) => {
    const url = networks.find((n) => n.caipNetworkId === caipNetworkId)?.rpcUrls.default.http[0]
    if (!url) {
      throw new ProviderRpcError(UNSUPPORTED_METHOD, `The wallet does not support ${method} and ${caipNetworkId} has no RPC URL`)
    }
    const response = await (parameters.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    })
    if (!response.ok) throw new ProviderRpcError(-32603, `HTTP status code: ${response.status}`)
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }

  return {
    async request({ method, params }) {
      const session = live()
      const caipNetworkId = parameters.getCaipNetworkId()
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return accounts(session, caipNetworkId)
      if (method === 'eth_chainId') return `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`
      if (session.namespaces['eip155']?.methods.includes(method)) {
        try {
          return await client.request({ topic: session.topic, chainId: caipNetworkId, request: { method, params } })
        } catch (error) {
          throw toProviderError(error)
        }
      }
      return rpc(caipNetworkId, method, params)
    },
  }
}

/** The wallet's JSON-RPC error (`{ code, message }`) as a {@link ProviderRpcError}. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
  return new ProviderRpcError(
    typeof code === 'number' ? code : -32603,
    typeof message === 'string' && message ? message : AN_ERROR_OCCURRED,
    data,
  )
}
