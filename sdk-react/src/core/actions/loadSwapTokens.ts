import type { OrielClient } from '../client/createClient'
import { getConvertApi } from '../convert/client'
import { SwapsNotSupportedError } from '../convert/errors'
import { getErrorMessage } from '../errors/base'
import { getSwapStore } from '../swap/swapStore'
import { getNetwork } from './getNetwork'

/** Never thrown: a failure is kept in the swap store's `tokens` (and logged). */
export type LoadSwapTokensErrorType = never

/**
 * Reads the active network's swappable tokens (`GET /v1/convert/tokens`, through the query cache)
 * into the client's swap store, once per network (`force` reads again unless a read is under way). The native coin, listed first, becomes the token
 * sold when none is chosen. A network of another namespace than eip155, or one frame-host has no
 * exchange for, is 'Network not supported for Swaps' (spec §8).
 *
 * @example
 * await loadSwapTokens(client)
 * getSwapStore(client).getSnapshot().tokens // { status: 'ready', chainId: 'eip155:31337', tokens: [...] }
 */
export async function loadSwapTokens(client: OrielClient, { force = false }: { force?: boolean } = {}): Promise<void> {
  const store = getSwapStore(client)
  const { caipNetworkId } = getNetwork(client)
  const { namespace } = client.account.getSnapshot()
  const { tokens } = store.getSnapshot()
  if (tokens.status !== 'idle' && tokens.chainId === caipNetworkId && (tokens.status === 'loading' || !force)) return
  if (namespace !== 'eip155' || !caipNetworkId.startsWith('eip155:')) {
    const error = new SwapsNotSupportedError({ network: caipNetworkId })
    store.setState({ tokens: { status: 'error', chainId: caipNetworkId, message: error.shortMessage, unsupported: true } })
    return
  }
  store.setState({ tokens: { status: 'loading', chainId: caipNetworkId } })
  const current = () => getNetwork(client).caipNetworkId === caipNetworkId
  try {
    const read = (signal: AbortSignal) => getConvertApi(client).getTokens({ chainId: caipNetworkId }, { signal })
    const list = await client.query.fetch({ key: ['swapTokens', caipNetworkId], read, staleMs: Number.POSITIVE_INFINITY }, { force })
    if (!current()) return
    store.setState((state) => ({
      tokens: { status: 'ready', chainId: caipNetworkId, tokens: list },
      from: state.from ?? list[0]?.address,
    }))
  } catch (error) {
    console.error(`oriel: reading the swap tokens of ${caipNetworkId} failed`, error)
    if (!current()) return
    store.setState({
      tokens: {
        status: 'error',
        chainId: caipNetworkId,
        message: getErrorMessage(error),
        unsupported: error instanceof SwapsNotSupportedError,
      },
    })
  }
}
