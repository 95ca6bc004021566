// The demo's PSBT for the Bitcoin wallet card, in its own chunk: @scure/btc-signer loads with the
// first PSBT, not with the page.
import { base64, hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'

/** The demo's PSBT amounts (satoshis): a 10 000 sat coin paying 9 000 back to the same address. */
const DEMO_INPUT_SATS = 10_000n
const DEMO_OUTPUT_SATS = 9_000n
/** The made-up coin's transaction id. */
const DEMO_COIN_TXID = '4c756d656e2064656d6f20636f696e0000000000000000000000000000000001'

/**
 * A PSBT spending one made-up coin of `address` back to itself: enough to show the wallet's
 * signature, never broadcast (the coin does not exist).
 */
export function demoPsbt(publicKey: Uint8Array, address: string): string {
  const payment = p2wpkh(publicKey)
  if (payment.address !== address) throw new Error('The wallet’s public key does not match its address')
  const tx = new Transaction()
  tx.addInput({
    txid: hex.decode(DEMO_COIN_TXID),
    index: 0,
    witnessUtxo: { script: payment.script, amount: DEMO_INPUT_SATS },
  })
  tx.addOutputAddress(address, DEMO_OUTPUT_SATS)
  return base64.encode(tx.toPSBT())
}
