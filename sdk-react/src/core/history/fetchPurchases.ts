import type { OrielClient } from '../client/createClient'
import { readOnrampOptions, readPurchases } from '../onramp/client'
import type { OnrampPurchase } from '../onramp/parse'

/**
 * The account's card purchases on `caipNetworkId` (spec §3 history state `coinbaseTransactions`):
 * the first page of each provider that delivers to its namespace (the history route's `onramp`
 * parameter), newest first. Nothing when the dapp switched the on-ramp off; a provider that
 * cannot be read is logged and left out, so the Activity list still shows.
 *
 * @example
 * const purchases = await fetchPurchases(client, { address, caipNetworkId: 'eip155:31337' })
 */
export async function fetchPurchases(client: OrielClient, { address, caipNetworkId }: { address: string; caipNetworkId: string }): Promise<OnrampPurchase[]> {
  if (!client.config.features.onramp) return []
  const namespace = caipNetworkId.split(':')[0] ?? ''
  try {
    const list = (await readOnrampOptions(client)).providers.filter((p) => (p.namespaces as readonly string[]).includes(namespace))
    const pages = await Promise.all(
      list.map((p) =>
        readPurchases(client, { address, provider: p.id }).catch((error: unknown) => {
          console.error(`oriel: reading the purchases through ${p.name} failed`, error)
          return { data: [] as OnrampPurchase[] }
        }),
      ),
    )
    return pages
      .flatMap((page) => page.data)
      .filter((p) => p.chain === caipNetworkId)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
  } catch (error) {
    console.error('oriel: reading the on-ramp providers failed', error)
    return []
  }
}
