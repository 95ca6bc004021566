// Types of constants.mjs, for TypeScript importers outside devnet/ (the SDK's tests).
export const GENESIS_HASH: string
export const CHAIN_REFERENCE: string
export const CHAIN_ID: `solana:${string}`
export const TOKEN: { symbol: string; name: string; decimals: number }
export const MINT: string
