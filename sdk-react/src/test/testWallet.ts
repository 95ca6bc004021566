// A scripted EIP-1193 browser wallet for unit tests: it answers the methods the widget uses,
// remembers which accounts it authorized, and emits the wallet events. It stands in for
// MetaMask & co., which are outside Oriel.
import type { EIP6963ProviderDetail } from '../core/wallets/eip6963'

type Listener = (...args: unknown[]) => void

export type TestWalletOptions = {
  accounts?: string[]
  chainId?: number
  /** Already authorized for this site (reconnect finds the accounts). */
  authorized?: boolean
  /** Chains the wallet knows; others answer 4902. Default: every chain. */
  knownChains?: number[]
  /** Answers wallet_revokePermissions with 4200 (unsupported). */
  noRevoke?: boolean
}

export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export class TestWallet {
  accounts: string[]
  chainId: number
  authorized: boolean
  knownChains: Set<number> | undefined
  noRevoke: boolean
  /** Every method asked, in order. */
  calls: string[] = []
  /** Makes the next call of a method fail. */
  failures = new Map<string, Error>()
  private listeners = new Map<string, Set<Listener>>()

  constructor(options: TestWalletOptions = {}) {
    this.accounts = options.accounts ?? ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']
    this.chainId = options.chainId ?? 1
    this.authorized = options.authorized ?? false
    this.knownChains = options.knownChains ? new Set(options.knownChains) : undefined
    this.noRevoke = options.noRevoke ?? false
  }

  request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    this.calls.push(method)
    const failure = this.failures.get(method)
    if (failure) {
      this.failures.delete(method)
      throw failure
    }
    const hex = `0x${this.chainId.toString(16)}`
    switch (method) {
      case 'eth_requestAccounts':
        this.authorized = true
        return this.accounts
      case 'eth_accounts':
        return this.authorized ? this.accounts : []
      case 'eth_chainId':
        return hex
      case 'wallet_revokePermissions':
        if (this.noRevoke) throw new WalletError(4200, 'The Provider does not support the requested method.')
        this.authorized = false
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
        if (this.knownChains && !this.knownChains.has(chainId)) throw new WalletError(4902, 'Unrecognized chain ID')
        this.setChain(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chainId = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
        this.knownChains?.add(chainId)
        return null
      }
      default:
        throw new WalletError(4200, `Unsupported method ${method}`)
    }
  }

  on = (event: string, listener: Listener) => {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
  }

  removeListener = (event: string, listener: Listener) => {
    this.listeners.get(event)?.delete(listener)
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args)
  }

  setChain(chainId: number) {
    this.chainId = chainId
    this.emit('chainChanged', `0x${chainId.toString(16)}`)
  }

  /** The EIP-6963 announcement of this wallet. */
  detail(name: string, rdns: string): EIP6963ProviderDetail {
    return { info: { uuid: `${rdns}-uuid`, name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: this }
  }
}
