import type { OrielClient } from '../client/createClient'
import { getErrorMessage } from '../errors/base'
import { getSendStore } from '../send/sendStore'
import { resolveName } from './resolve'
import { isNameLike, normalizeNameInput } from './rules'

export type ResolveReceiverNameParameters = {
  /** Aborts the wait and the lookup (the receiver changed, the view went). */
  signal?: AbortSignal | undefined
  /** How long to wait before asking, while the user may still be typing. Default 0. */
  delayMs?: number | undefined
}

/**
 * Resolves the send form's receiver when it is a name (`alice.oriel.id`, an ENS name) into the
 * send store's `receiverName`: `resolving` at once, then (after `delayMs`) `resolved` with the
 * address and the name's image, or `error` with 'Error resolving name'. Nothing happens for an
 * address, or for a name already resolved. A result that arrives after the receiver changed is
 * dropped.
 *
 * @example
 * editSend(client, { receiver: 'alice.oriel.id' })
 * await resolveReceiverName(client, { delayMs: 500 })
 * getSendStore(client).getSnapshot().receiverName // { status: 'resolved', name: 'alice.oriel.id', address: '0x…', image: undefined }
 */
export async function resolveReceiverName(client: OrielClient, parameters: ResolveReceiverNameParameters = {}): Promise<void> {
  const { signal, delayMs = 0 } = parameters
  const store = getSendStore(client)
  const { receiver, receiverName } = store.getSnapshot()
  if (!isNameLike(receiver)) return
  const name = normalizeNameInput(receiver)
  if (receiverName?.name === name && receiverName.status === 'resolved') return
  const current = () => !signal?.aborted && store.getSnapshot().receiverName?.name === name
  store.setState({ receiverName: { status: 'resolving', name } })
  if (delayMs > 0) {
    await new Promise<void>((done) => {
      const timer = setTimeout(done, delayMs)
      signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        done()
      })
    })
  }
  if (!current()) return
  try {
    const { address, avatar } = await resolveName(client, name, { signal })
    if (current()) store.setState({ receiverName: { status: 'resolved', name, address, image: avatar } })
  } catch (error) {
    if (!current()) return
    console.error(`oriel: resolving ${name} failed`, error)
    store.setState({ receiverName: { status: 'error', name, error: getErrorMessage(error) } })
  }
}
