// In node: @solana/kit signs with WebCrypto, which takes only node's own typed arrays (not jsdom's).
// sendSolana through a wallet-standard wallet holding a real ed25519 key: a wallet that sends
// itself, and one that only signs (the SDK then sends through the cluster reader).
import {
  generateKeyPair,
  getAddressFromPublicKey,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  signTransaction,
  verifySignature,
} from '@solana/kit'
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { beforeAll, describe, expect, it } from 'vitest'
import { createWalletStandardSolanaProvider } from '../../connectors/solanaProvider'
import { UserRejectedRequestError } from '../../errors/wallet'
import { InvalidChainAnswerError } from '../errors'
import { sendSolana } from './send'
import type { SolanaReader } from './rpc'

const TO = 'BPFLoaderUpgradeab1e11111111111111111111111'
const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
const SOL = { contract: undefined, decimals: 9 }

let keys: CryptoKeyPair
let account: WalletAccount

beforeAll(async () => {
  keys = await generateKeyPair()
  const address = await getAddressFromPublicKey(keys.publicKey)
  account = { address, publicKey: new Uint8Array(32), chains: ['solana:localnet'], features: [] }
})

const sign = async (transaction: Uint8Array) =>
  new Uint8Array(getTransactionEncoder().encode(await signTransaction([keys], getTransactionDecoder().decode(transaction))))

/** A wallet with `solana:signTransaction`, and `solana:signAndSendTransaction` when `sends`; `decline` answers 4001. */
function wallet({ sends, decline = false }: { sends: boolean; decline?: boolean }) {
  const calls: string[] = []
  const features: Record<string, unknown> = {
    'solana:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
        calls.push('signTransaction')
        if (decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        return Promise.all(inputs.map(async ({ transaction }) => ({ signedTransaction: await sign(transaction) })))
      },
    },
  }
  if (sends) {
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      signAndSendTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
        calls.push('signAndSendTransaction')
        if (decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        return Promise.all(inputs.map(async ({ transaction }) => ({ signature: (await sign(transaction)).slice(1, 65) })))
      },
    }
  }
  const standard = { version: '1.0.0', name: 'Test', icon: 'data:image/svg+xml;base64,', chains: ['solana:localnet'], accounts: [account], features } as unknown as Wallet
  const provider = createWalletStandardSolanaProvider({ wallet: standard, account: () => account, chain: () => 'solana:localnet' })
  return { provider, calls }
}

/** A cluster that answers the reads of a send and keeps what `sendTransaction` received; `answer` replaces its signature. */
function cluster(answer?: string) {
  const sent: { transaction: Uint8Array; options: unknown }[] = []
  const reader: SolanaReader = {
    async request({ method, params }) {
      const list = params as unknown[]
      if (method === 'getLatestBlockhash') return { context: { slot: 1 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 100 } }
      if (method === 'getSignatureStatuses') return { context: { slot: 2 }, value: [{ slot: 2, err: null, confirmationStatus: 'confirmed' }] }
      if (method === 'sendTransaction') {
        const transaction = base64.decode(list[0] as string)
        sent.push({ transaction, options: list[1] })
        return answer ?? base58.encode(transaction.slice(1, 65))
      }
      throw new Error(`unexpected ${method}`)
    },
  }
  return { reader, sent }
}

describe('sendSolana through a browser wallet', () => {
  it('a wallet with solana:signAndSendTransaction signs and sends; the SDK sends nothing itself', async () => {
    const { provider, calls } = wallet({ sends: true })
    const { reader, sent } = cluster()
    const receipt = await sendSolana({ reader, wallet: provider, from: account.address, to: TO, token: SOL, value: 750_000_000n })
    expect(calls).toEqual(['signAndSendTransaction'])
    expect(sent).toEqual([])
    expect(base58.decode(receipt.transactionHash)).toHaveLength(64)
    expect(receipt.blockNumber).toBe(2n)
  })

  it('a wallet that only signs: the SDK sends its signed transaction to the cluster, signed by the sender', async () => {
    const { provider, calls } = wallet({ sends: false })
    const { reader, sent } = cluster()
    const receipt = await sendSolana({ reader, wallet: provider, from: account.address, to: TO, token: SOL, value: 750_000_000n })
    expect(calls).toEqual(['signTransaction'])
    expect(sent).toHaveLength(1)
    expect(sent[0]?.options).toEqual({ encoding: 'base64', preflightCommitment: 'confirmed' })
    const { messageBytes, signatures } = getTransactionDecoder().decode(sent[0]!.transaction)
    const signature = signatures[account.address as keyof typeof signatures]
    expect(signature).toBeTruthy()
    expect(await verifySignature(keys.publicKey, signature as SignatureBytes, messageBytes as unknown as Uint8Array)).toBe(true)
    expect(receipt.transactionHash).toBe(base58.encode(signature as Uint8Array))
  })

  it("a cluster naming another signature than the wallet's is refused", async () => {
    const { provider } = wallet({ sends: false })
    const { reader } = cluster('5'.repeat(87))
    const error = await sendSolana({ reader, wallet: provider, from: account.address, to: TO, token: SOL, value: 1n }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidChainAnswerError)
    expect((error as InvalidChainAnswerError).details).toContain('sendTransaction')
  })

  it('a declined send is not asked again as a signature', async () => {
    const { provider, calls } = wallet({ sends: true, decline: true })
    const { reader, sent } = cluster()
    const error = await sendSolana({ reader, wallet: provider, from: account.address, to: TO, token: SOL, value: 1n }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(calls).toEqual(['signAndSendTransaction'])
    expect(sent).toEqual([])
  })
})
