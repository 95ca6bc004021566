// Bundles e2e/wallet/testWallet.ts (and viem) into one script for `context.addInitScript`.
import { build } from 'esbuild'
import { join } from 'node:path'
import { root } from './servers.mjs'

/** Hardhat's account #0 of the well-known test mnemonic: funded on the devnet, public everywhere. */
export const DEVNET_ACCOUNT = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}

let bundled

/**
 * The init script of a test wallet announced as `name`/`rdns` and talking to the devnet at
 * `rpcUrl`. The script reads its settings from `window.__orielTestWallet`.
 *
 * @param {{ rpcUrl: string, name?: string, rdns?: string, reject?: boolean }} options
 * @returns {Promise<string>}
 */
export async function testWalletScript({ rpcUrl, name = 'Oriel Test Wallet', rdns = 'dev.oriel.testwallet', reject = false }) {
  bundled ??= build({
    entryPoints: [join(root, 'e2e/wallet/testWallet.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text)
  const settings = { privateKey: DEVNET_ACCOUNT.privateKey, rpcUrl, name, rdns, reject }
  return `window.__orielTestWallet = ${JSON.stringify(settings)};\n${await bundled}`
}
