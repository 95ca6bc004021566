// A browser wallet for the end-to-end tests and `make screenshots`, injected into the dapp page
// before its scripts run. It announces itself with EIP-6963 and keeps its keys in a real viem
// account (hardhat's account #0 on the local devnet). Like a wallet extension it remembers, per
// site, whether the user authorized the site; it approves every prompt, or rejects them while
// `reject` is set.
import { privateKeyToAccount } from 'viem/accounts'

/** Set on `window.__orielTestWallet` by the test before this script runs. */
export type TestWalletConfig = {
  privateKey: `0x${string}`
  /** The devnet's JSON-RPC URL; the wallet's chain and every read go there. */
  rpcUrl: string
  name: string
  rdns: string
  /** Answer connection prompts with 4001 (the user declined). */
  reject?: boolean
}

type Listener = (...args: unknown[]) => void

const config = (window as unknown as { __orielTestWallet: TestWalletConfig }).__orielTestWallet
const account = privateKeyToAccount(config.privateKey)
const AUTHORIZED = `${config.rdns}:authorized`
const listeners = new Map<string, Set<Listener>>()
let rpcId = 0
let chainId: string | undefined

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const emit = (event: string, ...args: unknown[]) => {
  for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
}
const authorized = () => localStorage.getItem(AUTHORIZED) === 'true'

async function rpc(method: string, params: unknown = []): Promise<unknown> {
  const response = await fetch(config.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
  return body.result
}

async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
  const args = (Array.isArray(params) ? params : []) as unknown[]
  switch (method) {
    case 'eth_requestAccounts':
      if (config.reject) throw new ProviderRpcError(4001, 'User rejected the request.')
      localStorage.setItem(AUTHORIZED, 'true')
      return [account.address]
    case 'eth_accounts':
      return authorized() ? [account.address] : []
    case 'eth_chainId':
      chainId ??= String(await rpc('eth_chainId'))
      return chainId
    case 'personal_sign': {
      if (!authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
      if (config.reject) throw new ProviderRpcError(4001, 'User rejected the request.')
      const [message, address] = args as [`0x${string}`, string]
      if (address?.toLowerCase() !== account.address.toLowerCase()) throw new ProviderRpcError(4100, 'Unknown account')
      return account.signMessage({ message: { raw: message } })
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId: wanted }] = args as [{ chainId: string }]
      // The wallet knows one chain: the devnet it talks to.
      const current = String(await request({ method: 'eth_chainId' }))
      if (wanted?.toLowerCase() !== current) throw new ProviderRpcError(4902, `Unrecognized chain ID "${wanted}".`)
      return null
    }
    case 'wallet_addEthereumChain':
      throw new ProviderRpcError(4200, 'This wallet only knows its devnet.')
    case 'wallet_revokePermissions':
      localStorage.removeItem(AUTHORIZED)
      emit('accountsChanged', [])
      return null
    default:
      return rpc(method, params ?? [])
  }
}

const provider = {
  request,
  on(event: string, listener: Listener) {
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
  },
  removeListener(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener)
  },
}

const icon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#f5a524"/><circle cx="20" cy="20" r="9" fill="#16171a"/></svg>',
)}`
const detail = Object.freeze({
  info: Object.freeze({ uuid: crypto.randomUUID(), name: config.name, icon, rdns: config.rdns }),
  provider,
})
const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
window.addEventListener('eip6963:requestProvider', announce)
announce()
