// The local Solana cluster's fixed names, free of the SVM so the demo dapp's build can import them.

/** The cluster's genesis hash: base58 of sha256("oriel local solana cluster"), fixed so its CAIP-2
 * id is too (a real cluster's is the hash of its genesis config; this one names the harness). */
export const GENESIS_HASH = 'Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZoBePGWf9nTbLG'
/** The cluster's CAIP-2 reference: the genesis hash's first 32 characters. */
export const CHAIN_REFERENCE = GENESIS_HASH.slice(0, 32)
/** The cluster's CAIP-2 id. */
export const CHAIN_ID = `solana:${CHAIN_REFERENCE}`
/** The devnet token: a USDC-like SPL token. */
export const TOKEN = { symbol: 'dUSDC', name: 'Devnet USD Coin', decimals: 6 }
/** The dUSDC mint: the address of a key fixed by the harness (its keys are public). */
export const MINT = '3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu'
