import type { Network } from './networks'
import { frameHostQuery } from './frameHost/transport'

export type GetNetworkImageUrlParameters = {
  network: Pick<Network, 'assets'>
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  frameHostUrl: string
  projectId: string
}

export type GetNetworkImageUrlReturnType = string | undefined

/**
 * Where a network's image is (spec §3 `assets`): its `imageUrl`, else its `imageId` served by
 * frame-host (`/public/getAssetImage/{imageId}`, with the query every frame-host route takes);
 * `undefined` without either.
 *
 * @example
 * getNetworkImageUrl({ network: { assets: { imageId: 'eth' } }, frameHostUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * // 'http://127.0.0.1:8787/public/getAssetImage/eth?projectId=demo&st=appkit&sv=oriel-react-0.1.0'
 */
export function getNetworkImageUrl({ network, frameHostUrl, projectId }: GetNetworkImageUrlParameters): GetNetworkImageUrlReturnType {
  const { imageUrl, imageId } = network.assets ?? {}
  if (imageUrl) return imageUrl
  if (!imageId) return undefined
  const base = frameHostUrl.replace(/\/+$/, '')
  return `${base}/public/getAssetImage/${encodeURIComponent(imageId)}?${frameHostQuery(projectId)}`
}
