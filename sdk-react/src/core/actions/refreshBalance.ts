import { BALANCE_CACHE_MS, formatBalance, nativeBalanceKey, type BalanceEntry, type NativeBalance } from '../account/balance'
import type { OrielClient } from '../client/createClient'
import { getNetwork } from './getNetwork'
import { getProvider } from './getProvider'
import { solanaReader } from '../send/solana/reader'
import type { SolanaReader } from '../send/solana/rpc'
import type { EIP1193Provider } from '../wallets/eip6963'

export type RefreshBalanceParameters = {
  /** Read even when the cached balance is younger than 30 s. */
  force?: boolean | undefined
}

/** The cached entry after the read, or `undefined` when there was nothing to read or the read failed. */
export type RefreshBalanceReturnType = BalanceEntry | undefined

/** Never thrown: a failed read is logged and keeps the last balance. */
export type RefreshBalanceErrorType = never

/**
 * Reads the connected account's native balance on the active network through the connected
 * wallet's own provider (`eth_getBalance` on eip155, Solana's `getBalance` on solana: the
 * embedded wallet, a browser wallet or a WalletConnect session alike; a wallet-standard Solana
 * wallet, which answers no reads, through the network's RPC URL) into the client's query cache
 * (`['balance', '{network}:{address}']`, the one source of the native balance: the header and
 * the Tokens tab both show it), unless the cached value is younger than 30 s (spec §9).
 * Concurrent calls share one read. A failed read is logged and keeps the last value. Other
 * namespaces, and networks the dapp does not list (their currency is unknown), are not read.
 *
 * @example
 * await refreshBalance(client)
 * getBalance(client).balance // '10.000'
 */
export async function refreshBalance(
  client: OrielClient,
  parameters: RefreshBalanceParameters = {},
): Promise<RefreshBalanceReturnType> {
  const { address, status, namespace } = client.account.getSnapshot()
  const { caipNetworkId, network, isSupported } = getNetwork(client)
  const { provider } = getProvider(client)
  const reader = namespace === 'solana' ? solanaReader(provider, network) : namespace === 'eip155' ? provider : undefined
  if (status !== 'connected' || !address || !isSupported || !reader) return undefined
  const { decimals } = network.nativeCurrency
  const key = nativeBalanceKey(address, caipNetworkId)
  try {
    await client.query.fetch<NativeBalance>(
      {
        key,
        staleMs: BALANCE_CACHE_MS,
        read: async () => {
          const value = namespace === 'solana' ? await readLamports(reader, address) : await readWei(reader, address)
          // The network changed while reading: the wallet may have answered for either chain.
          if (getNetwork(client).caipNetworkId !== caipNetworkId) throw new NetworkChangedError()
          return { value, decimals }
        },
      },
      { force: parameters.force },
    )
  } catch (error) {
    if (!(error instanceof NetworkChangedError)) console.error(`oriel: reading the balance of ${address} on ${caipNetworkId} failed`, error)
    return undefined
  }
  const entry = client.query.get<NativeBalance>(key)
  if (!entry?.data || entry.updatedAt === undefined) return undefined
  return { balance: formatBalance(entry.data.value, entry.data.decimals), fetchedAt: entry.updatedAt }
}

/** The network changed during a read: its answer is not this network's. */
class NetworkChangedError extends Error {}

/** The current connection's request provider (the embedded wallet answers Solana reads through it too). */
type Provider = EIP1193Provider

/** `eth_getBalance` at `latest`, in wei. */
async function readWei(provider: Provider, address: string): Promise<bigint> {
  const result = await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) {
    throw new TypeError(`eth_getBalance returned ${JSON.stringify(result)}`)
  }
  return BigInt(result)
}

/** Solana's `getBalance` (`{ context, value }`), in lamports. */
async function readLamports(reader: SolanaReader, address: string): Promise<bigint> {
  const result = await reader.request({ method: 'getBalance', params: [address, { commitment: 'confirmed' }] })
  const value = (result as { value?: unknown } | null)?.value
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`getBalance returned ${JSON.stringify(result)?.slice(0, 200)}`)
  }
  return BigInt(value)
}
