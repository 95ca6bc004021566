import { useState } from 'react'
import type { RegistryWallet } from '../../../core/wallets/registry'
import { useOrielClient } from '../../hooks/useOrielClient'
import { Tile } from '../../icons/Tile'

/** A registry wallet's image from frame-host; a tile generated from its name if it fails to load. */
export function WalletImage({ wallet, size = 40 }: { wallet: RegistryWallet; size?: number }) {
  const client = useOrielClient()
  const [failed, setFailed] = useState(false)
  if (failed) return <Tile name={wallet.name} />
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
