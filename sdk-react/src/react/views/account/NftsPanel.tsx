import type { OwnedNft } from '../../../core/blockchain/nfts'
import { useNfts } from '../../hooks/useNfts'
import { SpinnerIcon } from '../../icons/icons'

/** A tile with the collection's first letter on a colour derived from the contract, for NFTs without an image. */
function NftPlaceholder({ nft }: { nft: OwnedNft }) {
  const hue = Number.parseInt(nft.contract.slice(2, 8), 16) % 360 || 0
  return (
    <span className="nft-image nft-placeholder" aria-hidden="true" style={{ background: `hsl(${hue} 45% 42%)` }}>
      {(nft.collection || nft.name).slice(0, 1).toUpperCase()}
    </span>
  )
}

/**
 * The NFTs panel of the Account view: a grid of the NFTs the account owns on the active network,
 * each its image, name and token id. Loaded as its own chunk.
 */
export default function NftsPanel() {
  const { nfts, loading, failed, supported, retry } = useNfts()
  if (!supported) return <p className="activity-empty">NFTs are shown for EVM accounts only.</p>
  if (failed) {
    return (
      <div className="notice" role="alert">
        <p>NFTs are unavailable right now.</p>
        <button type="button" className="btn small" onClick={retry}>
          Try again
        </button>
      </div>
    )
  }
  if (loading) {
    return (
      <p className="activity-loading" role="status">
        <SpinnerIcon size={16} /> Loading NFTs…
      </p>
    )
  }
  if (nfts.length === 0) return <p className="activity-empty">No NFTs yet.</p>
  return (
    <ul className="nft-grid" aria-label="NFTs">
      {nfts.map((nft) => (
        <li key={`${nft.contract}:${nft.tokenId}`} className="nft-card" data-testid="nft">
          {nft.imageUrl ? <img className="nft-image" src={nft.imageUrl} alt={nft.name} loading="lazy" /> : <NftPlaceholder nft={nft} />}
          <span className="nft-name" title={nft.name}>
            {nft.collection || nft.name}
          </span>
          <span className="nft-id">#{nft.tokenId}</span>
        </li>
      ))}
    </ul>
  )
}
