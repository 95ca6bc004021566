// What the Buy view offers an account: the providers that deliver to its namespace, the assets
// with a network for its chain (else on Ethereum, spec §9's fallback, for an EVM account), the
// payment methods' limits (spec §9), and the checks of a typed amount against them.
import { ONRAMP_FALLBACK_NETWORK, ONRAMP_SAMPLE_OPTIONS } from '../../codec/onramp.gen'
import type { OnrampOptions, OnrampProvider, PaymentMethodLimit, PurchaseCurrency, PurchaseNetwork } from './parse'

/** The namespaces the on-ramp delivers to (spec §9). */
export const ONRAMP_NAMESPACES = ['eip155', 'solana'] as const

/** The built-in sample options (spec §7), as frame-host answers them: the SDK's own fallback when frame-host cannot be reached. */
export const SAMPLE_OPTIONS: OnrampOptions = ONRAMP_SAMPLE_OPTIONS as unknown as OnrampOptions

/** The namespace a purchase network delivers to: EIP-155 chain ids are numbers. */
function namespaceOf(network: PurchaseNetwork): string {
  return /^\d+$/.test(network.chain_id) ? 'eip155' : 'solana'
}

/**
 * Where `currency` is delivered for an account on `caipNetworkId`: its network for that chain,
 * else Ethereum for an EVM account (spec §9 "fallback ethereum"); `undefined` when neither.
 *
 * @example
 * purchaseNetworkFor(eth, 'eip155:8453')?.name // 'base'
 */
export function purchaseNetworkFor(currency: PurchaseCurrency, caipNetworkId: string): PurchaseNetwork | undefined {
  const [namespace = '', reference = ''] = caipNetworkId.split(':')
  const exact = currency.networks.find((n) => n.chain_id === reference && namespaceOf(n) === namespace)
  if (exact || namespace !== 'eip155') return exact
  return currency.networks.find((n) => n.name === ONRAMP_FALLBACK_NETWORK)
}

/** The assets an account on `caipNetworkId` can buy, those delivered on its own chain first. */
export function purchasableOn(options: OnrampOptions, caipNetworkId: string): PurchaseCurrency[] {
  const reference = caipNetworkId.split(':')[1]
  const offered = options.purchaseCurrencies.filter((c) => purchaseNetworkFor(c, caipNetworkId))
  const own = (c: PurchaseCurrency) => (purchaseNetworkFor(c, caipNetworkId)?.chain_id === reference ? 0 : 1)
  return offered.sort((a, b) => own(a) - own(b))
}

/** The providers that deliver to `namespace`. */
export function providersFor(options: OnrampOptions, namespace: string): OnrampProvider[] {
  return options.providers.filter((p) => (p.namespaces as readonly string[]).includes(namespace))
}

/** How the view names a payment method. */
export function methodName(id: string): string {
  if (id === 'card') return 'Card'
  if (id === 'ach_bank_account') return 'Bank account'
  return id.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}

/** A decimal as cents (two fraction digits at most); `undefined` otherwise. */
export function toCents(text: string): bigint | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return undefined
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** Cents as `7,500.00`. */
export function formatFiat(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** A limit's decimal (`7500.00`, `10`) as `7,500.00`; the text itself if it is no decimal. */
export function formatLimit(text: string): string {
  const whole = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (!whole) return text
  return formatFiat(BigInt(whole[1] ?? '0') * 100n + BigInt((whole[2] ?? '').slice(0, 2).padEnd(2, '0')))
}

/**
 * Why `amount` (fiat, as typed) cannot be paid with `limit` in `currency`, or `undefined` when
 * it can: 'Enter an amount', 'Enter an amount with at most 2 decimals', 'At least 10.00 USD by
 * card', 'At most 7,500.00 USD by card'.
 *
 * @example
 * amountProblem('5', { id: 'card', min: '10.00', max: '7500.00' }, 'USD') // 'At least 10.00 USD by card'
 */
export function amountProblem(amount: string, limit: PaymentMethodLimit | undefined, currency: string): string | undefined {
  if (amount.trim() === '') return 'Enter an amount'
  const cents = toCents(amount)
  if (cents === undefined) return 'Enter an amount with at most 2 decimals'
  if (cents === 0n) return 'Enter an amount above 0'
  if (!limit) return undefined
  const method = methodName(limit.id).toLowerCase()
  const min = toCents(limit.min)
  const max = toCents(limit.max)
  if (min !== undefined && cents < min) return `At least ${formatLimit(limit.min)} ${currency} by ${method}`
  if (max !== undefined && cents > max) return `At most ${formatLimit(limit.max)} ${currency} by ${method}`
  return undefined
}
