import { BaseError } from './base'

export type UnknownViewErrorType = UnknownViewError & { name: 'UnknownViewError' }
/** `open({ view })`, `push` or another navigation was given a name that is not a modal view. */
export class UnknownViewError extends BaseError {
  override name = 'UnknownViewError'
  constructor({ view }: { view: unknown }) {
    super(`Unknown view: ${String(view)}`, {
      metaMessages: ['Expected one of the modal views, e.g. "Connect", "Account" or "AllWallets".'],
      docsPath: '/react/use-oriel-modal',
    })
  }
}

export type UnknownEventErrorType = UnknownEventError & { name: 'UnknownEventError' }
/** An event name that is not one of the widget's events (spec §7) was emitted. */
export class UnknownEventError extends BaseError {
  override name = 'UnknownEventError'
  constructor({ event }: { event: unknown }) {
    super(`Unknown event: ${String(event)}`, {
      metaMessages: ['Expected one of MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, DISCONNECT_SUCCESS, …'],
      docsPath: '/react/use-oriel-events',
    })
  }
}
