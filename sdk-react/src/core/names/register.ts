import { stringToHex } from 'viem'
import { setIdentity } from '../account/identity'
import { getProvider } from '../actions/getProvider'
import type { OrielClient } from '../client/createClient'
import { BaseError, getErrorMessage } from '../errors/base'
import { getWalletErrorCode, USER_REJECTED_CODE } from '../errors/connection'
import { NamesNotSupportedError, RegisterNameError } from '../errors/names'
import { SignatureDeclinedError } from '../siwx/signIn'
import { storage } from '../storage/storage'
import { evmChainIdToCoinType, parseEvmChainId } from '../validation/caip'
import { getNamesApi, type NameRecord, readNameSuffix } from './client'
import { getNameRegistrationStore } from './nameStore'
import { validateNameLabel } from './rules'

/**
 * The message an address signs to register a name (frame-host/API.md "Names"): the JSON text of
 * the name, its attributes and the time in seconds (spec §3 name-registration payload), keys in
 * that order.
 *
 * @example
 * registrationMessage({ name: 'alice.oriel.id', attributes: {}, timestamp: 1767225600 })
 * // '{"name":"alice.oriel.id","attributes":{},"timestamp":1767225600}'
 */
export function registrationMessage({
  name,
  attributes,
  timestamp,
}: {
  name: string
  attributes: Readonly<Record<string, string>>
  timestamp: number
}): string {
  return JSON.stringify({ name, attributes, timestamp })
}

export type RegisterAccountNameParameters = {
  /** The full name, `{label}.{suffix}` (as `checkNameAvailability` answers it). */
  name: string
  /** Test seam: the clock, ms since the epoch. Default `Date.now`. */
  now?: (() => number) | undefined
}

export type RegisterAccountNameErrorType = RegisterNameError

/**
 * Registers `name` for the connected eip155 account (spec §4 "Name registration"): shows
 * RegisterAccountNameSuccess, has the wallet sign the registration message (`personal_sign`;
 * the embedded wallet asks for approval in its frame), posts it to `POST /v1/profile/account`
 * with the coin type of the account's chain (chain ids of 2^31 and above: 'Invalid chainId'),
 * then sets the account's profile name (and the identity cache, spec §9). On any failure it
 * returns to RegisterAccountName, shows 'Error registering name {name}' and throws
 * `RegisterNameError` (its cause says why: declined, taken, expired, …); the registration
 * store keeps the reason.
 *
 * @example
 * const record = await registerAccountName(client, { name: 'alice.oriel.id' })
 */
export async function registerAccountName(client: OrielClient, parameters: RegisterAccountNameParameters): Promise<NameRecord> {
  const { name } = parameters
  const now = parameters.now ?? Date.now
  const store = getNameRegistrationStore(client)
  if (store.getSnapshot().status === 'pending') {
    throw new RegisterNameError({ name, cause: new Error('a registration is already under way') })
  }
  store.setState({ status: 'pending', name, error: undefined })
  let shown = false
  try {
    const { status, namespace, address, caipAddress } = client.account.getSnapshot()
    if (status !== 'connected' || namespace !== 'eip155' || !address || !caipAddress) throw new NamesNotSupportedError({ namespace })
    const coinType = evmChainIdToCoinType(parseEvmChainId(caipAddress.slice(0, caipAddress.length - address.length - 1)))
    const suffix = await readNameSuffix(client)
    if (!name.endsWith(`.${suffix}`)) throw new RegisterNameError({ name, cause: new Error(`expected a name ending in .${suffix}`) })
    validateNameLabel(name.slice(0, -suffix.length - 1))
    const { provider } = getProvider(client)
    if (!provider) throw new NamesNotSupportedError({ namespace: undefined })

    client.modal.push('RegisterAccountNameSuccess', { name })
    shown = true
    const message = registrationMessage({ name, attributes: {}, timestamp: Math.floor(now() / 1000) })
    let signature: unknown
    try {
      signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] })
    } catch (error) {
      if (getWalletErrorCode(error) === USER_REJECTED_CODE) throw new SignatureDeclinedError({ cause: error })
      throw error
    }
    if (typeof signature !== 'string') throw new BaseError('The wallet answered no signature', { details: JSON.stringify(signature) })
    const record = await getNamesApi(client).register({ coinType, address, message, signature })

    // The profile name (spec §4 step 4), also kept as the address's identity for 5 minutes.
    const avatar = record.attributes['avatar'] ?? null
    setIdentity(client.query, storage, address, { name: record.name, avatar })
    if (client.account.getSnapshot().address === address) {
      client.account.setState({ profileName: record.name, profileImage: avatar ?? undefined })
    }
    store.setState({ status: 'success', name: record.name, error: undefined })
    if (client.modal.getSnapshot().history.at(-1)?.view !== 'RegisterAccountNameSuccess') {
      client.snackbar.showSuccess(`${record.name} is yours`)
    }
    return record
  } catch (error) {
    const failure = error instanceof RegisterNameError ? error : new RegisterNameError({ name, cause: error })
    console.error(`oriel: registering ${name} failed`, error)
    store.setState({ status: 'error', error: getErrorMessage(error) })
    if (shown) backToRegistration(client)
    client.snackbar.showError(failure.shortMessage)
    throw failure
  }
}

/** Returns from RegisterAccountNameSuccess (and anything above it) to the view below it. */
function backToRegistration(client: OrielClient): void {
  const { open, history } = client.modal.getSnapshot()
  const at = history.map((entry) => entry.view).lastIndexOf('RegisterAccountNameSuccess')
  if (!open || at < 0) return
  client.modal.goBackToIndex(Math.max(at - 1, 0))
  if (at === 0) client.modal.replace('RegisterAccountName')
}
