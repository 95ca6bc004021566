import {
  ChainNotSupportedError,
  getWalletErrorCode,
  SwitchChainError,
  UNRECOGNIZED_CHAIN_CODE,
} from '../errors/connection'
import type { Network } from '../networks'
import { toHexChainId } from '../validation/caip'
import type { EIP1193Provider } from '../wallets/eip6963'

/** EIP-3085 `wallet_addEthereumChain` parameters. */
export type AddEthereumChainParameter = {
  chainId: `0x${string}`
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[] | undefined
}

/**
 * The `wallet_addEthereumChain` parameters of an eip155 network (spec §7: chainId, rpcUrls,
 * chainName, nativeCurrency, blockExplorerUrls).
 *
 * @example
 * toAddEthereumChainParameter(localDevnet)
 * // { chainId: '0x7a69', chainName: 'Local Devnet', rpcUrls: ['http://127.0.0.1:8545'], … }
 */
export function toAddEthereumChainParameter(network: Network): AddEthereumChainParameter {
  // The chain's own RPC when the network has one besides its default: a browser wallet calls
  // it from its own origin, which frame-host's RPC endpoint (the default then) does not allow.
  const rpcUrls = [...(network.rpcUrls.chainDefault ?? network.rpcUrls.default).http]
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: toHexChainId(Number(network.id)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls,
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}

export type SwitchEthereumChainErrorType = ChainNotSupportedError | SwitchChainError

/**
 * Asks an EIP-1193 wallet to change to `network` (spec §4 "Network switch"):
 * `wallet_switchEthereumChain`; on 4902 (unrecognized chain) `wallet_addEthereumChain`, then the
 * switch again for wallets that do not switch on add. A failed add is `ChainNotSupportedError`
 * ('Chain is not supported'); any other refusal is `SwitchChainError`.
 *
 * @example
 * await switchEthereumChain(provider, base)
 */
export async function switchEthereumChain(provider: EIP1193Provider, network: Network): Promise<void> {
  const { chainId } = toAddEthereumChainParameter(network)
  const { caipNetworkId } = network
  const switchChain = () => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  try {
    await switchChain()
    return
  } catch (cause) {
    if (getWalletErrorCode(cause) !== UNRECOGNIZED_CHAIN_CODE) throw new SwitchChainError({ caipNetworkId, cause })
  }
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [toAddEthereumChainParameter(network)] })
    const current = await provider.request({ method: 'eth_chainId' }).catch(() => undefined)
    if (typeof current === 'string' && current.toLowerCase() === chainId) return
    await switchChain()
  } catch (cause) {
    throw new ChainNotSupportedError({ caipNetworkId, cause })
  }
}
