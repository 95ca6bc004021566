import { isMobile } from '../../core/env'
import type { RegistryWallet } from '../../core/wallets/registry'
import { useOrielClient } from '../hooks/useOrielClient'
import { formatWalletDeepLink } from '../../core/walletconnect/deepLink'
import { PairingPanel } from './walletconnect/PairingPanel'
import { ExternalIcon } from './walletconnect/icons'
import { usePairing } from './walletconnect/usePairing'
import type { ViewProps } from './types'

/**
 * What `ConnectingWalletConnect` may be opened with: a wallet from the registry (its name, image
 * and `mobile_link`). Without one it is the generic WalletConnect pairing.
 */
export type ConnectingWalletConnectData = {
  name?: string | undefined
  imageUrl?: string | undefined
  mobileLink?: string | undefined
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/**
 * Pairing by QR code: the `wc:` URI as a QR code and a "Copy link" button; for a registry wallet
 * its image and name (the view's title too), and on mobile, first, a button that opens the
 * wallet by its deep or universal link with the pairing. An expiring
 * pairing is replaced while the view is shown; the modal shows the account once a wallet approves.
 */
export default function ConnectingWalletConnectView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { pairing, error, retry } = usePairing()
  const name = text(entry.data?.['name'])
  const wallet = entry.data?.['wallet'] as RegistryWallet | undefined
  const imageUrl = text(entry.data?.['imageUrl']) ?? (wallet ? client.walletList.getImageUrl(wallet) : undefined)
  const mobileLink = text(entry.data?.['mobileLink'])
  // On a phone the wallet is on this device: opening it comes first, the QR code and
  // "Copy link" stay below as fallbacks.
  const open =
    pairing && mobileLink && isMobile() ? (
      <a className="btn primary" href={formatWalletDeepLink({ mobileLink, uri: pairing.uri })} rel="noreferrer">
        <ExternalIcon />
        Open {name ?? 'wallet'}
      </a>
    ) : null

  const header = name ? (
    <>
      <div className="wallet">
        {imageUrl ? <img src={imageUrl} alt="" width={32} height={32} /> : null}
        <span>{name}</span>
      </div>
      {open}
    </>
  ) : (
    open
  )

  return (
    <div className="view" data-view={entry.view}>
      <PairingPanel pairing={pairing} error={error} retry={retry} header={header} logo={imageUrl} />
    </div>
  )
}
