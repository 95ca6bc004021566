import { useOrielClient } from '../hooks/useOrielClient'
import { PairingPanel } from './walletconnect/PairingPanel'
import { usePairing } from './walletconnect/usePairing'
import type { ViewProps } from './types'

/**
 * The basic pairing view (spec §2: opened first when there are no adapters and no connected
 * address): the QR code and "Copy link", and a way to the wallet list.
 */
export default function ConnectingWalletConnectBasicView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { pairing, error, retry } = usePairing()
  return (
    <div className="view" data-view={entry.view}>
      <PairingPanel pairing={pairing} error={error} retry={retry}>
        {client.config.features.allWallets ? (
          <button type="button" className="link" onClick={() => client.modal.push('AllWallets')}>
            Browse all wallets
          </button>
        ) : null}
      </PairingPanel>
    </div>
  )
}
