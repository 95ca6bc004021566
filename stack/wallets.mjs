// The browser wallets the stack injects into a page (`context.addInitScript`) before its scripts
// run, each bundled with its libraries from stack/wallets/: an EVM wallet announced with EIP-6963
// (testWallet.ts, a viem account), and a Solana and a Bitcoin wallet registered through
// wallet-standard (solanaWallet.ts with @solana/kit, bitcoinWallet.ts with @scure/btc-signer).
// Each reads its settings from a `window` global set in front of its bundle.
import { build } from 'esbuild'
import { join } from 'node:path'
import { root } from './ports.mjs'

/** Hardhat's account #0 of the well-known test mnemonic: funded on the devnet, public everywhere. */
export const DEVNET_ACCOUNT = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}
/** A fixed ed25519 seed for the Solana test wallet: a test key, holding nothing anywhere. */
export const SOLANA_TEST_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
/** A fixed secp256k1 key for the Bitcoin test wallet: a test key, holding nothing anywhere. */
export const BITCOIN_TEST_KEY = '0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d'

/** @type {Map<string, Promise<string>>} */
const bundles = new Map()

/** `stack/wallets/{file}` with its libraries, as one script that sets `global` to `settings` first. */
async function walletScript(file, global, settings) {
  let pending = bundles.get(file)
  if (!pending) {
    pending = build({
      entryPoints: [join(root, 'stack/wallets', file)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0].text)
    bundles.set(file, pending)
  }
  return `window.${global} = ${JSON.stringify(settings)};\n${await pending}`
}

/**
 * The init script of the EIP-6963 test wallet announced as `name`/`rdns`, holding hardhat's
 * account #0 and talking to the devnet at `rpcUrl`; it reads its settings from
 * `window.__orielTestWallet` (set `reject` there to decline prompts).
 *
 * @param {{ rpcUrl: string, name?: string, rdns?: string, reject?: boolean }} options
 * @returns {Promise<string>}
 */
export function testWalletScript({ rpcUrl, name = 'Oriel Test Wallet', rdns = 'dev.oriel.testwallet', reject = false }) {
  return walletScript('testWallet.ts', '__orielTestWallet', { privateKey: DEVNET_ACCOUNT.privateKey, rpcUrl, name, rdns, reject })
}

/**
 * The init script of the Solana test wallet registered as `name`; it reads its settings from
 * `window.__orielSolanaWallet` (set `reject` there to decline prompts).
 *
 * @param {{ name?: string, reject?: boolean }} [options]
 * @returns {Promise<string>}
 */
export function solanaWalletScript({ name = 'Oriel Solana Test Wallet', reject = false } = {}) {
  return walletScript('solanaWallet.ts', '__orielSolanaWallet', { seed: SOLANA_TEST_SEED, name, reject })
}

/**
 * The init script of the Bitcoin test wallet registered as `name`; it reads its settings from
 * `window.__orielBitcoinWallet`.
 *
 * @param {{ name?: string, reject?: boolean }} [options]
 * @returns {Promise<string>}
 */
export function bitcoinWalletScript({ name = 'Oriel Bitcoin Test Wallet', reject = false } = {}) {
  return walletScript('bitcoinWallet.ts', '__orielBitcoinWallet', { privateKey: BITCOIN_TEST_KEY, name, reject })
}

/**
 * Injects the EIP-6963 test wallet into every page `context` opens from now on.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ rpcUrl: string, name?: string, rdns?: string, reject?: boolean }} options
 */
export async function addTestWallet(context, options) {
  await context.addInitScript({ content: await testWalletScript(options) })
}
