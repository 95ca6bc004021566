import { getNameRegistrationStore } from '../../../core/names/nameStore'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'
import { CheckIcon, SpinnerIcon } from '../../icons/icons'
import { Truncated } from '../Truncated'
import type { ViewProps } from '../types'

/**
 * RegisterAccountNameSuccess (spec §4 name registration, step 1): shown as soon as Register is
 * pressed, while the wallet signs and frame-host registers (the embedded wallet's approval covers
 * it meanwhile); then the name is the account's. A failure goes back to RegisterAccountName.
 */
export function RegisterAccountNameSuccess({ entry }: ViewProps) {
  const client = useOrielClient()
  const { status, name } = useStore(getNameRegistrationStore(client))

  if (status === 'pending' && name) {
    return (
      <div className="view center" data-view={entry.view} aria-busy="true">
        <SpinnerIcon size={28} />
        <p className="lead">
          Registering <Truncated text={name} kind="name" />
        </p>
        <p>Approve the signature in your wallet: it shows that this address is yours.</p>
      </div>
    )
  }
  if (status === 'success' && name) {
    return (
      <div className="view center" data-view={entry.view}>
        <CheckIcon size={28} />
        <p className="lead">
          <Truncated text={name} kind="name" testId="registered-name" />
        </p>
        <p role="status">is your name now: others can send to it instead of your address.</p>
        <button type="button" className="btn small" onClick={() => client.modal.reset('Account')}>
          Back to Account
        </button>
      </div>
    )
  }
  return (
    <div className="view center" data-view={entry.view}>
      <p>No name is being registered.</p>
      <button type="button" className="btn small" onClick={() => client.modal.replace('RegisterAccountName')}>
        Choose a name
      </button>
    </div>
  )
}
