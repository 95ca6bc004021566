// The local Solana cluster through @solana/kit's RPC client, as the wallet and the tests use it.
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  devnet as testCluster,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAIN_ID, GENESIS_HASH } from './cluster.mjs'
import { MAX_BODY_BYTES, startSolanaDevnet } from './server.mjs'

const SOL = 1_000_000_000n
let devnet: Awaited<ReturnType<typeof startSolanaDevnet>>
// A test cluster's RPC: it has requestAirdrop.
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof testCluster>>>

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  rpc = createSolanaRpc(testCluster(devnet.url))
})
afterAll(() => devnet?.stop())

async function funded(sol = 2n) {
  const signer = await generateKeyPairSigner()
  await rpc.requestAirdrop(signer.address, lamports(sol * SOL)).send()
  return signer
}

async function signed(payer: TransactionSigner, instructions: Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return signTransactionMessageWithSigners(message)
}

async function raw(body: unknown) {
  const response = await fetch(devnet.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { error: { code: number; message: string; data?: unknown } } }
}

async function faucet(address: Address, amount: string) {
  const response = await fetch(`${devnet.url}/faucet/token`, { method: 'POST', body: JSON.stringify({ address, amount }) })
  return { status: response.status, body: (await response.json()) as { error?: string; signature?: string } }
}

describe('the local Solana cluster', () => {
  it('names itself by a fixed genesis hash, its CAIP-2 id the first 32 characters', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(GENESIS_HASH)
    expect(CHAIN_ID).toBe(`solana:${GENESIS_HASH.slice(0, 32)}`)
    expect(devnet.chainId).toBe(CHAIN_ID)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^litesvm \d+\.\d+\.\d+$/)
  })

  it('airdrops SOL, and the airdrop has a finalized status', async () => {
    const to = (await generateKeyPairSigner()).address
    expect((await rpc.getBalance(to).send()).value).toBe(0n)
    const signature = await rpc.requestAirdrop(to, lamports(3n * SOL)).send()
    expect((await rpc.getBalance(to).send()).value).toBe(3n * SOL)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  it('lands a SOL transfer sent base64 and one sent base58, and moves the blockhash on', async () => {
    const from = await funded()
    const to = (await generateKeyPairSigner()).address
    const first = await signed(from, [getTransferSolInstruction({ source: from, destination: to, amount: SOL / 2n })])
    const before = (await rpc.getLatestBlockhash().send()).value.blockhash
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(first), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(before)
    const second = await signed(from, [getTransferSolInstruction({ source: from, destination: to, amount: SOL / 4n })])
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(second))
    const signature2 = await rpc.sendTransaction(base58 as never).send()
    expect((await rpc.getBalance(to).send()).value).toBe((3n * SOL) / 4n)
    // 64 zero bytes: a signature no transaction has. (Changing the real one's last character
    // to '1' left it as it was whenever that character was '1' already, one run in 58.)
    const unknown = '1'.repeat(64) as typeof signature
    const { value } = await rpc.getSignatureStatuses([signature, signature2, unknown]).send()
    expect(value.map((s) => s?.err ?? (s ? 'ok' : 'unknown'))).toEqual(['ok', 'ok', 'unknown'])
  })

  it('refuses a stale blockhash and a transaction sent twice, with the preflight error', async () => {
    const from = await funded()
    const to = (await generateKeyPairSigner()).address
    const tx = await signed(from, [getTransferSolInstruction({ source: from, destination: to, amount: SOL / 100n })])
    const wire = getBase64EncodedWireTransaction(tx)
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    const again = await raw({ jsonrpc: '2.0', id: 7, method: 'sendTransaction', params: [wire, { encoding: 'base64' }] })
    expect(again.body.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: This transaction has already been processed', data: { err: 'AlreadyProcessed' } })
    for (let i = 0; i < 151; i++) await rpc.requestAirdrop(to, lamports(1n)).send()
    const late = await signedWithBlockhashOf(tx, from, to)
    expect(late.body.error).toMatchObject({ code: -32002, data: { err: 'BlockhashNotFound' } })
  })

  it('simulates without landing, and a failing transfer fails its preflight', async () => {
    const from = await funded(1n)
    const to = (await generateKeyPairSigner()).address
    const tooMuch = await signed(from, [getTransferSolInstruction({ source: from, destination: to, amount: 5n * SOL })])
    const wire = getBase64EncodedWireTransaction(tooMuch)
    const { value } = await rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send()
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(value.logs?.join('\n')).toContain('insufficient lamports')
    const sent = await raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64' }] })
    expect(sent.body.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Error processing Instruction 0: {"Custom":1}' })
    const ok = await signed(from, [getTransferSolInstruction({ source: from, destination: to, amount: SOL / 10n })])
    const simulated = await rpc.simulateTransaction(getBase64EncodedWireTransaction(ok), { encoding: 'base64', replaceRecentBlockhash: true }).send()
    expect(simulated.value.err).toBeNull()
    expect((await rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('mints dUSDC from the faucet and lists it, jsonParsed, among the owner token accounts', async () => {
    const owner = await funded()
    expect((await faucet(owner.address, '25000000')).status).toBe(200)
    const { value } = await rpc.getTokenAccountsByOwner(owner.address, { mint: devnet.mint as Address }, { encoding: 'jsonParsed' }).send()
    expect(value).toHaveLength(1)
    expect(value[0]?.account.data.parsed.info).toMatchObject({ mint: devnet.mint, owner: owner.address, state: 'initialized', tokenAmount: { amount: '25000000', decimals: 6, uiAmountString: '25' } })
    const byProgram = await rpc.getTokenAccountsByOwner(owner.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send()
    expect(byProgram.value.map((a) => a.pubkey)).toEqual([value[0]?.pubkey])

    const to = (await generateKeyPairSigner()).address
    await faucet(to, '1')
    const [source] = await findAssociatedTokenPda({ owner: owner.address, mint: devnet.mint as Address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: to, mint: devnet.mint as Address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const tx = await signed(owner, [getTransferCheckedInstruction({ source, mint: devnet.mint as Address, destination, authority: owner, amount: 2_500_000n, decimals: 6 })])
    await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send()
    const account = await rpc.getAccountInfo(destination, { encoding: 'jsonParsed' }).send()
    expect(account.value?.data).toMatchObject({ program: 'spl-token', parsed: { type: 'account', info: { tokenAmount: { amount: '2500001', uiAmountString: '2.500001' } } } })
    const mint = await rpc.getAccountInfo(devnet.mint as Address, { encoding: 'base64' }).send()
    expect(mint.value?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
  })

  it('answers bad input with typed JSON-RPC errors', async () => {
    expect((await raw('{nope')).body.error).toEqual({ code: -32700, message: 'Parse error' })
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [] })).body.error.code).toBe(-32601)
    expect((await raw({ id: 1, method: 'getHealth' })).body.error.code).toBe(-32600)
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['0xabc'] })).body.error).toEqual({ code: -32602, message: 'Invalid params: param 0 is not a base58 address' })
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: ['AAAA', { encoding: 'base64' }] })).body.error).toEqual({ code: -32602, message: 'Invalid params: failed to deserialize the transaction' })
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: ['x'.repeat(2000), { encoding: 'base64' }] })).body.error.message).toMatch(/too large/)
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [GENESIS_HASH, 10 ** 15] })).body.error.code).toBe(-32602)
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [GENESIS_HASH, { commitment: 'soon' }] })).body.error.code).toBe(-32602)
    expect((await raw([])).body.error.code).toBe(-32600)
    const tooBig = await fetch(devnet.url, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) })
    expect(tooBig.status).toBe(413)
    expect((await faucet(GENESIS_HASH as Address, '0')).status).toBe(400)
    expect((await faucet('nope' as Address, '1')).body.error).toBe('address must be a base58 Solana address')
  })
})

/** Sends a fresh transfer whose blockhash is `stale`'s (a blockhash past the window). */
async function signedWithBlockhashOf(stale: Awaited<ReturnType<typeof signed>>, from: TransactionSigner, to: Address) {
  const { getCompiledTransactionMessageDecoder } = await import('@solana/kit')
  const blockhash = getCompiledTransactionMessageDecoder().decode(stale.messageBytes).lifetimeToken
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as never, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount: 2000n })], m),
  )
  const tx = await signTransactionMessageWithSigners(message)
  return raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }] })
}
