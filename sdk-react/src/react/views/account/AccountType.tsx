import { useEffect, useState } from 'react'
import type { AccountType as AccountTypeName } from '../../../codec/protocol.gen'
import { getActiveAccountType } from '../../../core/account/accountType'
import { setPreferredAccountType } from '../../../core/embedded/actions/setPreferredAccountType'
import { getSmartAccountEnabledNetworks, refreshUser } from '../../../core/embedded/actions/smartAccounts'
import { EMBEDDED_CONNECTOR_ID } from '../../../core/embedded/connector'
import { getErrorMessage } from '../../../core/errors/base'
import { isCaipAddress, parseCaipAddress } from '../../../core/validation/caip'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'

/**
 * The account type in effect, when the user can choose one: the embedded wallet on an eip155
 * network where it has smart accounts (asked of the wallet once per login and network, see
 * `getSmartAccountEnabledNetworks`). `undefined` otherwise, and while the answer is awaited.
 */
function useChoosableAccountType(): { type: AccountTypeName; deployed: boolean } | undefined {
  const client = useOrielClient()
  const account = useStore(client.account)
  const { caipAddress, connectorId, namespace, smartAccountDeployed } = account
  const network = isCaipAddress(caipAddress) ? parseCaipAddress(caipAddress).caipNetworkId : undefined
  const asking = connectorId === EMBEDDED_CONNECTOR_ID && namespace === 'eip155' ? network : undefined
  const [enabled, setEnabled] = useState<{ network: string; enabled: boolean }>()

  useEffect(() => {
    if (!asking) return
    let current = true
    getSmartAccountEnabledNetworks(client).then(
      (networks) => {
        if (current) setEnabled({ network: asking, enabled: networks.includes(asking) })
      },
      // Without an answer the user keeps the account they have: no choice shown.
      (error: unknown) => console.warn('oriel: the smart-account networks are unknown', error),
    )
    return () => {
      current = false
    }
  }, [client, asking])


  if (!asking || enabled?.network !== asking || !enabled.enabled) return undefined
  return { type: getActiveAccountType(account) ?? 'eoa', deployed: smartAccountDeployed ?? false }
}

/**
 * Reads the user again once when a smart account shows as not deployed: its first transaction
 * may have deployed it since the last read (the wallet checks on each read).
 */
function useDeploymentRead(accountType: { type: AccountTypeName; deployed: boolean } | undefined) {
  const client = useOrielClient()
  const undeployed = accountType?.type === 'smartAccount' && !accountType.deployed
  useEffect(() => {
    if (!undeployed) return
    refreshUser(client).catch((error: unknown) => console.warn('oriel: reading the account again failed', error))
  }, [client, undeployed])
}

/**
 * The Account view's facts row "Account type": Smart account (with ' · not deployed yet' until
 * its first transaction) or EOA. Shown only where the user can switch (see {@link AccountTypeSwitch}).
 */
export function AccountTypeRow() {
  const accountType = useChoosableAccountType()
  useDeploymentRead(accountType)
  if (!accountType) return null
  const label =
    accountType.type === 'smartAccount' ? `Smart account${accountType.deployed ? '' : ' · not deployed yet'}` : 'EOA'
  return (
    <div>
      <dt>Account type</dt>
      <dd data-testid="account-type">{label}</dd>
    </div>
  )
}

/**
 * The Account view's button that switches the embedded wallet between its EOA and its smart
 * account (spec §4 "Preferred account type": the modal shows loading meanwhile; the header then
 * shows the new address). A failure shows the wallet's message in the snackbar.
 */
export function AccountTypeSwitch({ disabled }: { disabled?: boolean | undefined }) {
  const client = useOrielClient()
  const accountType = useChoosableAccountType()
  if (!accountType) return null
  const next: AccountTypeName = accountType.type === 'smartAccount' ? 'eoa' : 'smartAccount'

  function switchType() {
    setPreferredAccountType(client, { accountType: next }).catch((error: unknown) => {
      client.snackbar.showError(getErrorMessage(error, 'Failed to switch the account type'))
    })
  }

  return (
    <button type="button" className="btn" data-testid="switch-account-type" onClick={switchType} disabled={disabled}>
      {next === 'eoa' ? 'Switch to EOA' : 'Switch to Smart Account'}
    </button>
  )
}
