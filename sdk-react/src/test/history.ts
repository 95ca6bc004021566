// Test fixtures: answers of frame-host's history and NFTs routes in the agreed wire shapes
// (/work/wt/HISTORY-WIRE.md; frame-host/API.md once the routes are documented there).
import { BALANCES } from './balances'

export const ACCOUNT = '0x1234567890abcdef1234567890abcdef1234abcd'
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const NFT_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const SVG_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+'

type WireTransfer = Record<string, unknown>

/**
 * A fungible transfer on the wire: `numeric` whole tokens of `symbol`, a listed token unless
 * `verified` is false; `hidden`: why frame-host marks it hidden by default.
 */
export function tokenTransfer(
  direction: 'in' | 'out' | 'self',
  numeric: string,
  symbol: string,
  icon: string | null = null,
  { verified = true, hidden }: { verified?: boolean; hidden?: 'zeroValue' | 'lookAlike' } = {},
): WireTransfer {
  return {
    direction,
    quantity: { numeric, decimals: symbol === 'ETH' ? '18' : '6' },
    value: null,
    price: null,
    fungible_info: { name: symbol, symbol, icon: icon === null ? null : { url: icon }, verified },
    ...(hidden ? { hidden } : {}),
  }
}

/** An NFT transfer on the wire. */
export function nftTransfer(direction: 'in' | 'out', name: string, isSpam = false, image: string | null = SVG_IMAGE): WireTransfer {
  return {
    direction,
    quantity: { numeric: '1', decimals: '0' },
    value: null,
    price: null,
    nft_info: {
      name,
      content: image === null ? null : { preview: { url: image, content_type: 'image/svg+xml' } },
      flags: { is_spam: isSpam },
    },
  }
}

/** One history item on the wire. */
export function wireTransaction(options: {
  hash: string
  minedAt: string
  operationType?: string
  chain?: string
  transfers?: WireTransfer[]
}): Record<string, unknown> {
  const chain = options.chain ?? 'eip155:1'
  const operationType = options.operationType ?? 'receive'
  const incoming = operationType === 'receive' || operationType === 'mint'
  return {
    id: `${options.hash}-${chain}`,
    metadata: {
      operationType,
      hash: options.hash,
      minedAt: options.minedAt,
      sentFrom: incoming ? OTHER : ACCOUNT,
      sentTo: incoming ? ACCOUNT : OTHER,
      status: 'confirmed',
      nonce: 0,
      chain,
    },
    transfers: options.transfers ?? [tokenTransfer('in', '1.5', 'ETH')],
  }
}

/** A tx hash for `n`. */
export const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** An owned NFT on the wire. */
export function wireNft(tokenId: string, imageUrl: string | null = SVG_IMAGE): Record<string, unknown> {
  return { chainId: 'eip155:1', contract: NFT_CONTRACT, tokenId, name: `Dev Collection #${tokenId}`, collection: 'Dev Collection', imageUrl }
}

/** What a stubbed frame-host answers per route; tests change it between calls. */
export interface FrameHostAnswers {
  /** History pages by cursor (`''` for the first page). */
  history: Record<string, { status?: number; body: unknown }>
  nfts: { status?: number; body: unknown }
  /** The on-ramp: frame-host's options (their providers) and each provider's purchases (`?onramp=`). */
  onramp?: { options: unknown; purchases: Record<string, unknown[]> }
}

/**
 * A `fetch` that answers like frame-host: the balance route `BALANCES`, the history route the
 * page of the request's cursor, the NFTs route `answers.nfts`, `/getWallets` no wallets. Every
 * request's URL is recorded in `urls`.
 */
export function frameHostFetch(answers: FrameHostAnswers) {
  const urls: URL[] = []
  const fetch = async (input: string) => {
    const url = new URL(input)
    urls.push(url)
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
    if (url.pathname.endsWith('/balance')) return json(BALANCES)
    if (url.pathname === '/v1/onramp/options' && answers.onramp) return json(answers.onramp.options)
    const provider = url.searchParams.get('onramp')
    if (provider !== null && answers.onramp) return json({ data: answers.onramp.purchases[provider] ?? [], next: null })
    if (url.pathname.endsWith('/history')) {
      const page = answers.history[url.searchParams.get('cursor') ?? '']
      if (!page) return json({ error: { code: 'invalid_params', message: 'Invalid cursor' } }, 400)
      return json(page.body, page.status)
    }
    if (url.pathname.endsWith('/nfts')) return json(answers.nfts.body, answers.nfts.status)
    return json({ data: [], count: 0 })
  }
  return { fetch, urls, history: () => urls.filter((url) => url.pathname.endsWith('/history')) }
}
