import { associatedTokenAddress } from './address'
import { createAssociatedTokenAccountIdempotent, transferChecked, transferSol } from './instructions'
import { compileMessage } from './message'

export type BuildSolanaTransferParameters = {
  /** The sender, also the fee payer. */
  from: string
  /** The receiver's wallet address (for a token, the owner of the receiving account). */
  to: string
  /** Base units: lamports, or the token's smallest unit. */
  value: bigint
  /** The SPL mint; `undefined` for SOL. */
  mint?: { address: string; decimals: number; tokenProgram: string } | undefined
  recentBlockhash: string
}

/**
 * The message of a Solana send: SOL is one System transfer; a token is the receiver's
 * associated token account created if missing (idempotent), then TransferChecked from the
 * sender's associated account with the mint's decimals.
 *
 * @example
 * buildSolanaTransfer({ from, to, value: 1_000_000_000n, recentBlockhash })
 */
export function buildSolanaTransfer({ from, to, value, mint, recentBlockhash }: BuildSolanaTransferParameters): Uint8Array {
  if (!mint) return compileMessage({ feePayer: from, recentBlockhash, instructions: [transferSol({ from, to, lamports: value })] })
  const { tokenProgram } = mint
  const source = associatedTokenAddress({ owner: from, mint: mint.address, tokenProgram })
  const destination = associatedTokenAddress({ owner: to, mint: mint.address, tokenProgram })
  return compileMessage({
    feePayer: from,
    recentBlockhash,
    instructions: [
      createAssociatedTokenAccountIdempotent({ payer: from, account: destination, owner: to, mint: mint.address, tokenProgram }),
      transferChecked({ source, mint: mint.address, destination, owner: from, amount: value, decimals: mint.decimals, tokenProgram }),
    ],
  })
}
