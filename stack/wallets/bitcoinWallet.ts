// A Bitcoin browser wallet for the end-to-end tests, injected into the dapp page before its
// scripts run. It registers through wallet-standard's register API with the Bitcoin features
// (bitcoin:connect for its payment address, bitcoin:signMessage, bitcoin:signTransaction) and
// keeps a real secp256k1 key: its native segwit (P2WPKH) address and PSBT signatures come from
// @scure/btc-signer, its messages are signed the Bitcoin Core way (BIP-137 header for P2WPKH).
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { StandardWalletBase, walletIcon } from './standardWallet'

/** Set on `window.__orielBitcoinWallet` by the test before this script runs. */
export type BitcoinTestWalletConfig = {
  /** The secp256k1 private key, hex. */
  privateKey: string
  name: string
  reject?: boolean
}

const config = (window as unknown as { __orielBitcoinWallet: BitcoinTestWalletConfig }).__orielBitcoinWallet
const CHAINS = ['bitcoin:mainnet'] as const
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16))

const privateKey = hexBytes(config.privateKey)
const publicKey = secp256k1.getPublicKey(privateKey, true)
const address = p2wpkh(publicKey).address!
const account: WalletAccount = Object.freeze({
  address,
  publicKey,
  chains: CHAINS,
  features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
})
const base = new StandardWalletBase(`${config.name}:authorized`, [account], config)

/** Bitcoin's CompactSize length prefix (messages here stay below 0xfd bytes or use the 3-byte form). */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  throw new RangeError('message too long for this wallet')
}

/** The hash Bitcoin Core signs for `signmessage`: sha256d of the magic prefix and the message. */
function messageHash(message: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode('\u0018Bitcoin Signed Message:\n')
  const data = new Uint8Array([...prefix, ...compactSize(message.length), ...message])
  return sha256(sha256(data))
}

/** Only the authorized site, for its account; declined (4001) while `reject` is set. */
function check(requested: WalletAccount) {
  if (!base.authorized()) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
  if (requested.address !== address) throw Object.assign(new Error('Unknown account'), { code: 4100 })
  if (config.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
}

const wallet: Wallet = {
  version: '1.0.0',
  name: config.name,
  icon: walletIcon('#f7931a'),
  chains: CHAINS,
  get accounts() {
    return base.accounts()
  },
  features: {
    ...base.standardFeatures(),
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async ({ purposes }: { purposes: string[] }) => ({
        // Its one address is a payment address; a request for ordinals only gets none.
        accounts: purposes.includes('payment') ? base.authorize() : [],
      }),
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
        inputs.map(({ account: requested, message }) => {
          check(requested)
          const signature = secp256k1.sign(messageHash(message), privateKey)
          // BIP-137: header 39 + recovery id marks a P2WPKH address.
          const header = 39 + signature.recovery
          return { signedMessage: message, signature: new Uint8Array([header, ...signature.toCompactRawBytes()]) }
        }),
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      signTransaction: async (
        ...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[] }[]
      ) =>
        inputs.map(({ psbt, inputsToSign }) => {
          const tx = Transaction.fromPSBT(psbt)
          for (const { account: requested, signingIndexes, sigHash } of inputsToSign) {
            check(requested)
            for (const index of signingIndexes) {
              if (!tx.signIdx(privateKey, index, sigHash === undefined ? undefined : [sigHash])) {
                throw new Error(`input ${index} is not this wallet's to sign`)
              }
            }
          }
          return { signedPsbt: tx.toPSBT() }
        }),
    },
  },
}

registerWallet(wallet)
