import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from './address'
import type { Instruction } from './message'

const U64_MAX = (1n << 64n) - 1n

function u64le(value: bigint): number[] {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${value} does not fit a u64`)
  return Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn))
}

/**
 * The System program's Transfer (index 2, then lamports as u64 little-endian).
 *
 * @example
 * transferSol({ from, to, lamports: 1_000_000_000n })
 */
export function transferSol({ from, to, lamports }: { from: string; to: string; lamports: bigint }): Instruction {
  return {
    program: SYSTEM_PROGRAM,
    accounts: [
      { address: from, signer: true, writable: true },
      { address: to, signer: false, writable: true },
    ],
    data: Uint8Array.from([2, 0, 0, 0, ...u64le(lamports)]),
  }
}

/**
 * The Associated Token Account program's CreateIdempotent (data `[1]`): creates `account`, the
 * ATA of `owner` for `mint`, unless it exists.
 *
 * @example
 * createAssociatedTokenAccountIdempotent({ payer, account, owner, mint, tokenProgram })
 */
export function createAssociatedTokenAccountIdempotent(parameters: {
  payer: string
  account: string
  owner: string
  mint: string
  tokenProgram: string
}): Instruction {
  const { payer, account, owner, mint, tokenProgram } = parameters
  return {
    program: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: payer, signer: true, writable: true },
      { address: account, signer: false, writable: true },
      { address: owner, signer: false, writable: false },
      { address: mint, signer: false, writable: false },
      { address: SYSTEM_PROGRAM, signer: false, writable: false },
      { address: tokenProgram, signer: false, writable: false },
    ],
    data: Uint8Array.of(1),
  }
}

/**
 * The token program's TransferChecked (index 12, amount u64 little-endian, decimals u8).
 *
 * @example
 * transferChecked({ source, mint, destination, owner, amount: 1_500_000n, decimals: 6, tokenProgram })
 */
export function transferChecked(parameters: {
  source: string
  mint: string
  destination: string
  owner: string
  amount: bigint
  decimals: number
  tokenProgram: string
}): Instruction {
  const { source, mint, destination, owner, amount, decimals, tokenProgram } = parameters
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new RangeError(`${decimals} is not a token's decimals`)
  return {
    program: tokenProgram,
    accounts: [
      { address: source, signer: false, writable: true },
      { address: mint, signer: false, writable: false },
      { address: destination, signer: false, writable: true },
      { address: owner, signer: true, writable: false },
    ],
    data: Uint8Array.from([12, ...u64le(amount), decimals]),
  }
}
