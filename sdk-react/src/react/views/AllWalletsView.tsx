import { useEffect, type ReactNode } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import type { RegistryWallet } from '../../core/wallets/registry'
import { getWalletConnectView } from '../../core/wallets/walletList'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { AlertIcon, SpinnerIcon, WalletIcon } from '../icons/icons'
import { SearchField } from './allWallets/SearchField'
import { WalletGrid, WalletGridSkeleton } from './allWallets/WalletGrid'
import { useInfiniteScroll } from './allWallets/useInfiniteScroll'
import type { ViewProps } from './types'

/**
 * Every wallet of the registry: featured first, then recommended, then pages of 40 that load
 * as the list scrolls; a search (debounced 500 ms) shows up to 100 matches instead. Wallets
 * the site owner excluded never appear.
 */
export default function AllWalletsView({ entry }: ViewProps) {
  const client = useOrielClient()
  const list = useStore(client.walletList)
  const installed = useStore(client.connectors)
  const walletList = client.walletList

  useEffect(() => {
    if (walletList.getSnapshot().page === 0) void walletList.loadNextPage()
    // Leaving the view drops the search.
    return () => walletList.setSearch('')
  }, [walletList])

  const query = list.searchQuery.trim()
  const all = uniqueById([...list.featured, ...list.recommended, ...list.wallets])
  const shown = query ? list.search : all
  const hasMore = !query && walletList.hasMore()
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    () => void walletList.loadNextPage(),
    hasMore && !list.loadingPage && !list.error && list.page > 0,
    [list.page],
  )

  function select(wallet: RegistryWallet) {
    const { view, data } = getWalletConnectView(wallet, installed)
    client.modal.push(view, data)
  }

  const retry = () => {
    if (query) walletList.setSearch(list.searchQuery)
    else void walletList.loadNextPage()
  }

  let body: ReactNode
  if (query && list.searching) {
    body = <Loading label="Searching wallets" />
  } else if (list.error && shown.length === 0) {
    body = (
      <div className="center empty" role="alert">
        <AlertIcon size={28} />
        <p>{getErrorMessage(list.error)}</p>
        <button type="button" className="btn small" onClick={retry}>
          Try again
        </button>
      </div>
    )
  } else if (query && shown.length === 0) {
    body = (
      <div className="center empty" role="status">
        <WalletIcon size={28} />
        <p>No wallet found for “{query}”</p>
      </div>
    )
  } else if (shown.length === 0) {
    body = <Loading label="Loading wallets" skeleton />
  } else {
    body = (
      <>
        <WalletGrid wallets={shown} onSelect={select} />
        {hasMore ? <div ref={sentinel} className="sentinel" /> : null}
        {list.loadingPage ? <Loading label="Loading more wallets" /> : null}
        {list.error && !query ? (
          <div className="center empty" role="alert">
            <p>{getErrorMessage(list.error)}</p>
            <button type="button" className="btn small" onClick={retry}>
              Try again
            </button>
          </div>
        ) : null}
      </>
    )
  }

  return (
    <div className="view stack all-wallets" data-view={entry.view}>
      <SearchField value={list.searchQuery} busy={list.searching} onChange={walletList.setSearch} />
      <div className="wallet-scroll" aria-busy={list.loading || list.loadingPage || list.searching}>
        {body}
      </div>
    </div>
  )
}

function Loading({ label, skeleton = false }: { label: string; skeleton?: boolean }) {
  return (
    <div role="status" className={skeleton ? undefined : 'center loading'}>
      {skeleton ? <WalletGridSkeleton /> : <SpinnerIcon className="spin" size={24} />}
      <span className="sr">{label}</span>
    </div>
  )
}

function uniqueById(wallets: readonly RegistryWallet[]): RegistryWallet[] {
  const seen = new Set<string>()
  return wallets.filter((w) => !seen.has(w.id) && seen.add(w.id))
}
