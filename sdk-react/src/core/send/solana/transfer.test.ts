import { getProgramDerivedAddress, address as kitAddress, getAddressEncoder } from '@solana/addresses'
import { getCompiledTransactionMessageDecoder } from '@solana/transaction-messages'
import { getTransactionDecoder } from '@solana/transactions'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { ASSOCIATED_TOKEN_PROGRAM, associatedTokenAddress, isOnCurve, addressBytes, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './address'
import { unsignedTransaction } from './message'
import { buildSolanaTransfer } from './transfer'

const FROM = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const TO = 'BPFLoaderUpgradeab1e11111111111111111111111'
const MINT = '3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu'
const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'

/** The message as @solana/transaction-messages reads it; a legacy one. */
function decode(message: Uint8Array) {
  const decoded = getCompiledTransactionMessageDecoder().decode(message)
  if (decoded.version !== 'legacy') throw new Error(`expected a legacy message, got version ${decoded.version}`)
  return decoded
}

async function kitAta(owner: string, mint: string) {
  const encoder = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({
    programAddress: kitAddress(ASSOCIATED_TOKEN_PROGRAM),
    seeds: [encoder.encode(kitAddress(owner)), encoder.encode(kitAddress(TOKEN_PROGRAM)), encoder.encode(kitAddress(mint))],
  })
  return pda as string
}

describe('the program ids', () => {
  it('are the published ones (an unknown associated-token program once left an SPL send unanswered)', () => {
    expect(ASSOCIATED_TOKEN_PROGRAM).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS)
    expect(TOKEN_PROGRAM).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(SYSTEM_PROGRAM).toBe(SYSTEM_PROGRAM_ADDRESS)
  })
})

describe('associatedTokenAddress', () => {
  it('matches @solana/addresses for several owners, and is off the curve', async () => {
    for (const owner of [FROM, TO, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T']) {
      const ata = associatedTokenAddress({ owner, mint: MINT, tokenProgram: TOKEN_PROGRAM })
      expect(ata).toBe(await kitAta(owner, MINT))
      expect(isOnCurve(addressBytes(ata))).toBe(false)
    }
  })

  it('rejects what is not a 32-byte address', () => {
    expect(() => associatedTokenAddress({ owner: '1111', mint: MINT, tokenProgram: TOKEN_PROGRAM })).toThrow('is not a Solana address')
  })
})

describe('buildSolanaTransfer', () => {
  it('builds a System transfer of SOL that @solana/transaction-messages decodes', () => {
    const message = buildSolanaTransfer({ from: FROM, to: TO, value: 1_500_000_000n, recentBlockhash: BLOCKHASH })
    const decoded = decode(message)
    expect(decoded.header).toEqual({ numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 })
    expect(decoded.staticAccounts).toEqual([FROM, TO, SYSTEM_PROGRAM])
    expect(decoded.lifetimeToken).toBe(BLOCKHASH)
    expect(decoded.instructions).toHaveLength(1)
    const [transfer] = decoded.instructions
    expect(transfer?.programAddressIndex).toBe(2)
    expect(transfer?.accountIndices).toEqual([0, 1])
    // Transfer = 2 (u32 LE), lamports 1.5e9 (u64 LE).
    expect([...(transfer?.data ?? [])]).toEqual([2, 0, 0, 0, 0x00, 0x2f, 0x68, 0x59, 0, 0, 0, 0])
  })

  it('builds create-ATA (idempotent) then TransferChecked for an SPL token', async () => {
    const message = buildSolanaTransfer({
      from: FROM,
      to: TO,
      value: 2_500_000n,
      mint: { address: MINT, decimals: 6, tokenProgram: TOKEN_PROGRAM },
      recentBlockhash: BLOCKHASH,
    })
    const decoded = decode(message)
    const source = await kitAta(FROM, MINT)
    const destination = await kitAta(TO, MINT)
    expect(decoded.header).toEqual({ numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 5 })
    expect(decoded.staticAccounts).toEqual([FROM, destination, source, TO, MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM, ASSOCIATED_TOKEN_PROGRAM])
    const [create, transfer] = decoded.instructions
    const keys = decoded.staticAccounts as string[]
    expect(keys[create?.programAddressIndex ?? -1]).toBe(ASSOCIATED_TOKEN_PROGRAM)
    expect(create?.accountIndices?.map((i: number) => keys[i])).toEqual([FROM, destination, TO, MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM])
    expect([...(create?.data ?? [])]).toEqual([1])
    expect(keys[transfer?.programAddressIndex ?? -1]).toBe(TOKEN_PROGRAM)
    expect(transfer?.accountIndices?.map((i: number) => keys[i])).toEqual([source, MINT, destination, FROM])
    // TransferChecked = 12, amount 2_500_000 (u64 LE), decimals 6.
    expect([...(transfer?.data ?? [])]).toEqual([12, 0xa0, 0x25, 0x26, 0, 0, 0, 0, 0, 6])
  })

  it('wraps the message as an unsigned transaction with one empty signature', () => {
    const message = buildSolanaTransfer({ from: FROM, to: TO, value: 1n, recentBlockhash: BLOCKHASH })
    const transaction = getTransactionDecoder().decode(unsignedTransaction(message))
    expect(Object.keys(transaction.signatures)).toEqual([FROM])
    expect(transaction.signatures[kitAddress(FROM)]).toBeNull()
    expect([...transaction.messageBytes]).toEqual([...message])
  })

  it('refuses amounts that do not fit a u64 and a bad blockhash', () => {
    expect(() => buildSolanaTransfer({ from: FROM, to: TO, value: 1n << 64n, recentBlockhash: BLOCKHASH })).toThrow('does not fit a u64')
    expect(() => buildSolanaTransfer({ from: FROM, to: TO, value: 1n, recentBlockhash: '1111' })).toThrow('is not a blockhash')
  })
})
