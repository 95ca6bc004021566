import { base58 } from '@scure/base'
import { addressBytes } from './address'

/** One account an instruction reads or writes. */
export type AccountMeta = { address: string; signer: boolean; writable: boolean }

/** One instruction: the program, its accounts in order, its data. */
export type Instruction = { program: string; accounts: readonly AccountMeta[]; data: Uint8Array }

/** A compact-u16 (shortvec) length. */
function shortVec(length: number): number[] {
  if (!Number.isInteger(length) || length < 0 || length > 0xffff) throw new RangeError(`${length} does not fit a compact-u16`)
  const out: number[] = []
  let rest = length
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) return [...out, byte]
    out.push(byte | 0x80)
  }
}

/**
 * The wire bytes of a legacy message: header (signers, read-only signers, read-only
 * non-signers), the accounts (the fee payer first, then writable signers, read-only signers,
 * writable and read-only others, each in first-use order), the blockhash, the instructions.
 *
 * @example
 * compileMessage({ feePayer, recentBlockhash, instructions: [transferSol({ from, to, lamports: 1n })] })
 */
export function compileMessage({
  feePayer,
  recentBlockhash,
  instructions,
}: {
  feePayer: string
  recentBlockhash: string
  instructions: readonly Instruction[]
}): Uint8Array {
  const metas = new Map<string, { signer: boolean; writable: boolean }>()
  metas.set(feePayer, { signer: true, writable: true })
  const add = (address: string, signer: boolean, writable: boolean) => {
    const known = metas.get(address)
    metas.set(address, { signer: signer || (known?.signer ?? false), writable: writable || (known?.writable ?? false) })
  }
  for (const instruction of instructions) {
    for (const account of instruction.accounts) add(account.address, account.signer, account.writable)
    add(instruction.program, false, false)
  }
  const all = [...metas.entries()]
  const rank = ([, m]: (typeof all)[number]) => (m.signer ? (m.writable ? 0 : 1) : m.writable ? 2 : 3)
  // Array sort is stable: first use decides within a rank; the fee payer is first of rank 0.
  const ordered = all.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
  const keys = ordered.map(({ entry }) => entry[0])
  const signers = ordered.filter(({ entry }) => entry[1].signer)
  const header = [
    signers.length,
    signers.filter(({ entry }) => !entry[1].writable).length,
    ordered.filter(({ entry }) => !entry[1].signer && !entry[1].writable).length,
  ]
  const index = (address: string) => keys.indexOf(address)
  const bytes: number[] = [...header, ...shortVec(keys.length)]
  for (const key of keys) bytes.push(...addressBytes(key))
  const blockhash = base58.decode(recentBlockhash)
  if (blockhash.length !== 32) throw new TypeError(`${recentBlockhash} is not a blockhash`)
  bytes.push(...blockhash, ...shortVec(instructions.length))
  for (const instruction of instructions) {
    bytes.push(index(instruction.program), ...shortVec(instruction.accounts.length))
    for (const account of instruction.accounts) bytes.push(index(account.address))
    bytes.push(...shortVec(instruction.data.length), ...instruction.data)
  }
  return Uint8Array.from(bytes)
}

/**
 * An unsigned transaction: one empty signature per signer, then the message (what
 * `solana_signAndSendTransaction` takes, in base64).
 *
 * @example
 * unsignedTransaction(message) // [1, 0 × 64, …message]
 */
export function unsignedTransaction(message: Uint8Array): Uint8Array {
  const signers = message[0] ?? 0
  const head = shortVec(signers)
  const out = new Uint8Array(head.length + 64 * signers + message.length)
  out.set(head, 0)
  out.set(message, head.length + 64 * signers)
  return out
}
