import { useState } from 'react'
import { disconnect as disconnectAccount } from '../../core/actions/disconnect'
import { shortenAddress } from '../../core/account/address'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { CopyIcon, DisconnectIcon, ReceiveIcon } from '../icons/accountIcons'
import { ChevronIcon, KeyIcon, MailIcon, SpinnerIcon } from '../icons/icons'
import { useBalance } from '../hooks/useBalance'
import { useNetwork } from '../hooks/useNetwork'
import { AccountTabs } from './account/AccountTabs'
import { AccountAvatar } from './AccountAvatar'
import { copyAddress } from './copyAddress'
import { SendIcon } from './send/icons'
import { BuyIcon } from './buy/icons'
import { SwapIcon } from './swap/icons'
import { StorageNotice } from './StorageNotice'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

/**
 * The connected account: avatar and name (its identity's, else generated and the short address),
 * address (short, with copy, and in full), native balance, the tabs Tokens, NFTs and Activity,
 * email, network,
 * Buy, Swap, Receive, Send (spec §9 wallet feature order), Update email, Disconnect.
 */
export default function AccountView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { address, user, profileName, profileImage } = useStore(client.account)
  const [busy, setBusy] = useState(false)
  const { network } = useNetwork()
  const { balance, balanceSymbol } = useBalance()

  if (!address) {
    return (
      <div className="view center" data-view={entry.view}>
        <p>No account is connected.</p>
        <button type="button" className="btn" onClick={() => client.modal.reset('Connect')}>
          Connect Wallet
        </button>
      </div>
    )
  }

  const email = user?.email

  async function disconnect() {
    setBusy(true)
    try {
      await disconnectAccount(client)
      if (client.config.enableEmbedded) client.modal.reset('Connect')
      else client.modal.close()
    } catch (error) {
      // DISCONNECT_ERROR: reported in the console until the SDK has an events channel.
      console.error('oriel: DISCONNECT_ERROR', error)
      client.snackbar.showError(getErrorMessage(error, 'Failed to disconnect'))
      setBusy(false)
    }
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <div className="account">
        <AccountAvatar address={address} image={profileImage} />
        <div className="address">
          <span className="short" title={address} data-testid="account-name">
            {profileName ? <Truncated text={profileName} kind="name" /> : shortenAddress(address)}
          </span>
          <button type="button" className="icon-btn small" aria-label="Copy address" onClick={() => copyAddress(client, address)}>
            <CopyIcon />
          </button>
        </div>
        <span className="mono" data-testid="account-address">
          {address}
        </span>
        <p className="balance" data-testid="account-balance">
          {balance} {balanceSymbol}
        </p>
      </div>
      <AccountTabs />
      <dl className="facts">
        {email ? (
          <div>
            <dt>Email</dt>
            <dd>
              <Truncated text={email} kind="email" testId="account-email" />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Network</dt>
          <dd>
            {client.config.enableNetworkSwitch ? (
              <button
                type="button"
                className="network-btn"
                aria-label={`Switch network, current: ${network.name}`}
                onClick={() => client.modal.push('Networks')}
                title={network.caipNetworkId}
              >
                {network.name}
                <ChevronIcon />
              </button>
            ) : (
              <span title={network.caipNetworkId}>{network.name}</span>
            )}
          </dd>
        </div>
      </dl>
      {client.config.features.onramp ? (
        <button type="button" className="btn" onClick={() => client.modal.push('Buy')} disabled={busy}>
          <BuyIcon />
          Buy
        </button>
      ) : null}
      {client.config.features.swaps ? (
        <button type="button" className="btn" onClick={() => client.modal.push('Swap')} disabled={busy}>
          <SwapIcon />
          Swap
        </button>
      ) : null}
      {client.config.features.receive ? (
        <button type="button" className="btn" onClick={() => client.modal.push('Receive')} disabled={busy}>
          <ReceiveIcon />
          Receive
        </button>
      ) : null}
      {client.config.features.send ? (
        <button type="button" className="btn" onClick={() => client.modal.push('Send')} disabled={busy}>
          <SendIcon />
          Send
        </button>
      ) : null}
      {/* A wallet that logged a user in (the embedded wallet) offers managing that login. */}
      {user ? <StorageNotice /> : null}
      {user && email ? (
        <button type="button" className="btn" onClick={() => client.modal.push('UpdateEmail')} disabled={busy}>
          <MailIcon />
          Update email
        </button>
      ) : null}
      {user ? (
        <button type="button" className="btn" onClick={() => client.modal.push('ExportWallet')} disabled={busy}>
          <KeyIcon />
          Export recovery phrase
        </button>
      ) : null}
      <button type="button" className="btn" onClick={disconnect} disabled={busy} aria-busy={busy}>
        {busy ? <SpinnerIcon /> : <DisconnectIcon />}
        Disconnect
      </button>
    </div>
  )
}
