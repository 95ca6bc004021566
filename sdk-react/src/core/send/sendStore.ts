import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { createStore, type Store } from '../store/createStore'

/**
 * A name typed as the receiver and what it resolved to (spec §3 send-token state: the receiver
 * address, profile name and image), for the name `name` (lowercase) only.
 */
export type ReceiverName =
  | { readonly status: 'resolving'; readonly name: string }
  | { readonly status: 'resolved'; readonly name: string; readonly address: `0x${string}`; readonly image: string | undefined }
  | { readonly status: 'error'; readonly name: string; readonly error: string }

/** The send form and its progress (spec §3 send-token state). */
export interface SendState {
  /** The chosen token's {@link SendToken.key}; its numbers come from the current balance list. */
  readonly tokenKey: string | undefined
  /** Whole tokens, as typed. */
  readonly amount: string
  /** As typed: an address, or a name (see `names/rules.ts` `isNameLike`). */
  readonly receiver: string
  /** The receiver's name resolution, while the receiver is a name. */
  readonly receiverName: ReceiverName | undefined
  /** A send is under way: waiting for the wallet, then for the receipt. */
  readonly loading: boolean
  /** The hash of the transaction under way, once the wallet sent it. */
  readonly hash: string | undefined
  /** Why the last send failed (user-facing text), cleared by an edit or a new send. */
  readonly error: string | undefined
}

export type SendStore = Store<SendState>

/** The state of a fresh (or reset) form. */
export const EMPTY_SEND: SendState = Object.freeze({
  tokenKey: undefined,
  amount: '',
  receiver: '',
  receiverName: undefined,
  loading: false,
  hash: undefined,
  error: undefined,
})

const EXTENSION: Extension<SendStore> = {
  name: 'send',
  create(client) {
    const created = createStore<SendState>(EMPTY_SEND)
    let last = client.account.getSnapshot()
    client.account.subscribe(() => {
      const next = client.account.getSnapshot()
      if (next.address !== last.address || next.namespace !== last.namespace) created.setState(EMPTY_SEND)
      last = next
    })
    return created
  },
}

/**
 * The client's send form. It outlives the Send view (which unmounts while the wallet asks for
 * approval) and resets when the connected account or its namespace changes (spec §4: switching
 * namespace resets the send form).
 *
 * @example
 * getSendStore(client).setState({ amount: '1.5' })
 */
export function getSendStore(client: OrielClient): SendStore {
  return getExtension(client, EXTENSION)
}

/**
 * Edits the form; any edit clears the last failure, and a new receiver the resolution of the
 * last one (unless it is the same name). Ignored while a send is under way.
 *
 * @example
 * editSend(client, { receiver: '0x7099…' })
 */
export function editSend(client: OrielClient, patch: Partial<Pick<SendState, 'tokenKey' | 'amount' | 'receiver'>>): void {
  const store = getSendStore(client)
  const { loading, receiverName } = store.getSnapshot()
  if (loading) return
  const sameName = patch.receiver === undefined || patch.receiver.trim().toLowerCase() === receiverName?.name
  store.setState({ ...patch, error: undefined, ...(sameName ? {} : { receiverName: undefined }) })
}
