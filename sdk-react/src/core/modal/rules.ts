import type { ModalStore } from './modalStore'
import type { ViewName } from './views'

export type ShouldOpenUnsupportedChainParameters = {
  /** Whether the active network is one of the configured networks. */
  supported: boolean
  /** `config.enableNetworkSwitch`. */
  enableNetworkSwitch: boolean
  /** `config.allowUnsupportedChain`. */
  allowUnsupportedChain: boolean
}

/**
 * Spec §2: an unsupported active network opens UnsupportedChain, unless switching is disabled
 * or unsupported chains are allowed.
 *
 * @example
 * if (shouldOpenUnsupportedChain({ supported: false, enableNetworkSwitch: true, allowUnsupportedChain: false })) {
 *   modal.open({ view: 'UnsupportedChain' })
 * }
 */
export function shouldOpenUnsupportedChain(parameters: ShouldOpenUnsupportedChainParameters): boolean {
  return !parameters.supported && parameters.enableNetworkSwitch && !parameters.allowUnsupportedChain
}

/** What was sent: the chain's native token, an ERC20 token, or a Solana token (native SOL or SPL). */
export type SentToken = 'native' | 'erc20' | 'solana'

/**
 * Spec §2: the send flow pushes the Account view after an ERC20 or Solana send. For a native
 * EVM send the rule pushes nothing; the send view decides.
 *
 * @example
 * const view = viewAfterSend('erc20') // 'Account'
 * if (view) modal.push(view)
 */
export function viewAfterSend(token: SentToken): ViewName | undefined {
  return token === 'erc20' || token === 'solana' ? 'Account' : undefined
}

export type CancelSignInParameters = {
  /** The modal store. */
  modal: Pick<ModalStore, 'close' | 'reset'>
  /** Whether the dapp requires sign-in (SIWX `required`). */
  required: boolean
  /** Disconnects the wallet. */
  disconnect(): Promise<void>
}

/**
 * Spec §2: cancelling SIWXSignMessage disconnects the wallet when sign-in is required (the
 * modal stays open); otherwise it only closes the modal. Either way the modal then resets to
 * Connect.
 *
 * @example
 * await cancelSignIn({ modal: client.modal, required: true, disconnect: () => disconnect(client) })
 */
export async function cancelSignIn(parameters: CancelSignInParameters): Promise<void> {
  if (parameters.required) await parameters.disconnect()
  else parameters.modal.close()
  parameters.modal.reset('Connect')
}
