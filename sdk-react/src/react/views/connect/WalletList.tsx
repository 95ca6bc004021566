import { useState, type ReactNode } from 'react'
import { FEATURED_WALLETS_COUNT, RECOMMENDED_WALLETS_COUNT } from '../../../core/constants'
import type { RegistryWallet } from '../../../core/wallets/registry'
import { getWalletConnectView } from '../../../core/wallets/walletList'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'
import { ChevronIcon, QrIcon, SearchIcon, WalletIcon } from '../../icons/icons'
import { Tile } from '../../icons/Tile'
import { WalletImage } from '../allWallets/WalletImage'
import { Truncated } from '../Truncated'

type WalletRowProps = {
  name: string
  logo: ReactNode
  tag?: string | undefined
  tone?: 'accent' | 'success' | undefined
  onClick(): void
  walletId?: string | undefined
  section?: string | undefined
}

function WalletRow({ name, logo, tag, tone, onClick, walletId, section }: WalletRowProps) {
  return (
    <button type="button" className="row" onClick={onClick} data-wallet-id={walletId} data-section={section}>
      <span className="logo">{logo}</span>
      <Truncated className="name" text={name} kind="name" />
      {tag ? <span className={tone ? `tag ${tone}` : 'tag'}>{tag}</span> : null}
      <ChevronIcon className="chev" />
    </button>
  )
}

/** How many featured and recommended rows the registry will fill: the featured wallets (up to
 * 4), or what the installed wallets leave of 4 rows when that is more. */
export function expectedRegistryRows(featuredIds: number, installed: number): number {
  return Math.max(Math.min(featuredIds, FEATURED_WALLETS_COUNT), RECOMMENDED_WALLETS_COUNT - installed, 0)
}

/** The "All Wallets" count: exact below 10, else rounded down to tens with a plus (`120+`). */
export function formatWalletCount(count: number): string {
  return count < 10 ? String(count) : `${Math.floor(count / 10) * 10}+`
}

/**
 * The wallets in the spec's connector order: WalletConnect, the browser wallets (recent ones
 * first, then the other installed ones: EIP-6963, `window.ethereum`, wallet-standard) of the
 * chain families the dapp has networks for, featured wallets (4 by default), recommended wallets
 * (filling what installed and featured wallets leave of 4 rows), then "All Wallets" with the
 * registry's count. A registry wallet that is also installed shows once, as installed; excluded
 * wallets show nowhere.
 */
export function WalletList() {
  const client = useOrielClient()
  const { features, enableWalletConnect } = client.config
  const installed = useStore(client.connectors)
  const { recentWallets } = useStore(client.connection)
  const { featured, recommended, excludedWallets, count, loaded, error } = useStore(client.walletList)
  // Only wallets of the chain families the dapp lists networks for, and none the site owner excluded.
  const excludedRdns = new Set(excludedWallets.flatMap((w) => (w.rdns ? [w.rdns] : [])))
  const connectors = installed.filter(
    (c) =>
      client.config.networks.some((n) => n.chainNamespace === c.chain) &&
      !(c.info?.rdns && excludedRdns.has(c.info.rdns)),
  )
  const recent = recentWallets.flatMap((wallet) => connectors.find((c) => c.id === wallet.id) ?? [])
  const wallets = [...recent, ...connectors.filter((c) => !recent.includes(c))]
  const [expanded, setExpanded] = useState(!features.collapseWallets)

  if (!expanded) {
    return (
      <button type="button" className="btn" onClick={() => setExpanded(true)} data-connect-method="wallet">
        <WalletIcon />
        Continue with a wallet
      </button>
    )
  }

  const isInstalled = (w: RegistryWallet) => w.rdns !== null && wallets.some((c) => c.info?.rdns === w.rdns)
  const featuredRows = featured.slice(0, FEATURED_WALLETS_COUNT).filter((w) => !isInstalled(w))
  const featuredIds = new Set(featuredRows.map((w) => w.id))
  // Recommended wallets fill what featured and installed wallets leave of 4 rows.
  const recommendedRows = recommended
    .filter((w) => !isInstalled(w) && !featuredIds.has(w.id))
    .slice(0, Math.max(0, RECOMMENDED_WALLETS_COUNT - featuredRows.length - wallets.length))

  const select = (wallet: RegistryWallet) => {
    const { view, data } = getWalletConnectView(wallet, wallets)
    client.modal.push(view, data)
  }
  const registryRow = (section: string) => (wallet: RegistryWallet) => (
    <WalletRow
      key={wallet.id}
      name={wallet.name}
      walletId={wallet.id}
      section={section}
      logo={<WalletImage wallet={wallet} />}
      onClick={() => select(wallet)}
    />
  )

  return (
    <div className="stack" data-connect-method="wallet">
      {enableWalletConnect ? (
        <WalletRow
          name="WalletConnect"
          logo={<QrIcon />}
          tag="QR CODE"
          tone="accent"
          onClick={() => client.modal.push('ConnectingWalletConnect')}
        />
      ) : null}
      {wallets.map((connector) => (
        <WalletRow
          key={connector.id}
          name={connector.name}
          section="injected"
          logo={connector.imageUrl ? <img src={connector.imageUrl} alt="" width={40} height={40} /> : <Tile name={connector.name} />}
          tag={recent.includes(connector) ? 'RECENT' : 'INSTALLED'}
          tone="success"
          onClick={() =>
            client.modal.push('ConnectingExternal', {
              connectorId: connector.id,
              name: connector.name,
              icon: connector.imageUrl,
            })
          }
        />
      ))}
      {loaded || error
        ? [...featuredRows.map(registryRow('featured')), ...recommendedRows.map(registryRow('recommended'))]
        : // Until the registry answers, the rows it will fill hold their place, so the card
          // opens at its final height instead of growing under the pointer.
          Array.from({ length: expectedRegistryRows(client.config.featuredWalletIds.length, wallets.length) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
            <div key={i} className="row skeleton" aria-hidden="true" data-testid="wallet-row-skeleton">
              <span className="logo" />
              <span className="name" />
            </div>
          ))}
      {features.allWallets ? (
        <WalletRow
          name="All Wallets"
          logo={<SearchIcon />}
          tag={count > 0 ? formatWalletCount(count) : undefined}
          onClick={() => client.modal.push('AllWallets')}
        />
      ) : null}
    </div>
  )
}
