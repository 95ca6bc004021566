import type { FrameHostService } from '../frameHost/errors'
import { InvalidFrameHostResponseError } from '../frameHost/errors'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import { checkNftsReply, type NftsQuery } from '../frameHost/history.gen'
import { evmAddress, type Fail, imageUrl } from './validate'

/** One NFT an address owns now, from `GET /v1/account/{address}/nfts` (Oriel's route). */
export interface OwnedNft {
  /** CAIP-2 id of the network, e.g. `eip155:31337`. */
  readonly chainId: string
  /** The collection's contract, checksummed. */
  readonly contract: string
  /** The token id as a decimal string. */
  readonly tokenId: string
  /** e.g. `Dev Collection #3`. */
  readonly name: string
  /** e.g. `Dev Collection`. */
  readonly collection: string
  /** `undefined` when unknown (or a scheme the widget does not load). */
  readonly imageUrl: string | undefined
}

/** The NFTs route: its failures' words. */
export const NFTS_SERVICE: FrameHostService = {
  name: 'blockchain',
  unreachable: 'Could not reach the Blockchain API',
  invalid: 'Invalid NFTs response',
}

const fail: Fail = (reason) => {
  throw new InvalidFrameHostResponseError({ service: NFTS_SERVICE, reason })
}

export type GetNftsParameters = {
  /** The owner's EVM address. */
  address: string
  /** CAIP-2 id of the network. */
  chainId: string
}

/**
 * `GET /v1/account/{address}/nfts`: the NFTs the address owns now on one network, spam excluded.
 *
 * @example
 * const nfts = await getNfts(client.frameHost, { address, chainId: 'eip155:31337' })
 */
export function getNfts(frameHost: FrameHost, { address, chainId }: GetNftsParameters): Promise<OwnedNft[]> {
  const query: NftsQuery = { chainId }
  return frameHost.request({ service: NFTS_SERVICE, path: `/v1/account/${encodeURIComponent(address)}/nfts`, query, read: parseNfts })
}

/**
 * Checks the NFTs route's answer against the agreed shape (`NftsReply`) and copies out its
 * fields; anything else throws `InvalidFrameHostResponseError`.
 *
 * @example
 * const nfts = parseNfts(await response.json())
 */
export function parseNfts(body: unknown): OwnedNft[] {
  return parseAnswer(NFTS_SERVICE, checkNftsReply, body).nfts.map((nft, i) => {
    if (!/^\d+$/.test(nft.tokenId)) fail(`nfts[${i}].tokenId is not a decimal number`)
    return {
      chainId: nft.chainId,
      contract: evmAddress(nft.contract, `nfts[${i}].contract`, fail),
      tokenId: nft.tokenId,
      name: nft.name,
      collection: nft.collection,
      imageUrl: imageUrl(nft.imageUrl),
    }
  })
}
