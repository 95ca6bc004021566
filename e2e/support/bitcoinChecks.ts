// Checks of a Bitcoin wallet's answers made with other code than the wallet's: the demo PSBT's
// input signature against the BIP-143 sighash (@scure/btc-signer's preimage, noble's verifier).
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import { OutScript, p2wpkh, SigHash, Transaction } from '@scure/btc-signer'
import { expect } from 'vitest'

/**
 * Expects `psbt` (base64) to be the demo's PSBT (one coin of `publicKey`'s P2WPKH address paying
 * 9,000 sats back to it) with input 0 signed SIGHASH_ALL by `publicKey`, and to finalize.
 */
export function expectDemoPsbtSigned(psbt: string, publicKey: Uint8Array) {
  const signed = Transaction.fromPSBT(base64.decode(psbt))
  expect(signed.inputsLength).toBe(1)
  expect(signed.getOutput(0).amount).toBe(9_000n)
  expect(OutScript.decode(signed.getOutput(0).script!)).toEqual(OutScript.decode(p2wpkh(publicKey).script))
  const input = signed.getInput(0)
  const [[signer, derWithHashType]] = input.partialSig as [Uint8Array, Uint8Array][]
  expect(hex.encode(signer!)).toBe(hex.encode(publicKey))
  expect(derWithHashType!.at(-1)).toBe(SigHash.ALL)
  // P2WPKH signs the BIP-143 digest with the P2PKH script of the key as the script code.
  const scriptCode = OutScript.encode({ type: 'pkh', hash: p2wpkh(publicKey).hash })
  const digest = signed.preimageWitnessV0(0, scriptCode, SigHash.ALL, input.witnessUtxo!.amount)
  const signature = secp256k1.Signature.fromDER(derWithHashType!.slice(0, -1))
  expect(secp256k1.verify(signature, digest, publicKey)).toBe(true)
  signed.finalize()
  expect(signed.extract().length).toBeGreaterThan(100)
}
