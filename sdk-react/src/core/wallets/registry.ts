import type { FrameHost } from '../frameHost/transport'
import { parseAnswer } from '../frameHost/transport'
import type { FrameHostService } from '../frameHost/errors'
import type { QueryClient } from '../query/queryClient'
import { type BadgeType, type Wallet, type WalletLinks, checkWalletsPage } from '../frameHost/wallets.gen'

/** How a wallet app opens on one platform. */
export type { WalletLinks }

/** A wallet of frame-host's registry (`GET /getWallets`), fields as the service sends them. */
export type RegistryWallet = Wallet

export type WalletBadgeType = BadgeType

/** The wallet-list service: its failures' words. */
export const WALLETS_SERVICE: FrameHostService = {
  name: 'wallets',
  unreachable: 'Could not reach the wallet list',
  invalid: 'Invalid wallet list response',
}

export type GetWalletsParameters = {
  /** 1-based. Default 1. */
  page?: number | undefined
  /** Page size; the service caps it at 100. Default 40. */
  entries?: number | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids: wallets supporting any of them. */
  chains?: readonly string[] | undefined
  /** Case-insensitive part of the name. */
  search?: string | undefined
  badgeType?: WalletBadgeType | undefined
}

export type GetWalletsReturnType = { data: readonly RegistryWallet[]; count: number }

export type { FrameHostErrorType as GetWalletsErrorType } from '../frameHost/errors'

/** A client of frame-host's wallet-list service. */
export interface WalletRegistryClient {
  /** `GET /getWallets`: one page of matching wallets and how many match in all. */
  getWallets(parameters?: GetWalletsParameters, options?: { signal?: AbortSignal | undefined }): Promise<GetWalletsReturnType>
  /** The URL of a wallet's image (`GET /getWalletImage/{image_id}`). */
  getWalletImageUrl(imageId: string): string
}

const list = (ids: readonly string[] | undefined) => (ids?.length ? ids.join(',') : undefined)

/**
 * A client of the wallet-list service (spec §7) over a frame-host client. Non-OK answers throw
 * `HttpStatusError` ('HTTP status code: {status}').
 *
 * @example
 * const registry = createWalletRegistryClient(createFrameHost({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' }))
 * const { data, count } = await registry.getWallets({ page: 1, entries: 40, chains: ['eip155:1'] })
 * const src = registry.getWalletImageUrl(data[0].image_id)
 */
export function createWalletRegistryClient(frameHost: FrameHost): WalletRegistryClient {
  return {
    getWallets(p = {}, options = {}) {
      return frameHost.request({
        service: WALLETS_SERVICE,
        path: '/getWallets',
        query: {
          page: p.page ?? 1,
          entries: p.entries,
          include: list(p.include),
          exclude: list(p.exclude),
          chains: list(p.chains),
          search: p.search?.trim() || undefined,
          badge_type: p.badgeType,
        },
        signal: options.signal,
        read: parseWallets,
      })
    },
    getWalletImageUrl(imageId) {
      return frameHost.url(`/getWalletImage/${encodeURIComponent(imageId)}`)
    },
  }
}

/** Checks the `{ data, count }` shape (`WalletsPage`); another shape throws `InvalidFrameHostResponseError`. */
export function parseWallets(body: unknown): GetWalletsReturnType {
  return parseAnswer(WALLETS_SERVICE, checkWalletsPage, body)
}

/**
 * `registry` with its answers kept in the client's query cache for the page's lifetime (a page,
 * a search: the registry changes rarely), one read at a time per query.
 *
 * @example
 * const registry = cachedWalletRegistry(createWalletRegistryClient(client.frameHost), client.query)
 */
export function cachedWalletRegistry(registry: WalletRegistryClient, query: QueryClient): WalletRegistryClient {
  return {
    getWallets(parameters = {}, options = {}) {
      const read = (signal: AbortSignal) => registry.getWallets(parameters, { signal })
      return query.fetch({ key: ['wallets', JSON.stringify(parameters)], read, staleMs: Number.POSITIVE_INFINITY }, options)
    },
    getWalletImageUrl: registry.getWalletImageUrl,
  }
}
