import { version } from '../errors/base'
import {
  HttpStatusError,
  InvalidWalletRegistryResponseError,
  WalletRegistryUnreachableError,
} from '../errors/registry'

/** How a wallet app opens on one platform. */
export interface WalletLinks {
  /** Deep link with the app's own scheme, e.g. `metamask://`. */
  readonly native: string | null
  /** An `https://` universal link that opens the app. */
  readonly universal: string | null
}

/** A wallet of frame-host's registry (`GET /getWallets`), fields as the service sends them. */
export interface RegistryWallet {
  /** 64 hex digits: the id `featuredWalletIds`, `includeWalletIds` and `excludeWalletIds` use. */
  readonly id: string
  readonly name: string
  /** The reverse-DNS id the wallet announces under EIP-6963, if it injects a provider. */
  readonly rdns: string | null
  /** Image id, for `/getWalletImage/{image_id}`. */
  readonly image_id: string
  readonly homepage: string
  /** Rank: lower comes first. */
  readonly order: number
  readonly badge_type: WalletBadgeType
  /** CAIP-2 ids of the networks the wallet supports. */
  readonly chains: readonly string[]
  readonly mobile: WalletLinks
  readonly desktop: WalletLinks
  readonly webapp_link: string | null
  readonly app_store: string | null
  readonly play_store: string | null
  readonly chrome_store: string | null
}

export type WalletBadgeType = 'none' | 'certified'

/** The SDK type sent as `st` (spec §7: default `appkit`). */
export const SDK_TYPE = 'appkit'

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

export type GetWalletsReturnType = { data: RegistryWallet[]; count: number }

export type GetWalletsErrorType =
  | HttpStatusError
  | WalletRegistryUnreachableError
  | InvalidWalletRegistryResponseError

/** A client of frame-host's wallet-list service. */
export interface WalletRegistryClient {
  /** `GET /getWallets`: one page of matching wallets and how many match in all. */
  getWallets(parameters?: GetWalletsParameters, options?: { signal?: AbortSignal | undefined }): Promise<GetWalletsReturnType>
  /** The URL of a wallet's image (`GET /getWalletImage/{image_id}`). */
  getWalletImageUrl(imageId: string): string
}

export type CreateWalletRegistryClientParameters = {
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  /** Default: the global `fetch`, read on each call. */
  fetch?: typeof fetch | undefined
}

/**
 * A client of the wallet-list service (spec §7). Every call carries `projectId`, `st` and `sv`.
 * Non-OK answers throw `HttpStatusError` ('HTTP status code: {status}').
 *
 * @example
 * const registry = createWalletRegistryClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const { data, count } = await registry.getWallets({ page: 1, entries: 40, chains: ['eip155:1'] })
 * const src = registry.getWalletImageUrl(data[0].image_id)
 */
export function createWalletRegistryClient(parameters: CreateWalletRegistryClientParameters): WalletRegistryClient {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  const common = () => frameHostQuery(parameters.projectId)

  return {
    async getWallets(p = {}, options = {}) {
      const query = common()
      query.set('page', String(p.page ?? 1))
      if (p.entries !== undefined) query.set('entries', String(p.entries))
      if (p.include?.length) query.set('include', p.include.join(','))
      if (p.exclude?.length) query.set('exclude', p.exclude.join(','))
      if (p.chains?.length) query.set('chains', p.chains.join(','))
      const search = p.search?.trim()
      if (search) query.set('search', search)
      if (p.badgeType) query.set('badge_type', p.badgeType)
      const url = `${base}/getWallets?${query}`
      const body = await fetchFrameHostJson(url, {
        fetch: parameters.fetch,
        signal: options.signal,
        unreachable: (cause) => new WalletRegistryUnreachableError({ url, cause }),
        invalid: (reason) => new InvalidWalletRegistryResponseError({ reason }),
      })
      return parseWallets(body)
    },
    getWalletImageUrl(imageId) {
      return `${base}/getWalletImage/${encodeURIComponent(imageId)}?${common()}`
    },
  }
}

/** The query every frame-host route takes: `projectId`, `st` (SDK type) and `sv` (SDK version). */
export function frameHostQuery(projectId: string): URLSearchParams {
  return new URLSearchParams({ projectId, st: SDK_TYPE, sv: `oriel-react-${version}` })
}

/**
 * GETs `url` from frame-host and returns its JSON body. A failed request throws `unreachable`
 * (unless `signal` aborted it: then the abort), a non-OK answer `HttpStatusError` with frame-host's
 * message, a body that is not JSON `invalid`.
 *
 * @example
 * const body = await fetchFrameHostJson(url, { unreachable: (cause) => new Error('down', { cause }), invalid: (r) => new Error(r) })
 */
export async function fetchFrameHostJson(
  url: string,
  options: {
    fetch?: typeof fetch | undefined
    signal?: AbortSignal | undefined
    unreachable: (cause: unknown) => Error
    invalid: (reason: string) => Error
  },
): Promise<unknown> {
  const fetchFn = options.fetch ?? fetch
  let response: Response
  try {
    response = await fetchFn(url, { signal: options.signal, credentials: 'omit' })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw options.unreachable(cause)
  }
  if (!response.ok) {
    throw new HttpStatusError({ status: response.status, url, message: await errorMessage(response) })
  }
  try {
    return await response.json()
  } catch (cause) {
    throw options.invalid(`not JSON: ${String(cause)}`)
  }
}

/** The message of frame-host's error body `{ error: { code, message } }`, if the answer has one. */
export async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    // frame-host's one error shape: { error: { code, message } }.
    const body = (await response.json()) as { error?: { message?: unknown } }
    const message = body.error?.message
    if (typeof message === 'string') return message
  } catch {
    // not JSON: the status says enough
  }
  return undefined
}

/** Checks the `{ data, count }` shape and each wallet's required fields. */
export function parseWallets(body: unknown): GetWalletsReturnType {
  if (!isObject(body) || !Array.isArray(body['data']) || typeof body['count'] !== 'number') {
    throw new InvalidWalletRegistryResponseError({ reason: 'expected { data: [...], count: number }' })
  }
  const data = body['data'].map((wallet: unknown, index) => {
    if (
      !isObject(wallet) ||
      typeof wallet['id'] !== 'string' ||
      typeof wallet['name'] !== 'string' ||
      typeof wallet['image_id'] !== 'string' ||
      !Array.isArray(wallet['chains'])
    ) {
      throw new InvalidWalletRegistryResponseError({ reason: `wallet ${index} lacks id, name, image_id or chains` })
    }
    return wallet as unknown as RegistryWallet
  })
  return { data, count: body['count'] }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
