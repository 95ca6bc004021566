// A Solana browser wallet for the end-to-end tests, injected into the dapp page before its
// scripts run. It registers through wallet-standard's register API and keeps a real ed25519 key
// (@solana/kit); it signs messages and transactions like an extension, remembering per site
// whether the user authorized it, and declines (4001) while `reject` is set.
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
  signTransaction,
} from '@solana/kit'
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { declined, StandardWalletBase, walletIcon } from './standardWallet'

/** Set on `window.__orielSolanaWallet` by the test before this script runs. */
export type SolanaTestWalletConfig = {
  /** The ed25519 private key (32-byte seed), hex. */
  seed: string
  name: string
  reject?: boolean
}

const config = (window as unknown as { __orielSolanaWallet: SolanaTestWalletConfig }).__orielSolanaWallet
/** The clusters it signs for; `solana:localnet` is the local cluster (devnet/solana), as a wallet's developer setting names it. */
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16))

async function start() {
  const keys = await createKeyPairFromPrivateKeyBytes(hexBytes(config.seed))
  const address = await getAddressFromPublicKey(keys.publicKey)
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  const account: WalletAccount = Object.freeze({
    address,
    publicKey,
    chains: CHAINS,
    features: ['solana:signMessage', 'solana:signTransaction'] as const,
  })
  const base = new StandardWalletBase(`${config.name}:authorized`, [account], config)
  /** Only the authorized site, for its account; declined while `reject` is set. */
  const check = (requested: WalletAccount, chain?: string) => {
    if (!base.authorized()) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
    if (requested.address !== address) throw Object.assign(new Error('Unknown account'), { code: 4100 })
    if (chain !== undefined && !(CHAINS as readonly string[]).includes(chain)) {
      throw Object.assign(new Error(`Unsupported chain ${chain}`), { code: 4100 })
    }
    if (config.reject) throw declined()
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: config.name,
    icon: walletIcon('#9945ff'),
    chains: CHAINS,
    get accounts() {
      return base.accounts()
    },
    features: {
      ...base.standardFeatures(),
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ account: requested, message }) => {
              check(requested)
              return { signedMessage: message, signature: new Uint8Array(await signBytes(keys.privateKey, message)) }
            }),
          ),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]) =>
          Promise.all(
            inputs.map(async ({ account: requested, transaction, chain }) => {
              check(requested, chain)
              const signed = await signTransaction([keys], getTransactionDecoder().decode(transaction))
              return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) }
            }),
          ),
      },
    },
  }
  registerWallet(wallet)
}

void start()
