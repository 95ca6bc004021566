import { useAccount } from '../hooks/useAccount'
import { useNetwork } from '../hooks/useNetwork'
import { useOrielClient } from '../hooks/useOrielClient'
import { CopyIcon } from '../icons/accountIcons'
import { copyAddress } from './copyAddress'
import type { ViewProps } from './types'
import { QrCode } from './walletconnect/QrCode'

/**
 * Receive (reached from Account): the connected address as a QR code and as text with Copy, and
 * the configured networks of the account's namespace, which can send to it.
 */
export default function ReceiveView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { address, namespace } = useAccount()
  const { networks, caipNetworkId } = useNetwork()

  if (!address) {
    return (
      <div className="view center" data-view={entry.view}>
        <p>No account is connected.</p>
      </div>
    )
  }

  const receivable = networks.filter((network) => network.chainNamespace === namespace)
  return (
    <div className="view stack receive" data-view={entry.view}>
      <QrCode uri={address} size={232} label={`QR code of the address ${address}`} testId="receive-qr" />
      <p className="mono" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="btn" onClick={() => copyAddress(client, address)}>
        <CopyIcon />
        Copy address
      </button>
      <section className="stack" aria-labelledby="receive-networks">
        <h3 className="hint" id="receive-networks">
          Networks you can receive on
        </h3>
        <ul className="receive-networks">
          {receivable.map((network) => (
            <li key={network.caipNetworkId} aria-current={network.caipNetworkId === caipNetworkId ? 'true' : undefined}>
              {network.name}
            </li>
          ))}
        </ul>
        <p className="hint">Only send assets on these networks to this address.</p>
      </section>
    </div>
  )
}
