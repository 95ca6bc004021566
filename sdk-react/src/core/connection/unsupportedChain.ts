import type { ModalStore } from '../modal/modalStore'
import type { Network } from '../networks'
import type { ConnectionStore } from './types'
import { findNetwork } from './network'

export type WatchUnsupportedChainParameters = {
  connection: ConnectionStore
  modal: ModalStore
  networks: readonly Network[]
  /** `config.allowUnsupportedChain`: the dapp stays usable on any network. */
  allowUnsupportedChain: boolean
  /** `config.enableNetworkSwitch`: without it there is nothing to offer. */
  enableNetworkSwitch: boolean
  /** The inline widget never closes: it shows Account once the network is fixed. */
  inline: boolean
}

/** Whether the active connection is on a network the dapp does not list. */
export function isOnUnsupportedChain(connection: ConnectionStore, networks: readonly Network[]): boolean {
  const { connections, current } = connection.getSnapshot()
  const active = current ? connections[current] : undefined
  return active?.status === 'connected' && !!active.caipNetworkId && !findNetwork(networks, active.caipNetworkId)
}

/**
 * spec §2: an unsupported active network opens UnsupportedChain, unless switching is disabled or
 * unsupported chains are allowed. Once the wallet is back on a listed network the view closes
 * (the inline widget shows Account). Returns the unsubscribe function.
 *
 * @example
 * const stop = watchUnsupportedChain({ connection, modal, networks, allowUnsupportedChain: false, enableNetworkSwitch: true, inline: false })
 */
export function watchUnsupportedChain(parameters: WatchUnsupportedChainParameters): () => void {
  const { connection, modal, networks } = parameters
  if (parameters.allowUnsupportedChain || !parameters.enableNetworkSwitch) return () => {}
  let unsupported = false
  const check = () => {
    const now = isOnUnsupportedChain(connection, networks)
    if (now === unsupported) return
    unsupported = now
    const { open, history } = modal.getSnapshot()
    if (now) {
      if (open) modal.push('UnsupportedChain')
      else modal.open({ view: 'UnsupportedChain' })
    } else if (open && history.at(-1)?.view === 'UnsupportedChain') {
      if (parameters.inline) modal.reset('Account')
      else modal.close()
    }
  }
  check()
  return connection.subscribe(check)
}
