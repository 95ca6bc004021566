import { useState } from 'react'
import { disconnect as disconnectAccount } from '../../core/actions/disconnect'
import { getErrorMessage } from '../../core/errors/base'
import { useNetwork } from '../hooks/useNetwork'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { DisconnectIcon } from '../icons/accountIcons'
import { NetworkList } from './NetworkList'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'

/**
 * The wallet is on a network the dapp does not list (spec §2): offers the dapp's networks of the
 * account's namespace to switch to, or to disconnect.
 */
export default function UnsupportedChainView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { namespace } = useStore(client.account)
  const { caipNetworkId } = useNetwork()
  const [busy, setBusy] = useState(false)
  const networks = client.config.networks.filter((n) => !namespace || n.chainNamespace === namespace)

  async function disconnect() {
    setBusy(true)
    try {
      await disconnectAccount(client)
      client.modal.close()
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error, 'Failed to disconnect'))
      setBusy(false)
    }
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <p className="hint">
        This app does not support the network your wallet is on (<span className="mono">{caipNetworkId}</span>).
        Switch to one of these:
      </p>
      <NetworkList networks={networks} onSwitched={() => showConnected(client)} />
      <button type="button" className="btn" onClick={disconnect} disabled={busy} aria-busy={busy}>
        <DisconnectIcon />
        Disconnect
      </button>
    </div>
  )
}
