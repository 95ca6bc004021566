// In node: @solana/kit signs with WebCrypto, which takes only node's own typed arrays (not jsdom's).
import {
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransaction,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit'
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { beforeAll, describe, expect, it } from 'vitest'
import { solanaDevnet } from '../networks'
import { createWalletStandardSolanaProvider, MAX_SOLANA_MESSAGE_BYTES, type SolanaProvider } from './solanaProvider'
import { createWalletStandardConnector } from './walletStandard'

// A wallet-standard Solana wallet holding a real ed25519 key (@solana/kit), as a wallet extension
// would: it signs messages and transactions, or declines with 4001 while `decline` is set.
let keys: CryptoKeyPair
let account: WalletAccount
const seen: { chain?: string | undefined; options?: unknown }[] = []
let decline = false

const declined = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

function makeWallet(features: string[] = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']) {
  const all: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { message: Uint8Array }[]) => {
        if (decline) throw declined()
        return Promise.all(
          inputs.map(async ({ message }) => ({ signedMessage: message, signature: await signBytes(keys.privateKey, message) })),
        )
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: { transaction: Uint8Array; chain?: string }[]) => {
        if (decline) throw declined()
        return Promise.all(
          inputs.map(async ({ transaction, chain }) => {
            seen.push({ chain })
            const signed = await signTransaction([keys], getTransactionDecoder().decode(transaction))
            return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) }
          }),
        )
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      signAndSendTransaction: async (...inputs: { transaction: Uint8Array; chain: string; options?: unknown }[]) => {
        if (decline) throw declined()
        return Promise.all(
          inputs.map(async ({ transaction, chain, options }) => {
            seen.push({ chain, options })
            const signed = await signTransaction([keys], getTransactionDecoder().decode(transaction))
            return { signature: Object.values(signed.signatures)[0] as Uint8Array }
          }),
        )
      },
    },
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Kit Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [account],
    features: Object.fromEntries(Object.entries(all).filter(([name]) => name === 'standard:connect' || features.includes(name))),
  }
  return wallet
}

/** A v0 transaction paid by the wallet's account, as base64 wire bytes (no signature yet). */
async function unsignedTransaction() {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(account.address as never, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'), lastValidBlockHeight: 100n },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const utf8 = (text: string) => new TextEncoder().encode(text)

beforeAll(async () => {
  keys = await generateKeyPair()
  const address = await getAddressFromPublicKey(keys.publicKey)
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  account = { address, publicKey: raw, chains: ['solana:mainnet', 'solana:devnet'], features: ['solana:signMessage'] }
})

async function connected(features?: string[]): Promise<SolanaProvider> {
  const connector = createWalletStandardConnector(makeWallet(features), 'solana')
  expect(connector.getNamespaceProvider?.('solana')).toBeUndefined()
  await connector.connect({ caipNetworkId: solanaDevnet.caipNetworkId })
  expect(connector.getNamespaceProvider?.('bip122')).toBeUndefined()
  return connector.getNamespaceProvider!('solana')!
}

describe('Solana provider over wallet-standard', () => {
  it('signs a message with the connected key: the signature verifies with @solana/kit', async () => {
    const provider = await connected()
    const message = utf8('Welcome to Lumen')
    const { signature } = await provider.request({
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: account.address },
    })
    expect(await verifySignature(keys.publicKey, base58.decode(signature) as SignatureBytes, message)).toBe(true)
    expect(await provider.request({ method: 'solana_getAccounts' })).toEqual([{ pubkey: account.address }])
  })

  it('signs a transaction on the connected cluster and returns the fee payer signature', async () => {
    const provider = await connected()
    seen.length = 0
    const { signature, transaction } = await provider.request({
      method: 'solana_signTransaction',
      params: { transaction: await unsignedTransaction() },
    })
    expect(seen).toEqual([{ chain: 'solana:devnet' }])
    const signed = getTransactionDecoder().decode(base64.decode(transaction))
    const bytes = signed.signatures[account.address as never] as Uint8Array
    expect(base58.encode(bytes)).toBe(signature)
    expect(await verifySignature(keys.publicKey, bytes as SignatureBytes, signed.messageBytes)).toBe(true)
  })

  it('signs and sends with the checked send options', async () => {
    const provider = await connected()
    seen.length = 0
    const { signature } = await provider.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: await unsignedTransaction(), sendOptions: { preflightCommitment: 'confirmed', maxRetries: 2 } },
    })
    expect(base58.decode(signature)).toHaveLength(64)
    expect(seen).toEqual([{ chain: 'solana:devnet', options: { preflightCommitment: 'confirmed', maxRetries: 2 } }])
  })

  it("a declined request is UserRejectedRequestError, 'User rejected the request.' (4001)", async () => {
    const provider = await connected()
    decline = true
    try {
      await expect(
        provider.request({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: account.address } }),
      ).rejects.toMatchObject({ name: 'UserRejectedRequestError', shortMessage: 'User rejected the request.', code: 4001 })
    } finally {
      decline = false
    }
  })

  it('a feature the wallet lacks is UnsupportedMethodError (4200)', async () => {
    const provider = await connected(['solana:signMessage'])
    await expect(
      provider.request({ method: 'solana_signTransaction', params: { transaction: await unsignedTransaction() } }),
    ).rejects.toMatchObject({
      name: 'UnsupportedMethodError',
      code: 4200,
      shortMessage: 'Unsupported method: solana_signTransaction',
      details: 'Kit Wallet does not implement solana:signTransaction.',
    })
    await expect(provider.request({ method: 'solana_signIn' as never })).rejects.toMatchObject({ code: 4200 })
  })

  it('rejects bad input before the wallet sees it', async () => {
    const provider = await connected()
    const cases: [unknown, string][] = [
      [{ message: '0OIl', pubkey: account.address }, 'Invalid solana_signMessage request: message is not valid base58'],
      [
        { message: base58.encode(new Uint8Array(MAX_SOLANA_MESSAGE_BYTES + 8).fill(255)), pubkey: account.address },
        `Invalid solana_signMessage request: message exceeds ${MAX_SOLANA_MESSAGE_BYTES} bytes`,
      ],
      [{ message: '3yZe7d', pubkey: 'not-an-address' }, 'Invalid solana_signMessage request: pubkey is not a Solana address'],
      [
        { message: '3yZe7d', pubkey: '11111111111111111111111111111111' },
        'Invalid solana_signMessage request: pubkey 11111111111111111111111111111111 is not the connected account',
      ],
    ]
    for (const [params, shortMessage] of cases) {
      await expect(provider.request({ method: 'solana_signMessage', params: params as never })).rejects.toMatchObject({
        name: 'InvalidWalletRequestError',
        code: -32602,
        shortMessage,
      })
    }
    await expect(
      provider.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: await unsignedTransaction(), sendOptions: { preflightCommitment: 'safe' } },
      }),
    ).rejects.toMatchObject({
      shortMessage:
        'Invalid solana_signAndSendTransaction request: preflightCommitment must be one of processed, confirmed, finalized, recent, single, singleGossip, root, max',
    })
    await expect(
      provider.request({ method: 'solana_signTransaction', params: { transaction: base64.encode(new Uint8Array(1236)) } }),
    ).rejects.toMatchObject({ shortMessage: 'Invalid solana_signTransaction request: transaction exceeds 1232 bytes' })
  })

  it('once the wallet revoked the account, a request is WalletDisconnectedError', async () => {
    const provider = createWalletStandardSolanaProvider({
      wallet: makeWallet(),
      account: () => undefined,
      chain: () => 'solana:devnet',
    })
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: account.address } }),
    ).rejects.toMatchObject({ name: 'WalletDisconnectedError', code: 4100, shortMessage: 'Address or auth connector not found' })
    await expect(provider.request({ method: 'solana_getAccounts' })).resolves.toEqual([])
  })
})
