// Bundles the wallet-standard test wallets (e2e/wallet/solanaWallet.ts, bitcoinWallet.ts, with
// @solana/kit and @scure/btc-signer) into scripts for `context.addInitScript`.
import { build } from 'esbuild'
import { join } from 'node:path'
import { root } from './servers.mjs'

/** A fixed ed25519 seed for the Solana test wallet: a test key, holding nothing anywhere. */
export const SOLANA_TEST_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
/** A fixed secp256k1 key for the Bitcoin test wallet: a test key, holding nothing anywhere. */
export const BITCOIN_TEST_KEY = '0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d'

const bundles = new Map()

function bundle(file) {
  let pending = bundles.get(file)
  if (!pending) {
    pending = build({
      entryPoints: [join(root, 'e2e/wallet', file)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0].text)
    bundles.set(file, pending)
  }
  return pending
}

/**
 * The init script of the Solana test wallet registered as `name`; it reads its settings from
 * `window.__orielSolanaWallet` (set `reject` there to decline prompts).
 *
 * @param {{ name?: string, reject?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function solanaWalletScript({ name = 'Oriel Solana Test Wallet', reject = false } = {}) {
  const settings = { seed: SOLANA_TEST_SEED, name, reject }
  return `window.__orielSolanaWallet = ${JSON.stringify(settings)};\n${await bundle('solanaWallet.ts')}`
}

/**
 * The init script of the Bitcoin test wallet registered as `name`; it reads its settings from
 * `window.__orielBitcoinWallet`.
 *
 * @param {{ name?: string, reject?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function bitcoinWalletScript({ name = 'Oriel Bitcoin Test Wallet', reject = false } = {}) {
  const settings = { privateKey: BITCOIN_TEST_KEY, name, reject }
  return `window.__orielBitcoinWallet = ${JSON.stringify(settings)};\n${await bundle('bitcoinWallet.ts')}`
}
