import { useState, type ReactNode } from 'react'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'
import { ChevronIcon, QrIcon, SearchIcon, WalletIcon } from '../../icons/icons'

type WalletRowProps = {
  name: string
  logo: ReactNode
  tag?: string | undefined
  tone?: 'accent' | 'success' | undefined
  onClick(): void
}

function WalletRow({ name, logo, tag, tone, onClick }: WalletRowProps) {
  return (
    <button type="button" className="row" onClick={onClick}>
      <span className="logo">{logo}</span>
      <span className="name">{name}</span>
      {tag ? <span className={tone ? `tag ${tone}` : 'tag'}>{tag}</span> : null}
      <ChevronIcon className="chev" />
    </button>
  )
}

/** WalletConnect, then the browser wallets found by EIP-6963, then "All Wallets". */
export function WalletList() {
  const client = useOrielClient()
  const { features, enableWalletConnect } = client.config
  const wallets = useStore(client.wallets)
  const [expanded, setExpanded] = useState(!features.collapseWallets)

  if (!expanded) {
    return (
      <button type="button" className="btn" onClick={() => setExpanded(true)} data-connect-method="wallet">
        <WalletIcon />
        Continue with a wallet
      </button>
    )
  }

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
      {wallets.map(({ info }) => (
        <WalletRow
          key={info.uuid}
          name={info.name}
          logo={info.icon ? <img src={info.icon} alt="" width={40} height={40} /> : <WalletIcon />}
          tag="INSTALLED"
          tone="success"
          onClick={() => client.modal.push('ConnectingExternal', { uuid: info.uuid, name: info.name, rdns: info.rdns })}
        />
      ))}
      {features.allWallets ? (
        <WalletRow name="All Wallets" logo={<SearchIcon />} onClick={() => client.modal.push('AllWallets')} />
      ) : null}
    </div>
  )
}
