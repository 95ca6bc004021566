import {
  ConnectButton,
  useAccount,
  useEmbeddedWalletStatus,
  useNetwork,
  useOrielEvents,
  useOrielModal,
  useWalletInfo,
} from '@oriel/react'
import { config } from './config'
import { formatFrameStatus } from './frameStatus'
import { FundWallet } from './FundWallet'
import { ThemeToggle } from './ThemeToggle'
import { TryBitcoin, TrySolana } from './TryOtherChains'
import { TryWallet } from './TryWallet'

export function App() {
  const status = useEmbeddedWalletStatus()
  const { open } = useOrielModal()
  const account = useAccount()
  const { network } = useNetwork()
  const { walletInfo } = useWalletInfo()
  const lastEvent = useOrielEvents()

  return (
    <>
      <header className="bar">
        <a className="brand" href="/">
          <svg width="22" height="22" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M4 17V9a6 6 0 0 1 12 0v8z" fill="currentColor" />
          </svg>
          Lumen
        </a>
        <nav className="nav" aria-label="Main">
          <a href="#swap">Swap</a>
          <a href="#pools">Pools</a>
          <a href="#stake">Stake</a>
        </nav>
        <ThemeToggle />
        <ConnectButton />
      </header>

      <main className="main">
        <section className="hero">
          <h1>Trade across chains, one wallet away.</h1>
          <p>
            A demo dapp for the Oriel widget. Connect a browser wallet, pair by QR code, or sign in with
            email: the embedded wallet lives in its own origin.
          </p>
          <button type="button" className="ghost" onClick={() => open({ view: 'AllWallets' })}>
            Browse wallets
          </button>
        </section>

        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">Embedded wallet</h2>
          <dl>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={`dot ${status.state}`} aria-hidden="true" />
                <span data-testid="frame-status">{formatFrameStatus(status)}</span>
              </dd>
            </div>
            <div>
              <dt>Account</dt>
              <dd className="mono">
                <span data-testid="demo-address">{account.address ?? ''}</span>
                {account.address ? null : <span className="muted">{account.status}</span>}
              </dd>
            </div>
            {account.address ? (
              <div>
                <dt>Devnet</dt>
                <dd>
                  <FundWallet address={account.address} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Wallet</dt>
              <dd data-testid="demo-wallet">{walletInfo?.name ?? '—'}</dd>
            </div>
            <div>
              <dt>Network</dt>
              <dd data-testid="demo-network" title={network.caipNetworkId}>
                {network.name}
              </dd>
            </div>
            {account.email ? (
              <div>
                <dt>Email</dt>
                <dd>{account.email}</dd>
              </div>
            ) : null}
            <div>
              <dt>Ready in</dt>
              <dd>
                <span data-testid="frame-ready-ms">{status.readyMs ?? '—'}</span>
                {status.readyMs === undefined ? null : ' ms'}
              </dd>
            </div>
            <div>
              <dt>Last event</dt>
              <dd className="mono" data-testid="demo-last-event">
                {lastEvent?.name ?? '—'}
              </dd>
            </div>
            <div>
              <dt>Frame host</dt>
              <dd className="mono">{config.frameHostUrl}</dd>
            </div>
            <div>
              <dt>Networks</dt>
              <dd className="chips">
                {config.networks.map((network) => (
                  <span key={network.caipNetworkId} className="chip" title={network.caipNetworkId}>
                    {network.name}
                  </span>
                ))}
              </dd>
            </div>
          </dl>
        </section>

        <TryWallet />
        <TrySolana />
        <TryBitcoin />
      </main>
    </>
  )
}
