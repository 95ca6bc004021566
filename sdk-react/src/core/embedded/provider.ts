import type { AccountState } from '../account/accountStore'
import { RPC_TIMEOUT_MS, UNKNOWN_METHOD_TOAST_DELAY_MS } from '../constants'
import { FrameClosedError, FrameRequestError, FrameRequestTimeoutError } from '../frame/errors'
import type { ReadableStore } from '../store/createStore'
import type { EmbeddedWallet } from './embeddedWallet'

/** An EIP-1193 error: `code` is the JSON-RPC or provider error code (4001 user rejected). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

type Listener = (...args: unknown[]) => void

/** The embedded wallet as an EIP-1193 provider: hand it to viem, ethers or wagmi unchanged. */
export interface EmbeddedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

export type CreateEmbeddedProviderParameters = {
  embedded: EmbeddedWallet
  /** The account while it is the embedded wallet's connection, else `undefined`. */
  account: ReadableStore<Pick<AccountState, 'address' | 'caipAddress'> | undefined>
  /** Reports a refused or unknown method to the user (spec: a toast after 300 ms). */
  onNotAllowed?: ((message: string) => void) | undefined
}

/** The text the widget shows when the frame's policy refuses a method (spec §6). */
const NOT_ALLOWED_UI = 'Action not allowed'

/** The frame's policy refused the method (code `NotAllowed`, 'Requested RPC call is not allowed'). */
const isNotAllowed = (error: unknown) => error instanceof FrameRequestError && error.code === 'NotAllowed'

/**
 * Creates the embedded wallet's EIP-1193 provider. Account and chain come from the widget's
 * state; every other call goes to the frame, which applies its method policy: reads pass
 * through to the chain, signatures wait for the user's Approve inside the frame, anything else
 * is refused. Events follow the account store: `accountsChanged`, `chainChanged`, `connect`,
 * `disconnect`.
 *
 * @example
 * const provider = createEmbeddedProvider({ embedded, account })
 * const wallet = createWalletClient({ transport: custom(provider) })
 * const signature = await wallet.signMessage({ account: address, message: 'hello' })
 */
export function createEmbeddedProvider(parameters: CreateEmbeddedProviderParameters): EmbeddedProvider {
  const { embedded, account, onNotAllowed } = parameters
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }

  const connected = () => account.getSnapshot()
  const chainIdHex = () => {
    const reference = connected()?.caipAddress?.split(':')[1]
    const id = Number(reference)
    return Number.isSafeInteger(id) && id > 0 ? `0x${id.toString(16)}` : undefined
  }

  let last = { address: connected()?.address, chainId: chainIdHex() }
  account.subscribe(() => {
    const next = { address: connected()?.address, chainId: chainIdHex() }
    if (next.address !== last.address) {
      if (!last.address && next.address) emit('connect', { chainId: next.chainId })
      emit('accountsChanged', next.address ? [next.address] : [])
      if (last.address && !next.address) emit('disconnect', new ProviderRpcError(4900, 'Disconnected'))
    }
    if (last.address && next.address && next.chainId && next.chainId !== last.chainId) emit('chainChanged', next.chainId)
    last = next
  })

  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
          return connected()?.address ? [connected()?.address] : []
        case 'eth_requestAccounts': {
          const address = connected()?.address
          if (!address) throw new ProviderRpcError(4100, 'Log in to the embedded wallet first.')
          return [address]
        }
        case 'eth_chainId': {
          const id = chainIdHex()
          if (!id) throw new ProviderRpcError(4900, 'Disconnected')
          return id
        }
      }
      if (!connected()) throw new ProviderRpcError(4900, 'Disconnected')
      const frame = await embedded.ensureReady()
      try {
        const { result } = await frame.request(
          { RpcRequest: { method, params: JSON.stringify(params ?? []), chainId: null } },
          RPC_TIMEOUT_MS,
        )
        return JSON.parse(result) as unknown
      } catch (error) {
        if (isNotAllowed(error) && onNotAllowed) {
          setTimeout(() => onNotAllowed(NOT_ALLOWED_UI), UNKNOWN_METHOD_TOAST_DELAY_MS)
        }
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}

/** The frame's typed errors as EIP-1193 errors. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof FrameRequestError) {
    const code = error.code
    if (typeof code === 'object') return new ProviderRpcError(code.Rpc, error.shortMessage)
    switch (code) {
      case 'NotAllowed':
        return new ProviderRpcError(4200, error.shortMessage)
      case 'NotConnected':
        return new ProviderRpcError(4900, error.shortMessage)
      case 'InvalidParams':
        return new ProviderRpcError(-32602, error.shortMessage)
      case 'Unauthorized':
        return new ProviderRpcError(4100, error.shortMessage)
      case 'Aborted':
        return new ProviderRpcError(4001, error.shortMessage)
      default:
        return new ProviderRpcError(-32603, error.shortMessage)
    }
  }
  if (error instanceof FrameRequestTimeoutError) return new ProviderRpcError(-32603, error.shortMessage)
  if (error instanceof FrameClosedError) return new ProviderRpcError(4900, error.shortMessage)
  return new ProviderRpcError(-32603, error instanceof Error ? error.message : 'An error occurred')
}
