import type { FrameHostService } from '../frameHost/errors'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import { type BalanceQuery, checkBalanceReply, type Quantity, type TokenBalance } from '../frameHost/balance.gen'

/** A token amount as frame-host sends it: `decimals` and the exact amount in whole tokens. */
export type TokenQuantity = Quantity

/** One entry of `GET /v1/account/{address}/balance` (spec §3 token balance). */
export type { TokenBalance }

/** The balance route: its failures' words. */
export const BALANCE_SERVICE: FrameHostService = {
  name: 'blockchain',
  unreachable: 'Could not reach the Blockchain API',
  invalid: 'Invalid balance response',
}

export type GetAccountBalancesParameters = {
  /** The account's address. */
  address: string
  /** CAIP-2 id of the one network to read. */
  chainId: string
  /** Read the chain even when frame-host's own 30 s cache has the balances. */
  forceUpdate?: boolean | undefined
}

export type { FrameHostErrorType as GetAccountBalancesErrorType } from '../frameHost/errors'

/**
 * `GET /v1/account/{address}/balance`: the account's token balances on one network (spec §7).
 * A non-OK answer throws `HttpStatusError` (an unsupported network is a 400).
 *
 * @example
 * const balances = await getAccountBalances(client.frameHost, { address: '0xf39f…', chainId: 'eip155:31337' })
 */
export function getAccountBalances(frameHost: FrameHost, { address, chainId, forceUpdate }: GetAccountBalancesParameters): Promise<readonly TokenBalance[]> {
  const query: BalanceQuery = { currency: 'usd', chainId, forceUpdate: forceUpdate || undefined }
  return frameHost.request({
    service: BALANCE_SERVICE,
    path: `/v1/account/${encodeURIComponent(address)}/balance`,
    query,
    read: parseBalances,
  })
}

/** Checks the `{ balances }` shape; another throws `InvalidFrameHostResponseError` ('Invalid balance response'). */
export function parseBalances(body: unknown): readonly TokenBalance[] {
  return parseAnswer(BALANCE_SERVICE, checkBalanceReply, body).balances
}
