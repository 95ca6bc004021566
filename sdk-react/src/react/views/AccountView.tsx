import { useState } from 'react'
import { disconnect as disconnectAccount } from '../../core/actions/disconnect'
import { shortenAddress } from '../../core/account/address'
import { getErrorMessage } from '../../core/errors/base'
import { getConnectedSocial } from '../../core/farcaster/social'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { CopyIcon, DisconnectIcon, ReceiveIcon } from '../icons/accountIcons'
import { ChevronIcon, KeyIcon, MailIcon, SpinnerIcon } from '../icons/icons'
import { SOCIAL_NAMES } from '../icons/socialIcons'
import { useBalance } from '../hooks/useBalance'
import { useNetwork } from '../hooks/useNetwork'
import { AccountTabs } from './account/AccountTabs'
import { AccountTypeRow, AccountTypeSwitch } from './account/AccountType'
import { BitcoinBalance } from './account/BitcoinBalance'
import { AccountAvatar } from './AccountAvatar'
import { copyAddress } from './copyAddress'
import { NameIcon } from './names/icons'
import { SendIcon } from './send/icons'
import { BuyIcon } from './buy/icons'
import { SwapIcon } from './swap/icons'
import { StorageNotice } from './StorageNotice'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

/**
 * The connected account: avatar and name (its identity's, else its social account's, else
 * generated and the short address),
 * address (short, with copy, and in full), native balance, the tabs Tokens, NFTs and Activity,
 * the social login (provider and username), email, network, account type (embedded wallet on a
 * network with smart accounts), Buy, Swap, Receive, Send (spec §9 wallet feature order), Choose a
 * name (an eip155 account without one), Switch to EOA / Smart Account, Update email, Disconnect.
 */
export default function AccountView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { address, user, namespace, profileName, profileImage, socialProvider } = useStore(client.account)
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
  // A user who signed in with a social account (Farcaster) wears its name and picture unless
  // the address has a name of its own.
  const social = user ? getConnectedSocial() : undefined
  const name = profileName ?? user?.userName ?? undefined

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
        <AccountAvatar address={address} image={profileImage ?? social?.image} />
        <div className="address">
          <span className="short" title={address} data-testid="account-name">
            {name ? <Truncated text={name} kind="name" /> : shortenAddress(address)}
          </span>
          <button type="button" className="icon-btn small" aria-label="Copy address" onClick={() => copyAddress(client, address)}>
            <CopyIcon />
          </button>
        </div>
        <span className="mono" data-testid="account-address">
          {address}
        </span>
        {namespace === 'bip122' ? (
          <BitcoinBalance />
        ) : (
          <p className="balance" data-testid="account-balance">
            {balance} {balanceSymbol}
          </p>
        )}
      </div>
      <AccountTabs />
      <dl className="facts">
        {socialProvider && social?.provider !== 'farcaster' ? (
          <div>
            <dt>Social login</dt>
            <dd data-testid="account-social">
              {user?.userName ? (
                <>
                  {`${SOCIAL_NAMES[socialProvider]} · `}
                  <Truncated text={user.userName} kind={user.userName.includes('@') ? 'email' : 'name'} />
                </>
              ) : (
                SOCIAL_NAMES[socialProvider]
              )}
            </dd>
          </div>
        ) : null}
        {social?.provider === 'farcaster' && social.username ? (
          <div>
            <dt>Farcaster</dt>
            <dd>
              <Truncated text={`@${social.username}`} kind="name" testId="account-social" />
            </dd>
          </div>
        ) : null}
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
        <AccountTypeRow />
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
      {/* Names are eip155 only (spec §9); an account with a name shows it in the header instead. */}
      {namespace === 'eip155' && !profileName ? (
        <button type="button" className="btn" onClick={() => client.modal.push('RegisterAccountName')} disabled={busy}>
          <NameIcon />
          Choose a name
        </button>
      ) : null}
      {/* A wallet that logged a user in (the embedded wallet) offers managing that login. */}
      {user ? <StorageNotice /> : null}
      <AccountTypeSwitch disabled={busy} />
      {user && email ? (
        <button type="button" className="btn" onClick={() => client.modal.push('UpdateEmail')} disabled={busy}>
          <MailIcon />
          Update email
        </button>
      ) : null}
      {/* Export needs a fresh emailed code: a social account without an email has no way to give one (README, "Social login"). */}
      {user && email ? (
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
