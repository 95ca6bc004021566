// Generated from the oriel-protocol crate (http::wallets) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, integer, nullable, object, oneOf, string } from './check'

/**
 * The query of `GET /getWallets`. Every parameter is optional; an empty value counts as not
 * given.
 */
export type WalletsQuery = {
  /** 1-based page, default 1. */
  readonly page?: string
  /** Page size, default 40, at most 100. */
  readonly entries?: string
  /** Comma-separated wallet ids: only those match. */
  readonly include?: string
  /** Comma-separated wallet ids that never match. */
  readonly exclude?: string
  /** Comma-separated CAIP-2 ids: wallets supporting any of them. */
  readonly chains?: string
  /** A case-insensitive part of the name, at most 100 characters. */
  readonly search?: string
  /** `certified` or `none`. */
  readonly badge_type?: string
}

export const checkWalletsQuery: Check<WalletsQuery> = /*#__PURE__*/ object<WalletsQuery>({}, { page: string, entries: string, include: string, exclude: string, chains: string, search: string, badge_type: string })

/** Whether a wallet passed the registry's review. */
export type BadgeType = 'none' | 'certified'

export const checkBadgeType: Check<BadgeType> = /*#__PURE__*/ oneOf(['none', 'certified'])

/** How a wallet app is opened on one platform. */
export type WalletLinks = {
  /** A deep link with the app's own scheme, such as `metamask://`. */
  readonly native: string | null
  /** An `https://` link the operating system hands to the app. */
  readonly universal: string | null
}

export const checkWalletLinks: Check<WalletLinks> = /*#__PURE__*/ object<WalletLinks>({ native: nullable(string), universal: nullable(string) })

/** One wallet of the registry, as the registry file holds it and `/getWallets` answers it. */
export type Wallet = {
  /**
   * 64 lowercase hex digits: the id of `featuredWalletIds`, `includeWalletIds` and
   * `excludeWalletIds`.
   */
  readonly id: string
  /** Its name. */
  readonly name: string
  /** The reverse-DNS id it announces under EIP-6963, if it injects a provider. */
  readonly rdns: string | null
  /** Its image's id, for `/getWalletImage/{image_id}`. */
  readonly image_id: string
  /** Its website. */
  readonly homepage: string
  /** Its rank in lists: lower comes first. */
  readonly order: number
  /** Its review status. */
  readonly badge_type: BadgeType
  /** CAIP-2 ids of the networks it supports. */
  readonly chains: readonly string[]
  /** Its mobile app's links. */
  readonly mobile: WalletLinks
  /** Its desktop app's links. */
  readonly desktop: WalletLinks
  /** Its web app, if it has one. */
  readonly webapp_link: string | null
  /** Its Apple App Store page. */
  readonly app_store: string | null
  /** Its Google Play page. */
  readonly play_store: string | null
  /** Its Chrome Web Store page. */
  readonly chrome_store: string | null
}

export const checkWallet: Check<Wallet> = /*#__PURE__*/ object<Wallet>({ id: string, name: string, rdns: nullable(string), image_id: string, homepage: string, order: integer(0), badge_type: checkBadgeType, chains: array(string), mobile: checkWalletLinks, desktop: checkWalletLinks, webapp_link: nullable(string), app_store: nullable(string), play_store: nullable(string), chrome_store: nullable(string) })

/** The answer of `GET /getWallets`: one page of the matching wallets, in registry order. */
export type WalletsPage = {
  /** The page (empty past the end). */
  readonly data: readonly Wallet[]
  /** How many wallets match in all. */
  readonly count: number
}

export const checkWalletsPage: Check<WalletsPage> = /*#__PURE__*/ object<WalletsPage>({ data: array(checkWallet), count: integer(0) })

/** The answer of `GET /projects/v1/origins`. */
export type OriginsReply = {
  /**
   * The project's allowed origins, as configured (`https://*.example.com` patterns
   * included).
   */
  readonly allowedOrigins: readonly string[]
  /**
   * Whether the asking page's origin (the request's `Origin` header) is one of them; absent
   * when the request names no origin. The SDK reads it to tell a developer at once that
   * their page is not allowed, with no matcher of its own.
   */
  readonly originAllowed?: boolean | null
}

export const checkOriginsReply: Check<OriginsReply> = /*#__PURE__*/ object<OriginsReply>({ allowedOrigins: array(string) }, { originAllowed: nullable(boolean) })
