// Test fixture: an answer of frame-host's balance route.
import { vi } from 'vitest'
/** The balance route's documented answer (frame-host/API.md, Blockchain API). */
export const BALANCES = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 4500, price: 3000, quantity: { decimals: '18', numeric: '1.5' } },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      value: 12.345,
      price: 1,
      quantity: { decimals: '6', numeric: '12.345' },
      iconUrl: 'https://example.com/usdc.png',
    },
    { name: 'Mystery', symbol: 'MYS', chainId: 'eip155:1', address: 'eip155:1:0x01', value: null, price: null, quantity: { decimals: '18', numeric: '7' } },
  ],
}

/** Stubs the global `fetch` as frame-host: the balance route answers `BALANCES`, `/getWallets` no wallets. */
export function stubFrameHostFetch() {
  vi.stubGlobal('fetch', async (url: string) =>
    new URL(url).pathname.startsWith('/v1/account/') ? new Response(JSON.stringify(BALANCES)) : new Response('{"data":[],"count":0}'),
  )
}
