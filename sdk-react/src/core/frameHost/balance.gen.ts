// Generated from the oriel-protocol crate (http::blockchain) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, nullable, number, object, string } from './check'

/** The query of `GET /v1/account/{address}/balance`. */
export type BalanceQuery = {
  /** The currency of the prices; only `usd` (the default). */
  readonly currency?: string
  /** One configured network of the address's family (CAIP-2); without it, every one. */
  readonly chainId?: string
  /** Read the chain even when frame-host's 30 s cache has the balances. */
  readonly forceUpdate?: boolean
}

export const checkBalanceQuery: Check<BalanceQuery> = /*#__PURE__*/ object<BalanceQuery>({}, { currency: string, chainId: string, forceUpdate: boolean })

/** An amount of a token, exact. */
export type Quantity = {
  /** The token's decimals, as a string (`"18"`). */
  readonly decimals: string
  /**
   * The amount in whole tokens as a decimal string, exact, without trailing zeros
   * (`"1.5"`, `"10000"`).
   */
  readonly numeric: string
}

export const checkQuantity: Check<Quantity> = /*#__PURE__*/ object<Quantity>({ decimals: string, numeric: string })

/** One balance (spec §3 "Token balance"). */
export type TokenBalance = {
  /** The token's name, such as `Ether`. */
  readonly name: string
  /** Its symbol, such as `ETH`. */
  readonly symbol: string
  /** The network's CAIP-2 id. */
  readonly chainId: string
  /** `chain:address` of a token contract (address lowercased); absent for the native coin. */
  readonly address?: string
  /** `quantity.numeric × price`; `null` when the price is unknown. */
  readonly value: number | null
  /** The price of one whole token in the request's currency; `null` when unknown. */
  readonly price: number | null
  /** How much the account holds. */
  readonly quantity: Quantity
  /** The token's icon, if the operator configured one. */
  readonly iconUrl?: string
  /**
   * The network's own coin, or a token the operator lists (`[[tokens]]`); `false` for any
   * other contract the account received, which may be a counterfeit of a listed token
   * (issue 38, L-9: the widget marks it "Unverified").
   */
  readonly verified: boolean
}

export const checkTokenBalance: Check<TokenBalance> = /*#__PURE__*/ object<TokenBalance>({ name: string, symbol: string, chainId: string, value: nullable(number), price: nullable(number), quantity: checkQuantity, verified: boolean }, { address: string, iconUrl: string })

/**
 * The answer of `GET /v1/account/{address}/balance`: the account's non-zero balances of the
 * network's native coin, the operator's listed tokens and the other ERC-20s it received
 * (unverified; tokens with 0 decimals are never listed, spec §5).
 */
export type BalanceReply = {
  /**
   * The balances: per network in request order, the native coin first, then the listed
   * tokens in configuration order.
   */
  readonly balances: readonly TokenBalance[]
}

export const checkBalanceReply: Check<BalanceReply> = /*#__PURE__*/ object<BalanceReply>({ balances: array(checkTokenBalance) })

/**
 * The answer of `GET /v1/supported-chains`: the CAIP-2 ids of the networks frame-host
 * serves, over HTTP and over WebSocket.
 */
export type SupportedChainsReply = {
  /** Networks reachable over HTTP(S) JSON-RPC, in configuration order. */
  readonly http: readonly string[]
  /** Networks reachable over WebSocket JSON-RPC. */
  readonly ws: readonly string[]
}

export const checkSupportedChainsReply: Check<SupportedChainsReply> = /*#__PURE__*/ object<SupportedChainsReply>({ http: array(string), ws: array(string) })

/** `POST /v1/fungible/price`. */
export type FungiblePriceRequest = {
  /** The project; when given it must be the `projectId` of the query. */
  readonly projectId?: string
  /** The currency of the prices; only `usd` (the default). */
  readonly currency?: string
  /**
   * The assets, each `namespace:reference:address` (such as
   * `eip155:1:0xa0b8…`) or a CAIP-19 asset id (such as `eip155:1/slip44:60`); at most
   * `MAX_PRICE_ADDRESSES`.
   */
  readonly addresses: readonly string[]
}

export const checkFungiblePriceRequest: Check<FungiblePriceRequest> = /*#__PURE__*/ object<FungiblePriceRequest>({ addresses: array(string) }, { projectId: string, currency: string })

/** The price of one asset. */
export type FungiblePrice = {
  /** The address as the request wrote it. */
  readonly address: string
  /**
   * The price of one whole token in the request's currency; `null` when the price source
   * has none (never 0 for unknown).
   */
  readonly price: number | null
}

export const checkFungiblePrice: Check<FungiblePrice> = /*#__PURE__*/ object<FungiblePrice>({ address: string, price: nullable(number) })

/**
 * The answer of `POST /v1/fungible/price`: one entry per requested address, in request
 * order.
 */
export type FungiblePriceReply = {
  /** The prices. */
  readonly fungibles: readonly FungiblePrice[]
}

export const checkFungiblePriceReply: Check<FungiblePriceReply> = /*#__PURE__*/ object<FungiblePriceReply>({ fungibles: array(checkFungiblePrice) })
