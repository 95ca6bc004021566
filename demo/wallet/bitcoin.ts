// The demo wallet on Bitcoin (bip122): one secp256k1 key (a test key, derived from a fixed
// phrase) with its native segwit (P2WPKH) payment address. It answers getAccountAddresses,
// signs messages the Bitcoin Core way (BIP-137, header for P2WPKH) and signs PSBT inputs with
// @scure/btc-signer. It broadcasts nothing (it has no node of its own): sendTransfer is not
// among its methods, and a signPsbt asking to broadcast is refused.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { base64, hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { type ChainFamily, invalidParams, objectParams, unsupported } from './request'

/** The key: the SHA-256 of a fixed phrase. A test key: it holds nothing anywhere. */
export const BITCOIN_KEY_PHRASE = 'Oriel demo wallet: Bitcoin test key'
const privateKey = sha256(utf8ToBytes(BITCOIN_KEY_PHRASE))
const publicKey = secp256k1.getPublicKey(privateKey, true)
const address = p2wpkh(publicKey).address!

/** The longest message this wallet signs (bytes), as the SDK's limit. */
const MAX_MESSAGE_BYTES = 4_096

function compactSize(n: number): Uint8Array {
  return n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8)
}

/** What Bitcoin Core's `signmessage` signs: sha256d of the magic prefix and the message. */
function messageHash(message: Uint8Array): Uint8Array {
  const prefix = utf8ToBytes('\u0018Bitcoin Signed Message:\n')
  return sha256(sha256(new Uint8Array([...prefix, ...compactSize(message.length), ...message])))
}

function ownAddress(value: unknown, name: string): string {
  if (value !== address) throw invalidParams(`${name} is not ${address}`)
  return address
}

function readPsbt(p: Record<string, unknown>) {
  ownAddress(p.account, 'account')
  if (p.broadcast === true) throw invalidParams('the demo wallet does not broadcast')
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(base64.decode(String(p.psbt)))
  } catch (cause) {
    throw invalidParams(`the PSBT does not decode (${cause instanceof Error ? cause.message : String(cause)})`)
  }
  if (!Array.isArray(p.signInputs) || p.signInputs.length === 0) throw invalidParams('signInputs must list the inputs to sign')
  const inputs = p.signInputs.map((entry, i) => {
    const { address: owner, index, sighashTypes } = objectParams(entry)
    ownAddress(owner, `signInputs[${i}].address`)
    if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= tx.inputsLength) {
      throw invalidParams(`signInputs[${i}].index is not an input of the PSBT`)
    }
    const sighash = Array.isArray(sighashTypes) && typeof sighashTypes[0] === 'number' ? [sighashTypes[0]] : undefined
    return { index: index as number, sighash }
  })
  return { tx, inputs }
}

export const bitcoin: ChainFamily = {
  namespace: 'bip122',
  methods: ['getAccountAddresses', 'signMessage', 'signPsbt'],
  events: [],
  address,
  read(method, params) {
    if (method === 'getAccountAddresses') {
      return { shown: 'Share the payment address and its public key', answer: async () => [{ address, publicKey: hex.encode(publicKey) }] }
    }
    const p = objectParams(params)
    if (method === 'signMessage') {
      ownAddress(p.account, 'account')
      if (p.address !== undefined) ownAddress(p.address, 'address')
      const message = utf8ToBytes(String(p.message ?? ''))
      if (message.length === 0 || message.length > MAX_MESSAGE_BYTES) throw invalidParams(`message must hold 1 to ${MAX_MESSAGE_BYTES} bytes`)
      return {
        shown: String(p.message),
        answer: async () => {
          const signature = secp256k1.sign(messageHash(message), privateKey)
          // BIP-137: header 39 + recovery id marks a P2WPKH address.
          const signed = new Uint8Array([39 + signature.recovery, ...signature.toCompactRawBytes()])
          return { address, signature: base64.encode(signed) }
        },
      }
    }
    if (method === 'signPsbt') {
      const { tx, inputs } = readPsbt(p)
      const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i).amount ?? 0n)
      return {
        shown: `Sign input${inputs.length > 1 ? 's' : ''} ${inputs.map((i) => i.index).join(', ')}\noutputs (sats): ${outputs.join(', ')}`,
        answer: async () => {
          for (const { index, sighash } of inputs) {
            if (!tx.signIdx(privateKey, index, sighash)) throw invalidParams(`input ${index} is not this wallet's to sign`)
          }
          return { psbt: base64.encode(tx.toPSBT()) }
        },
      }
    }
    throw unsupported(method)
  },
}
