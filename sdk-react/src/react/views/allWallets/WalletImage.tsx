import { useState } from 'react'
import type { RegistryWallet } from '../../../core/wallets/registry'
import { useOrielClient } from '../../hooks/useOrielClient'
import { WalletIcon } from '../../icons/icons'

/** A registry wallet's image from frame-host; the generic wallet icon if it fails to load. */
export function WalletImage({ wallet, size = 40 }: { wallet: RegistryWallet; size?: number }) {
  const client = useOrielClient()
  const [failed, setFailed] = useState(false)
  if (failed) return <WalletIcon />
  return (
    <img
      src={client.walletList.getImageUrl(wallet)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  )
}
