// Generated from the oriel-protocol crate (http::onramp) by protocol/tests/typescript.rs.
// Do not edit.

export const ONRAMP_FALLBACK_NETWORK = 'ethereum'

export const DEFAULT_FEE_RANGE = '1-2%'

/** The card on-ramp's networks (spec §9): [EIP-155 chain id, network name]. */
export const ONRAMP_NETWORKS: readonly (readonly [number, string])[] = [[1,"ethereum"],[42161,"arbitrum"],[137,"polygon"],[80094,"berachain"],[43114,"avalanche-c-chain"],[10,"optimism"],[42220,"celo"],[8453,"base"]]

/** The built-in sample on-ramp options (spec §7), as frame-host answers them. */
export const ONRAMP_SAMPLE_OPTIONS = {"provider":"","paymentCurrencies":[{"id":"USD","payment_method_limits":[{"id":"card","min":"10.00","max":"7500.00"},{"id":"ach_bank_account","min":"10.00","max":"25000.00"}]},{"id":"EUR","payment_method_limits":[{"id":"card","min":"10.00","max":"7500.00"},{"id":"ach_bank_account","min":"10.00","max":"25000.00"}]}],"purchaseCurrencies":[{"id":"USDC","name":"USD Coin","symbol":"USDC","networks":[{"name":"ethereum","display_name":"Ethereum","chain_id":"1","contract_address":"0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"},{"name":"base","display_name":"Base","chain_id":"8453","contract_address":"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"},{"name":"polygon","display_name":"Polygon","chain_id":"137","contract_address":"0x3c499c542cef5e3811e1192ce70d8cc03d5c3359"}]},{"id":"ETH","name":"Ether","symbol":"ETH","networks":[{"name":"ethereum","display_name":"Ethereum","chain_id":"1","contract_address":""},{"name":"base","display_name":"Base","chain_id":"8453","contract_address":""},{"name":"arbitrum","display_name":"Arbitrum","chain_id":"42161","contract_address":""},{"name":"optimism","display_name":"Optimism","chain_id":"10","contract_address":""}]},{"id":"SOL","name":"Solana","symbol":"SOL","networks":[{"name":"solana","display_name":"Solana","chain_id":"5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp","contract_address":""}]}],"providers":[],"sample":true} as const
