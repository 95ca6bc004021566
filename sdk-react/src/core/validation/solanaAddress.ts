const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * A Solana address (spec §5): 32 to 44 base58 characters.
 *
 * @example
 * isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 * isSolanaAddress('0OIl') // false
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && BASE58_32_TO_44.test(value)
}
