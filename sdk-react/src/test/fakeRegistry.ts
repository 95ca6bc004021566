// Test helper: a `fetch` that answers the wallet-list service's GET /getWallets from the shipped
// registry file (fixtures/wallets/registry.json) with the service's filter rules, and records
// every request. The real service is tested in frame-host and by the browser tests.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RegistryWallet } from '../core/wallets/registry'

export const REGISTRY: readonly RegistryWallet[] = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../fixtures/wallets/registry.json'), 'utf8'),
  ) as { wallets: RegistryWallet[] }
).wallets
  .slice()
  .sort((a, b) => a.order - b.order)

/** The registry wallet called `name`. */
export function walletNamed(name: string): RegistryWallet {
  const wallet = REGISTRY.find((w) => w.name === name)
  if (!wallet) throw new Error(`no wallet ${name}`)
  return wallet
}

export type FakeRegistry = {
  fetch: typeof fetch
  /** Query parameters of every /getWallets request, in order. */
  requests: URLSearchParams[]
  /** Makes the next answers wait until `release()` (or fail with `status`). */
  hold(): { release(): void }
  failWith(status: number | null): void
}

export function createFakeRegistry(wallets: readonly RegistryWallet[] = REGISTRY): FakeRegistry {
  const requests: URLSearchParams[] = []
  let gate: Promise<void> | undefined
  let status: number | null = null
  const list = (q: URLSearchParams, key: string) => (q.get(key) ?? '').split(',').filter(Boolean)

  const fake: FakeRegistry = {
    requests,
    hold() {
      let release = () => {}
      gate = new Promise((resolve) => (release = resolve))
      return {
        release() {
          gate = undefined
          release()
        },
      }
    },
    failWith(next) {
      status = next
    },
    fetch: (async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      // The project check the modal's first opening makes: the test page is allowed.
      if (url.pathname === '/projects/v1/origins') return Response.json({ allowedOrigins: ['http://localhost:3000'], originAllowed: true })
      if (!url.pathname.endsWith('/getWallets')) return new Response('not found', { status: 404 })
      const q = url.searchParams
      requests.push(q)
      if (gate !== undefined) await gate
      if (status !== null) {
        return Response.json({ error: { code: 'x', message: 'failed' } }, { status })
      }
      const include = list(q, 'include')
      const exclude = list(q, 'exclude')
      const chains = list(q, 'chains')
      const search = (q.get('search') ?? '').toLowerCase()
      const matching = wallets.filter(
        (w) =>
          (include.length === 0 || include.includes(w.id)) &&
          !exclude.includes(w.id) &&
          (chains.length === 0 || w.chains.some((c) => chains.includes(c))) &&
          (!search || w.name.toLowerCase().includes(search)),
      )
      const page = Number(q.get('page') ?? 1)
      const entries = Math.min(Number(q.get('entries') ?? 40), 100)
      return Response.json({ data: matching.slice((page - 1) * entries, page * entries), count: matching.length })
    }) as typeof fetch,
  }
  return fake
}
