// The Solana and Bitcoin providers of a WalletConnect session against the real thing: WalletConnect's
// sign client on both ends, talking through the loopback relay the browser tests use. The wallet
// holds a real ed25519 key (@solana/kit) and a real secp256k1 key (@scure/btc-signer).
import { secp256k1 } from '@noble/curves/secp256k1'
import { base58, base64, hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, type SignatureBytes, signBytes, verifySignature } from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type Relay } from '@oriel/stack/relay'
import { bitcoin, solana } from '../networks'
import { createWalletConnectConnector, type WalletConnectConnector } from './connector'
import type { SignClientStorage } from './types'

process.env['DISABLE_GLOBAL_CORE'] = 'true'

const SOLANA_SEED = hex.decode('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb')
const BITCOIN_KEY = hex.decode('1e99423a4ed27608a15a2616a2b0e9e52ced330ac530edcc32c8ffc6a526aedd')
const solanaKeys = await createKeyPairFromPrivateKeyBytes(SOLANA_SEED)
const SOL = await getAddressFromPublicKey(solanaKeys.publicKey)
const BTC_PUBLIC_KEY = secp256k1.getPublicKey(BITCOIN_KEY, true)
const BTC = p2wpkh(BTC_PUBLIC_KEY).address!

function memoryStorage(): SignClientStorage {
  const map = new Map<string, unknown>()
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T,>() => [...map.entries()] as [string, T][],
    getItem: async <T,>(key: string) => map.get(key) as T | undefined,
    setItem: async (key, value) => {
      map.set(key, value)
    },
    removeItem: async (key) => {
      map.delete(key)
    },
  }
}

type Wallet = Awaited<ReturnType<typeof SignClient.init>>
let relay: Relay
const wallets: Wallet[] = []
const connectors: WalletConnectConnector[] = []
let declineRequests = false

beforeAll(async () => {
  relay = await startRelay()
})
afterEach(async () => {
  declineRequests = false
  for (const c of connectors.splice(0)) {
    await c.disconnect().catch(() => {})
    await c.destroy()
  }
})
afterAll(async () => {
  for (const wallet of wallets) await wallet.core.relayer.transportClose().catch(() => {})
  await relay.stop()
})

/** Answers the wallet's side of each request, as a wallet app would after the user approved. */
async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case 'solana_signMessage':
      return { signature: base58.encode(new Uint8Array(await signBytes(solanaKeys.privateKey, base58.decode(params.message as string)))) }
    case 'getAccountAddresses':
      return [{ address: BTC, publicKey: hex.encode(BTC_PUBLIC_KEY), path: "m/84'/0'/0'/0/0" }]
    case 'signPsbt': {
      const tx = Transaction.fromPSBT(base64.decode(params.psbt as string))
      for (const { index } of params.signInputs as { index: number }[]) tx.signIdx(BITCOIN_KEY, index)
      return { psbt: base64.encode(tx.toPSBT()) }
    }
    default:
      throw Object.assign(new Error('Unsupported'), { code: 4200 })
  }
}

/** A wallet that approves Solana and Bitcoin accounts on the chains asked for. */
async function startWallet() {
  const wallet = await SignClient.init({
    projectId: 'test',
    relayUrl: relay.url,
    metadata: { name: 'Multichain Wallet', description: 'test', url: 'http://wallet.test', icons: [] },
    storage: memoryStorage(),
    customStoragePrefix: `multichain-wallet-${wallets.length}`,
    telemetryEnabled: false,
    logger: 'silent',
  })
  wallets.push(wallet)
  wallet.on('session_proposal', async ({ id, params }) => {
    const solanaChains = params.optionalNamespaces['solana']?.chains ?? []
    const bitcoinChains = params.optionalNamespaces['bip122']?.chains ?? []
    await wallet.approve({
      id,
      namespaces: {
        solana: {
          chains: solanaChains,
          accounts: solanaChains.map((chain) => `${chain}:${SOL}`),
          methods: ['solana_signMessage', 'solana_signTransaction'],
          events: [],
        },
        bip122: {
          chains: bitcoinChains,
          accounts: bitcoinChains.map((chain) => `${chain}:${BTC}`),
          methods: ['getAccountAddresses', 'signPsbt', 'signMessage'],
          events: [],
        },
      },
    })
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request
    if (declineRequests) {
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: 5000, message: 'User rejected.' } } })
      return
    }
    try {
      const result = await answer(method, args)
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const { code, message } = error as { code: number; message: string }
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
    }
  })
  return wallet
}

async function paired() {
  const wallet = await startWallet()
  const dapp = createWalletConnectConnector({
    projectId: 'test',
    relayUrl: relay.url,
    metadata: { name: 'Lumen', description: 'test dapp', url: 'http://dapp.test', icons: [] },
    networks: [solana, bitcoin],
    defaultNetwork: solana,
    storage: memoryStorage(),
  })
  connectors.push(dapp)
  const connected = dapp.connect()
  await expect.poll(() => dapp.pairing.getSnapshot().pairing?.uri, { timeout: 10_000 }).toMatch(/^wc:/)
  await wallet.pair({ uri: dapp.pairing.getSnapshot().pairing!.uri })
  const connection = await connected
  return { dapp, connection }
}

describe('WalletConnect Solana and Bitcoin providers', () => {
  it('solana_signMessage goes through the relay; the signature verifies with @solana/kit', async () => {
    const { dapp, connection } = await paired()
    expect(connection).toMatchObject({ address: SOL, caipNetworkId: solana.caipNetworkId })
    const provider = dapp.getNamespaceProvider!('solana')!
    expect(await provider.request({ method: 'solana_getAccounts' })).toEqual([{ pubkey: SOL }])
    const message = new TextEncoder().encode('Sign in to Lumen')
    const { signature } = await provider.request({
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: SOL },
    })
    expect(await verifySignature(solanaKeys.publicKey, base58.decode(signature) as SignatureBytes, message)).toBe(true)

    // A method the wallet did not agree to is refused here, and a declined request is typed.
    await expect(
      provider.request({ method: 'solana_signAndSendTransaction', params: { transaction: base64.encode(new Uint8Array(8)) } }),
    ).rejects.toMatchObject({ name: 'UnsupportedMethodError', code: 4200 })
    declineRequests = true
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: SOL } }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001, shortMessage: 'User rejected the request.' })
  })

  it('bip122 getAccountAddresses and signPsbt go through the relay; the PSBT signature finalizes', async () => {
    const { dapp } = await paired()
    const provider = dapp.getNamespaceProvider!('bip122')!
    expect(await provider.request({ method: 'getAccountAddresses' })).toEqual([
      { address: BTC, type: 'payment', publicKey: hex.encode(BTC_PUBLIC_KEY), path: "m/84'/0'/0'/0/0" },
    ])
    const tx = new Transaction()
    tx.addInput({ txid: new Uint8Array(32).fill(7), index: 0, witnessUtxo: { script: p2wpkh(BTC_PUBLIC_KEY).script, amount: 5_000n } })
    tx.addOutputAddress(BTC, 4_000n)
    const { psbt } = await provider.request({
      method: 'signPsbt',
      params: { account: BTC, psbt: base64.encode(tx.toPSBT()), signInputs: [{ address: BTC, index: 0 }] },
    })
    const signed = Transaction.fromPSBT(base64.decode(psbt!))
    expect(hex.encode(signed.getInput(0).partialSig![0]![0])).toBe(hex.encode(BTC_PUBLIC_KEY))
    signed.finalize()
    expect(signed.isFinal).toBe(true)

    await expect(
      provider.request({ method: 'signPsbt', params: { account: 'bc1qnotmine00000000000000000000', psbt: 'AA==', signInputs: [] } }),
    ).rejects.toMatchObject({ name: 'InvalidWalletRequestError', shortMessage: 'Invalid signPsbt request: account is not a connected address' })
  })
})
