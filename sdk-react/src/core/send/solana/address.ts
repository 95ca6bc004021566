import { ed25519 } from '@noble/curves/ed25519'
import { sha256 } from '@noble/hashes/sha2'
import { base58 } from '@scure/base'

/** The System program (transfers of SOL, account creation). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** The SPL Token program. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Token-2022 program. */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS5EPFoSNfuEHsuAcE4x1CkQ'
/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress')

/**
 * The 32 bytes of a base58 Solana address.
 *
 * @example
 * addressBytes('11111111111111111111111111111111') // Uint8Array(32) of zeros
 */
export function addressBytes(address: string): Uint8Array {
  const bytes = base58.decode(address)
  if (bytes.length !== 32) throw new TypeError(`${address} is not a Solana address`)
  return bytes
}

/** Whether 32 bytes are a point of ed25519 (a key that can sign): program addresses must not be. */
export function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes)
    return true
  } catch {
    // fromHex throws exactly when the bytes decode to no curve point: that is the answer, not a failure.
    return false
  }
}

/**
 * The program-derived address of `seeds` under `program`: the first bump from 255 down whose
 * sha256(seeds ‖ bump ‖ program ‖ 'ProgramDerivedAddress') is off the curve.
 *
 * @example
 * findProgramAddress([owner, TOKEN_PROGRAM, mint].map(addressBytes), ASSOCIATED_TOKEN_PROGRAM)
 */
export function findProgramAddress(seeds: readonly Uint8Array[], program: string): string {
  const programBytes = addressBytes(program)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256.create()
    for (const seed of seeds) hash.update(seed)
    hash.update(Uint8Array.of(bump)).update(programBytes).update(PDA_MARKER)
    const candidate = hash.digest()
    if (!isOnCurve(candidate)) return base58.encode(candidate)
  }
  throw new Error(`no program address for these seeds under ${program}`)
}

/**
 * The associated token account of `owner` for `mint` (held by `tokenProgram`).
 *
 * @example
 * associatedTokenAddress({ owner, mint: '3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu', tokenProgram: TOKEN_PROGRAM })
 */
export function associatedTokenAddress({ owner, mint, tokenProgram }: { owner: string; mint: string; tokenProgram: string }): string {
  return findProgramAddress([addressBytes(owner), addressBytes(tokenProgram), addressBytes(mint)], ASSOCIATED_TOKEN_PROGRAM)
}
