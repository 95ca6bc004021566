// WalletConnect on Solana and Bitcoin end to end, offline: the demo dapp pairs with the demo
// wallet through the loopback relay; the wallet shares accounts on the eip155, solana and bip122
// chains the dapp proposed; after a network switch the demo signs through the SDK's WalletConnect
// Solana and Bitcoin providers, each request approved in the wallet's own prompt. The keys are
// worked out here from the wallet's fixed phrases, and every signature is checked with other code
// than the wallet's (@solana/kit, bitcoinjs-message, @scure/btc-signer's sighash).
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, type SignatureBytes, verifySignature } from '@solana/kit'
import { base58, base64 } from '@scure/base'
import { p2wpkh } from '@scure/btc-signer'
import { closeModal, switchNetwork } from '@oriel/stack/widget'
import bitcoinMessage from 'bitcoinjs-message'
import type { Page } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectDemoPsbtSigned } from './support/bitcoinChecks'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'
const phraseKey = (phrase: string) => sha256(new TextEncoder().encode(phrase))
const solanaKeys = await createKeyPairFromPrivateKeyBytes(phraseKey('Oriel demo wallet: Solana test key'))
const SOLANA_ADDRESS = await getAddressFromPublicKey(solanaKeys.publicKey)
const BITCOIN_PUBLIC_KEY = secp256k1.getPublicKey(phraseKey('Oriel demo wallet: Bitcoin test key'), true)
const BITCOIN_ADDRESS = p2wpkh(BITCOIN_PUBLIC_KEY).address!
/** Hardhat's account #1: the demo wallet's eip155 account. */
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let dapp: Page
let wallet: Page

const newPage = (url: string) => chromium.newPage(url)

beforeAll(async () => {
  dapp = await newPage(urls.demo)
  await dapp.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await dapp.getByRole('button', { name: /^WalletConnect/ }).click()
  const qr = dapp.getByTestId('wc-qr')
  await qr.waitFor({ timeout: 20_000 })
  const uri = (await qr.getAttribute('data-uri'))!
  wallet = await newPage(`${urls.wallet}/?uri=${encodeURIComponent(uri)}`)
})
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    console.error(`${task.name}: the dapp at failure:\n${await dapp.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
    console.error(`the wallet at failure:\n${await wallet.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
  }
})

const address = () => dapp.getByTestId('demo-address')
const card = (title: string) => dapp.getByRole('region', { name: title })

/** Moves the dapp to `network` from the Account view, then closes the modal. */
async function switchTo(network: string) {
  await switchNetwork(dapp, network)
  await closeModal(dapp)
}

/** Approves the wallet's next prompt for `method`, after checking what it shows. */
async function signInWallet(method: string, shown?: string) {
  await wallet.getByRole('heading', { name: `${method} request` }).waitFor({ timeout: 20_000 })
  if (shown !== undefined) expect(await wallet.locator('.prompt pre').textContent()).toBe(shown)
  await wallet.getByRole('button', { name: 'Sign' }).click()
}

describe('WalletConnect on Solana and Bitcoin', () => {
  it('the demo wallet approves the eip155, solana and bip122 namespaces the dapp proposed', async () => {
    const prompt = wallet.locator('.prompt pre')
    await wallet.getByRole('heading', { name: 'Connect to Lumen?' }).waitFor({ timeout: 20_000 })
    expect(await prompt.textContent()).toMatch(/^http.*\neip155: .*\nsolana: .*\nbip122: /)
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => wallet.getByTestId('wallet-status').textContent()).toBe('Connected to Lumen')
    expect(await wallet.getByTestId('wallet-sessions').textContent()).toContain('eip155, solana, bip122')
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toBe(EVM_ADDRESS)
  })

  it('on Solana the dapp shows the wallet’s Solana address, and solana_signMessage verifies with @solana/kit', async () => {
    await switchTo('Solana')
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toBe(SOLANA_ADDRESS)
    await card('Try the Solana wallet').getByRole('button', { name: 'Sign message' }).click()
    await signInWallet('solana_signMessage', MESSAGE)
    const signature = card('Try the Solana wallet').getByTestId('demo-solana-signature')
    await signature.waitFor({ timeout: 20_000 })
    const bytes = base58.decode((await signature.textContent()) ?? '') as SignatureBytes
    const encode = (text: string) => new TextEncoder().encode(text)
    expect(await verifySignature(solanaKeys.publicKey, bytes, encode(MESSAGE))).toBe(true)
    expect(await verifySignature(solanaKeys.publicKey, bytes, encode(`${MESSAGE}!`))).toBe(false)
  })

  it("a request rejected in the wallet shows 4001 'User rejected the request.'", async () => {
    const solana = card('Try the Solana wallet')
    await solana.getByRole('button', { name: 'Sign message' }).click()
    await wallet.getByRole('heading', { name: 'solana_signMessage request' }).waitFor({ timeout: 20_000 })
    await wallet.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => solana.getByTestId('demo-error').textContent(), { timeout: 20_000 }).toBe('4001: User rejected the request.')
  })

  it('on Bitcoin the dapp shows the payment address, and signMessage verifies with bitcoinjs-message', async () => {
    await switchTo('Bitcoin')
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toBe(BITCOIN_ADDRESS)
    const bitcoin = card('Try the Bitcoin wallet')
    await bitcoin.getByRole('button', { name: 'Sign message' }).click()
    await signInWallet('signMessage', MESSAGE)
    const signature = bitcoin.getByTestId('demo-bitcoin-signature')
    await signature.waitFor({ timeout: 20_000 })
    const value = (await signature.textContent()) ?? ''
    expect(base64.decode(value)).toHaveLength(65)
    expect(bitcoinMessage.verify(MESSAGE, BITCOIN_ADDRESS, value)).toBe(true)
    expect(bitcoinMessage.verify(`${MESSAGE}!`, BITCOIN_ADDRESS, value)).toBe(false)
  })

  it('signPsbt: the wallet shares its public key, then signs the input against the BIP-143 sighash', async () => {
    const bitcoin = card('Try the Bitcoin wallet')
    await bitcoin.getByRole('button', { name: 'Sign PSBT' }).click()
    await signInWallet('getAccountAddresses')
    await signInWallet('signPsbt', 'Sign input 0\noutputs (sats): 9000')
    const psbt = bitcoin.getByTestId('demo-bitcoin-psbt')
    await psbt.waitFor({ timeout: 20_000 })
    expectDemoPsbtSigned((await psbt.textContent()) ?? '', BITCOIN_PUBLIC_KEY)
  })

  it('back on Ethereum the session’s eip155 account returns, with no new pairing', async () => {
    await switchTo('Ethereum')
    await expect.poll(() => address().textContent(), { timeout: 20_000 }).toBe(EVM_ADDRESS)
    expect(await wallet.getByTestId('wallet-sessions').getByRole('listitem').count()).toBe(1)
  })
})
