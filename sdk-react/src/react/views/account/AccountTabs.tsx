import { type KeyboardEvent, lazy, Suspense, useId, useRef } from 'react'
import type { AccountTab } from '../../../core/account/accountStore'
import { ACCOUNT_TABS, setAccountTab } from '../../../core/account/accountTab'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'

// Each panel is its own chunk, loaded when its tab is first shown.
const TokensPanel = lazy(() => import('../TokensPanel'))
const NftsPanel = lazy(() => import('./NftsPanel'))
const ActivityPanel = lazy(() => import('./ActivityPanel'))

const LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }

/** The panel of a tab. */
function Panel({ tab }: { tab: AccountTab }) {
  switch (tab) {
    case 'tokens':
      return <TokensPanel />
    case 'nfts':
      return <NftsPanel />
    case 'activity':
      return <ActivityPanel />
  }
}

/**
 * The Account view's tabs Tokens, NFTs and Activity (spec §2), an ARIA tab list: the arrow keys,
 * Home and End move between the tabs and select them. The selection is the account state's
 * `currentTab`; only the selected panel is mounted.
 */
export function AccountTabs() {
  const client = useOrielClient()
  const current = useStore(client.account).currentTab ?? 'tokens'
  const id = useId()
  const tabs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({})

  const select = (tab: AccountTab) => {
    setAccountTab(client, tab)
    tabs.current[tab]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = ACCOUNT_TABS.indexOf(current)
    const last = ACCOUNT_TABS.length - 1
    const target =
      event.key === 'ArrowRight' ? (index + 1) % ACCOUNT_TABS.length
      : event.key === 'ArrowLeft' ? (index + last) % ACCOUNT_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined
    if (target === undefined) return
    event.preventDefault()
    select(ACCOUNT_TABS[target] as AccountTab)
  }

  return (
    <div className="account-tabs">
      <div className="tablist" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {ACCOUNT_TABS.map((tab) => {
          const selected = tab === current
          return (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element
              }}
              type="button"
              role="tab"
              id={`${id}-${tab}`}
              className="tab"
              aria-selected={selected}
              // Only the selected panel exists, so only its tab names it.
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => setAccountTab(client, tab)}
            >
              {LABELS[tab]}
            </button>
          )
        })}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls on its own, so keyboard users must be able to focus it (WAI-ARIA tabs pattern) */}
      <div className="tabpanel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current}`} tabIndex={0} data-tab={current}>
        <Suspense fallback={<p className="tab-loading">Loading…</p>}>
          <Panel tab={current} />
        </Suspense>
      </div>
    </div>
  )
}
