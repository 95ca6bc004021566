import type { RegistryWallet } from '../../../core/wallets/registry'
import { Truncated } from '../Truncated'
import { WalletImage } from './WalletImage'

/** A grid of registry wallets: image and name, the name cut in the middle where it does not fit. */
export function WalletGrid({
  wallets,
  onSelect,
}: {
  wallets: readonly RegistryWallet[]
  onSelect(wallet: RegistryWallet): void
}) {
  return (
    <ul className="wallet-grid">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button
            type="button"
            className="wallet-card"
            title={wallet.name}
            data-wallet-id={wallet.id}
            onClick={() => onSelect(wallet)}
          >
            <span className="logo">
              <WalletImage wallet={wallet} size={56} />
            </span>
            <Truncated className="name" text={wallet.name} kind="name" />
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Placeholder cards while the first wallets load. */
export function WalletGridSkeleton({ count = 16 }: { count?: number }) {
  return (
    <ul className="wallet-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; the index is their identity
        <li key={i}>
          <span className="wallet-card skeleton">
            <span className="logo" />
            <span className="name" />
          </span>
        </li>
      ))}
    </ul>
  )
}
