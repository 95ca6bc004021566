// Test fixture: an answer of frame-host's balance route.
import { vi } from 'vitest'
/** The balance route's documented answer (frame-host/API.md, Blockchain API): tokens on the operator's list. */
export const BALANCES = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 4500, price: 3000, quantity: { decimals: '18', numeric: '1.5' }, verified: true },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      value: 12.345,
      price: 1,
      quantity: { decimals: '6', numeric: '12.345' },
      iconUrl: 'https://example.com/usdc.png',
      verified: true,
    },
    { name: 'Mystery', symbol: 'MYS', chainId: 'eip155:1', address: 'eip155:1:0x01', value: null, price: null, quantity: { decimals: '18', numeric: '7' }, verified: true },
  ],
}

/** Stubs the global `fetch` as frame-host: the balance route answers `BALANCES`, the identity route `identity` (default: no name), `/getWallets` no wallets. */
export function stubFrameHostFetch(identity: { name: string | null; avatar: string | null } = { name: null, avatar: null }) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname
    if (path.startsWith('/v1/account/')) return new Response(JSON.stringify(BALANCES))
    if (path.startsWith('/v1/identity/')) return Response.json(identity)
    return new Response('{"data":[],"count":0}')
  })
}
