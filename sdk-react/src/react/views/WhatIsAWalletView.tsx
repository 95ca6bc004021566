import type { ViewProps } from './types'

const POINTS = [
  ['Your digital home', 'A wallet holds your tokens and collectibles and lets you use web3 apps.'],
  ['A new way to sign in', 'Instead of a password per site, you connect your wallet and approve each action.'],
  ['No wallet yet?', 'Continue with email or a social account: Oriel creates a wallet for you.'],
] as const

/** Short explanation behind the header's help button. */
export default function WhatIsAWalletView({ entry }: ViewProps) {
  return (
    <div className="view stack" data-view={entry.view}>
      {POINTS.map(([title, text]) => (
        <div className="row" key={title}>
          <div>
            <div className="name">{title}</div>
            <div style={{ color: 'var(--fg-2)' }}>{text}</div>
          </div>
        </div>
      ))}
    </div>
  )
}
