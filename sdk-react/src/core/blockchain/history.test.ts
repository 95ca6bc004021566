import { describe, expect, it } from 'vitest'
import { ACCOUNT, type FrameHostAnswers, frameHostFetch, hash, nftTransfer, SVG_IMAGE, tokenTransfer, wireNft, wireTransaction } from '../../test/history'
import { testFrameHost } from '../../test/frameHost'
import { HttpStatusError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { getHistory, parseHistory } from './history'
import { getNfts, parseNfts } from './nfts'

// biome-ignore lint/suspicious/noExplicitAny: the cases below break the raw wire JSON at any depth
const tx = (patch: (t: Record<string, any>) => void = () => {}) => {
  const t = wireTransaction({ hash: hash(1), minedAt: '2026-11-23T20:00:00Z', transfers: [tokenTransfer('in', '1.5', 'dUSD', 'https://example.com/d.png'), nftTransfer('in', 'Dev Collection #3')] })
  patch(t)
  return { data: [t], next: 'c2' }
}

describe('parseHistory', () => {
  it('reads the agreed shape into the fields the widget uses', () => {
    const page = parseHistory(tx())
    expect(page.next).toBe('c2')
    expect(page.data[0]).toEqual({
      id: `${hash(1)}-eip155:1`,
      metadata: {
        operationType: 'receive',
        hash: hash(1),
        minedAt: '2026-11-23T20:00:00Z',
        sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        sentTo: ACCOUNT,
        status: 'confirmed',
        nonce: 0,
        chain: 'eip155:1',
      },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '1.5', decimals: '6' },
          value: null,
          price: null,
          fungible: { name: 'dUSD', symbol: 'dUSD', iconUrl: 'https://example.com/d.png', verified: true },
          nft: undefined,
          hidden: undefined,
        },
        {
          direction: 'in',
          quantity: { numeric: '1', decimals: '0' },
          value: null,
          price: null,
          fungible: undefined,
          nft: { name: 'Dev Collection #3', imageUrl: SVG_IMAGE, isSpam: false },
          hidden: undefined,
        },
      ],
    })
    expect(parseHistory({ data: [], next: null })).toEqual({ data: [], next: undefined })
  })

  it('reads an unverified token and why a transfer is hidden (issue 38, L-9)', () => {
    const page = parseHistory(
      tx((t) => {
        t.transfers[0].fungible_info.verified = false
        t.transfers[0].hidden = 'lookAlike'
      }),
    )
    const [fake, nft] = page.data[0]!.transfers
    expect([fake?.fungible?.verified, fake?.hidden, nft?.hidden]).toEqual([false, 'lookAlike', undefined])
  })

  it('shows no image for a null icon or content, nor for a scheme the widget does not load', () => {
    const page = parseHistory(
      tx((t) => {
        t.transfers[0].fungible_info.icon = null
        t.transfers[1].nft_info.content = null
      }),
    )
    expect(page.data[0]!.transfers.map((t) => t.fungible?.iconUrl ?? t.nft?.imageUrl)).toEqual([undefined, undefined])
    const odd = parseHistory(
      tx((t) => {
        t.transfers[0].fungible_info.icon.url = 'javascript:alert(1)'
        t.transfers[1].nft_info.content.preview.url = 'ipfs://Qm'
      }),
    )
    expect(odd.data[0]!.transfers.map((t) => t.fungible?.iconUrl ?? t.nft?.imageUrl)).toEqual([undefined, undefined])
  })

  it.each([
    ['not an object', null],
    ['no data', { next: null }],
    ['data not an array', { data: {}, next: null }],
    ['a numeric cursor', { data: [], next: 3 }],
    ['an unknown operation type', tx((t) => (t.metadata.operationType = 'swap'))],
    ['a date that is not one', tx((t) => (t.metadata.minedAt = 'yesterday'))],
    ['a negative nonce', tx((t) => (t.metadata.nonce = -1))],
    ['a nonce as text', tx((t) => (t.metadata.nonce = '3'))],
    ['a sender that is not an address', tx((t) => (t.metadata.sentFrom = '0x12'))],
    ['no chain', tx((t) => delete t.metadata.chain)],
    ['transfers not an array', tx((t) => (t.transfers = null))],
    ['an unknown direction', tx((t) => (t.transfers[0].direction = 'sideways'))],
    ['a quantity as a number', tx((t) => (t.transfers[0].quantity.numeric = 1.5))],
    ['a negative quantity', tx((t) => (t.transfers[0].quantity.numeric = '-1'))],
    ['decimals that are not digits', tx((t) => (t.transfers[0].quantity.decimals = 'six'))],
    ['a value as text', tx((t) => (t.transfers[0].value = '1.5'))],
    ['fungible_info null', tx((t) => (t.transfers[0].fungible_info = null))],
    ['a symbol missing', tx((t) => delete t.transfers[0].fungible_info.symbol)],
    ['is_spam missing', tx((t) => (t.transfers[1].nft_info.flags = {}))],
    ['verified missing', tx((t) => delete t.transfers[0].fungible_info.verified)],
    ['an unknown hidden reason', tx((t) => (t.transfers[0].hidden = 'suspicious'))],
    ['more than 100 transactions', { data: Array.from({ length: 101 }, () => tx().data[0]), next: null }],
  ])('rejects %s with InvalidFrameHostResponseError', (_, body) => {
    expect(() => parseHistory(body)).toThrow(InvalidFrameHostResponseError)
  })
})

describe('parseNfts', () => {
  it('reads the agreed shape; a null image is none', () => {
    expect(parseNfts({ nfts: [wireNft('3'), wireNft('4', null)] })).toEqual([
      { chainId: 'eip155:1', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '3', name: 'Dev Collection #3', collection: 'Dev Collection', imageUrl: SVG_IMAGE },
      { chainId: 'eip155:1', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '4', name: 'Dev Collection #4', collection: 'Dev Collection', imageUrl: undefined },
    ])
  })

  it.each([
    ['not an object', 'nfts'],
    ['no list', {}],
    ['a token id that is not decimal', { nfts: [{ ...wireNft('3'), tokenId: '0x3' }] }],
    ['a token id as a number', { nfts: [{ ...wireNft('3'), tokenId: 3 }] }],
    ['a contract that is not an address', { nfts: [{ ...wireNft('3'), contract: 'dev' }] }],
    ['no name', { nfts: [{ ...wireNft('3'), name: undefined }] }],
    ['more than 200', { nfts: Array.from({ length: 201 }, (_, i) => wireNft(String(i))) }],
  ])('rejects %s with InvalidFrameHostResponseError', (_, body) => {
    expect(() => parseNfts(body)).toThrow(InvalidFrameHostResponseError)
  })
})

describe('the Blockchain API client: history and NFTs', () => {
  const answers: FrameHostAnswers = {
    history: { '': { body: { data: [], next: 'abc' } }, 'abc/=+': { body: { data: [], next: null } } },
    nfts: { body: { nfts: [wireNft('3')] } },
  }

  it('asks the history route for one chain with the common query, then the next page by cursor', async () => {
    const host = frameHostFetch(answers)
    const api = testFrameHost(host.fetch as typeof fetch, 'http://127.0.0.1:8787/')
    expect(await getHistory(api, { address: ACCOUNT, chainId: 'eip155:31337' })).toEqual({ data: [], next: 'abc' })
    expect(await getHistory(api, { address: ACCOUNT, chainId: 'eip155:31337', cursor: 'abc/=+' })).toEqual({ data: [], next: undefined })
    const [first, second] = host.urls
    expect(first!.origin + first!.pathname).toBe(`http://127.0.0.1:8787/v1/account/${ACCOUNT}/history`)
    expect(Object.fromEntries(first!.searchParams)).toMatchObject({ projectId: 'demo', st: 'appkit', chainId: 'eip155:31337' })
    expect(first!.searchParams.get('sv')).toMatch(/^oriel-react-/)
    expect(first!.searchParams.has('cursor')).toBe(false)
    expect(second!.searchParams.get('cursor')).toBe('abc/=+')
  })

  it('asks the NFTs route for one chain; a non-OK answer is an HttpStatusError, garbage an InvalidFrameHostResponseError', async () => {
    const host = frameHostFetch(answers)
    const api = testFrameHost(host.fetch as typeof fetch, 'http://127.0.0.1:8787')
    expect((await getNfts(api, { address: ACCOUNT, chainId: 'eip155:1' }))[0]?.tokenId).toBe('3')
    expect(host.urls[0]!.pathname).toBe(`/v1/account/${ACCOUNT}/nfts`)
    expect(host.urls[0]!.searchParams.get('chainId')).toBe('eip155:1')
    answers.nfts = { body: { error: { code: 'invalid_params', message: 'Unsupported chainId' } }, status: 400 }
    await expect(getNfts(api, { address: ACCOUNT, chainId: 'eip155:1' })).rejects.toThrow(HttpStatusError)
    answers.nfts = { body: { nfts: 'none' } }
    await expect(getNfts(api, { address: ACCOUNT, chainId: 'eip155:1' })).rejects.toThrow(InvalidFrameHostResponseError)
    await expect(getHistory(api, { address: ACCOUNT, chainId: 'eip155:1', cursor: 'garbled' })).rejects.toThrow(HttpStatusError)
  })
})
