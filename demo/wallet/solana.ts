// The demo wallet on Solana: one ed25519 key (a test key, derived from a fixed phrase) signing
// solana_signMessage, solana_signTransaction and solana_signAllTransactions. It sends nothing
// itself (it has no RPC of its own), so solana_signAndSendTransaction is not among its methods.
import { ed25519 } from '@noble/curves/ed25519'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { base58, base64 } from '@scure/base'
import { type ChainFamily, invalidParams, objectParams, unsupported } from './request'

/** The key's seed: the SHA-256 of a fixed phrase. A test key: it holds nothing anywhere. */
export const SOLANA_SEED_PHRASE = 'Oriel demo wallet: Solana test key'
const seed = sha256(utf8ToBytes(SOLANA_SEED_PHRASE))
const publicKey = ed25519.getPublicKey(seed)
const address = base58.encode(publicKey)

/** The most transactions one solana_signAllTransactions signs. */
const MAX_TRANSACTIONS = 16

/** A compact-u16 (Solana's short vector length) at `at`: its value and the offset after it. */
function compactU16(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[at + i]
    if (byte === undefined) throw invalidParams('the transaction ends early')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, at + i + 1]
  }
  throw invalidParams('a length is malformed')
}

/** A wire transaction, read far enough to sign it: its signature slots and its message. */
function readTransaction(text: unknown) {
  if (typeof text !== 'string') throw invalidParams('the transaction must be base64')
  let bytes: Uint8Array
  try {
    bytes = base64.decode(text)
  } catch {
    throw invalidParams('the transaction must be base64')
  }
  const [slots, afterSlots] = compactU16(bytes, 0)
  const messageAt = afterSlots + 64 * slots
  if (messageAt >= bytes.length) throw invalidParams('the transaction ends early')
  const message = bytes.subarray(messageAt)
  // A versioned message starts with 0x80 | version; a legacy one with its header.
  const headerAt = (message[0]! & 0x80) !== 0 ? 1 : 0
  const signers = message[headerAt]
  const [keyCount, keysAt] = compactU16(message, headerAt + 3)
  if (signers === undefined || signers !== slots || keysAt + 32 * keyCount > message.length) {
    throw invalidParams('the transaction is malformed')
  }
  const keys = Array.from({ length: keyCount }, (_, i) => message.subarray(keysAt + 32 * i, keysAt + 32 * (i + 1)))
  const index = keys.slice(0, signers).findIndex((key) => key.every((byte, i) => byte === publicKey[i]))
  if (index < 0) throw invalidParams(`${address} does not sign this transaction`)
  return { bytes, message, keys, slotAt: afterSlots + 64 * index }
}

/** The transaction with this key's signature in its slot. */
function sign(tx: ReturnType<typeof readTransaction>) {
  const signature = ed25519.sign(tx.message, seed)
  const signed = tx.bytes.slice()
  signed.set(signature, tx.slotAt)
  return { signature: base58.encode(signature), transaction: base64.encode(signed) }
}

const describe = (tx: ReturnType<typeof readTransaction>) =>
  `${tx.bytes.length} bytes, accounts:\n${tx.keys.map((key) => `  ${base58.encode(key)}`).join('\n')}`

export const solana: ChainFamily = {
  namespace: 'solana',
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions'],
  events: [],
  address,
  read(method, params) {
    const p = objectParams(params)
    if (method === 'solana_signMessage') {
      if (p.pubkey !== address) throw invalidParams(`pubkey is not ${address}`)
      let message: Uint8Array
      try {
        message = base58.decode(String(p.message))
      } catch {
        throw invalidParams('the message must be base58')
      }
      return {
        shown: new TextDecoder().decode(message),
        answer: async () => ({ signature: base58.encode(ed25519.sign(message, seed)) }),
      }
    }
    if (method === 'solana_signTransaction') {
      const tx = readTransaction(p.transaction)
      return { shown: describe(tx), answer: async () => sign(tx) }
    }
    if (method === 'solana_signAllTransactions') {
      if (!Array.isArray(p.transactions) || p.transactions.length === 0 || p.transactions.length > MAX_TRANSACTIONS) {
        throw invalidParams(`transactions must list 1 to ${MAX_TRANSACTIONS}`)
      }
      const txs = p.transactions.map(readTransaction)
      return {
        shown: txs.map((tx, i) => `Transaction ${i + 1}: ${describe(tx)}`).join('\n'),
        answer: async () => ({ transactions: txs.map((tx) => sign(tx).transaction) }),
      }
    }
    throw unsupported(method)
  },
}
