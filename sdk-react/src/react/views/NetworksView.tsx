import { useOrielClient } from '../hooks/useOrielClient'
import { NetworkList } from './NetworkList'
import type { ViewProps } from './types'

/** Every network the dapp supports; choosing one switches the wallet and goes back. */
export default function NetworksView({ entry }: ViewProps) {
  const client = useOrielClient()
  return (
    <div className="view stack" data-view={entry.view}>
      <NetworkList networks={client.config.networks} onSwitched={() => client.modal.goBack()} />
    </div>
  )
}
