import { useState } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import type { Network } from '../../core/networks'
import { useNetwork } from '../hooks/useNetwork'
import { useOrielClient } from '../hooks/useOrielClient'
import { CheckIcon, SpinnerIcon } from '../icons/icons'
import { NetworkImage } from './NetworkImage'
import { Truncated } from './Truncated'

export type NetworkListProps = {
  networks: readonly Network[]
  /** After the wallet (or the widget) is on the chosen network. */
  onSwitched(network: Network): void
}

/** A button per network; the active one is marked. A failed switch shows the error in the snackbar. */
export function NetworkList({ networks, onSwitched }: NetworkListProps) {
  const client = useOrielClient()
  const { caipNetworkId, switchNetwork } = useNetwork()
  const [busy, setBusy] = useState<string | undefined>()

  async function choose(network: Network) {
    setBusy(network.caipNetworkId)
    try {
      await switchNetwork(network)
      onSwitched(network)
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <ul className="stack networks" aria-label="Networks">
      {networks.map((network) => {
        const current = network.caipNetworkId === caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="row"
              aria-current={current ? 'true' : undefined}
              aria-busy={busy === network.caipNetworkId}
              disabled={busy !== undefined}
              onClick={() => choose(network)}
              data-caip-network-id={network.caipNetworkId}
            >
              <span className="logo" aria-hidden="true">
                <NetworkImage network={network} />
              </span>
              <Truncated className="name" text={network.name} kind="name" />
              {network.testnet ? <span className="tag">TESTNET</span> : null}
              {busy === network.caipNetworkId ? <SpinnerIcon /> : current ? <CheckIcon /> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
