import { useState } from 'react'
import { getNetworkImageUrl } from '../../core/networkImage'
import type { Network } from '../../core/networks'
import { useOrielClient } from '../hooks/useOrielClient'
import { Tile } from '../icons/Tile'

/**
 * A network's image: its `assets.imageUrl`, else its `assets.imageId` from frame-host; a tile
 * generated from its name when it has neither or the image fails to load.
 */
export function NetworkImage({ network }: { network: Network }) {
  const { config } = useOrielClient()
  const src = getNetworkImageUrl({ network, frameHostUrl: config.frameHostUrl, projectId: config.projectId })
  const [failed, setFailed] = useState<string>()
  if (!src || failed === src) return <Tile name={network.name} />
  return <img src={src} alt="" width={40} height={40} decoding="async" onError={() => setFailed(src)} />
}
