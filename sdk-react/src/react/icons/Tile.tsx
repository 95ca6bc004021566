import { lazy, Suspense } from 'react'

const GeneratedTile = lazy(() => import('./GeneratedTile'))

/**
 * `GeneratedTile`, whose code loads the first time a tile is needed (most wallets and networks
 * have an image): the logo box shows its own background meanwhile.
 */
export function Tile({ name }: { name: string }) {
  return (
    <Suspense fallback={null}>
      <GeneratedTile name={name} />
    </Suspense>
  )
}
