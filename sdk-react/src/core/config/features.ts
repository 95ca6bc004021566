/** Social login providers, in the spec's default order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** Ways to connect on the Connect view. */
export type ConnectMethod = 'email' | 'social' | 'wallet'
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']

/** Feature switches (spec §9). */
export interface Features {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  /** Email login through the embedded wallet. */
  email: boolean
  history: boolean
  analytics: boolean
  /** The "All Wallets" entry on the Connect view. */
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  /** Collapse the wallet list behind one "Continue with a wallet" button. */
  collapseWallets: boolean
  pay: boolean
  /** Social providers, in display order; `false` hides social login. */
  socials: readonly SocialProvider[] | false
  /** Order of the Connect view's sections. */
  connectMethodsOrder: readonly ConnectMethod[]
}

export const DEFAULT_FEATURES: Readonly<Features> = Object.freeze({
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  socials: SOCIAL_PROVIDERS,
  connectMethodsOrder: DEFAULT_CONNECT_METHODS_ORDER,
})

/** Fills unset switches with the defaults; unknown socials and methods are dropped. */
export function resolveFeatures(features: Partial<Features> = {}): Features {
  const resolved: Features = { ...DEFAULT_FEATURES }
  for (const [key, value] of Object.entries(features) as [keyof Features, unknown][]) {
    if (value !== undefined) Object.assign(resolved, { [key]: value })
  }
  if (resolved.socials !== false) {
    resolved.socials = unique(resolved.socials.filter(isSocialProvider))
  }
  const methods = unique(resolved.connectMethodsOrder.filter(isConnectMethod))
  resolved.connectMethodsOrder = methods.length > 0 ? methods : DEFAULT_CONNECT_METHODS_ORDER
  return resolved
}

function isSocialProvider(value: unknown): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(value)
}

function isConnectMethod(value: unknown): value is ConnectMethod {
  return value === 'email' || value === 'social' || value === 'wallet'
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}
