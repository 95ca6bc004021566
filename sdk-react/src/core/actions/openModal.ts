import type { OrielClient } from '../client/createClient'
import type { UnknownViewErrorType } from '../errors/modal'
import type { CloseModalOptions, OpenModalOptions } from '../modal/modalStore'
import type { ViewName } from '../modal/views'

/** A view (`'AllWallets'`), a view with data (`{ view, data }`), or nothing for the view the spec rules pick. */
export type OpenModalParameters = OpenModalOptions | ViewName | undefined

export type OpenModalReturnType = undefined

export type OpenModalErrorType = UnknownViewErrorType

/**
 * Opens the modal, at a view or, without one, on the view the spec rules pick (Connect, or
 * Account when connected). An unknown view throws `UnknownViewError`.
 *
 * @example
 * openModal(client, 'AllWallets')
 * openModal(client, { view: 'Account' })
 */
export function openModal(client: OrielClient, parameters?: OpenModalParameters): OpenModalReturnType {
  client.modal.open(typeof parameters === 'string' ? { view: parameters } : parameters)
}

export type CloseModalParameters = CloseModalOptions | undefined

/** Whether the modal closed. */
export type CloseModalReturnType = boolean

export type CloseModalErrorType = never

/**
 * Closes the modal. Returns false where closing is blocked (ApproveTransaction, a required
 * sign-in) unless `{ force: true }`; the modal then shakes.
 *
 * @example
 * closeModal(client, { force: true })
 */
export function closeModal(client: OrielClient, parameters?: CloseModalParameters): CloseModalReturnType {
  return client.modal.close(parameters)
}
