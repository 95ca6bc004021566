import { BaseError } from '../errors/base'
import { asArray, asEvmAddress, asImageUrl, asObject, asString, type Fail } from './validate'

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

/** The NFTs route answered something other than `{ nfts: [...] }`. */
export class InvalidNftsResponseError extends BaseError {
  override name = 'InvalidNftsResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid NFTs response', { details: reason })
  }
}

const fail: Fail = (reason) => {
  throw new InvalidNftsResponseError({ reason })
}

/** frame-host sends at most 200 NFTs. */
const MAX_NFTS = 200

/**
 * Checks the NFTs route's answer against the agreed shape and copies out its fields; anything
 * else throws `InvalidNftsResponseError`.
 *
 * @example
 * const nfts = parseNfts(await response.json())
 */
export function parseNfts(body: unknown): OwnedNft[] {
  const answer = asObject(body, 'the answer', fail)
  return asArray(answer.nfts, 'nfts', fail, MAX_NFTS).map((entry, i) => {
    const at = `nfts[${i}]`
    const nft = asObject(entry, at, fail)
    const tokenId = asString(nft.tokenId, `${at}.tokenId`, fail, 78)
    if (!/^\d+$/.test(tokenId)) fail(`${at}.tokenId is not a decimal number`)
    return {
      chainId: asString(nft.chainId, `${at}.chainId`, fail, 64),
      contract: asEvmAddress(nft.contract, `${at}.contract`, fail),
      tokenId,
      name: asString(nft.name, `${at}.name`, fail),
      collection: asString(nft.collection, `${at}.collection`, fail),
      imageUrl: asImageUrl(nft.imageUrl, `${at}.imageUrl`, fail),
    }
  })
}
