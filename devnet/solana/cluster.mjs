// The local Solana cluster: the real SVM in process (litesvm) with what a cluster adds around it
// for its RPC: slots and blockhashes that move on with every landed transaction, a window of
// recent blockhashes a transaction may name, signature statuses, and the devnet's SPL token
// (dUSDC, 6 decimals) whose mint authority is the faucet.
import { createHash } from 'node:crypto'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { LiteSVM } from 'litesvm'
import { GENESIS_HASH, MINT, TOKEN } from './constants.mjs'
import { describeTransactionError, transactionError } from './txError.mjs'

export { CHAIN_ID, GENESIS_HASH, TOKEN } from './constants.mjs'

const sha256 = (text) => createHash('sha256').update(text).digest()

/** How many blockhashes back a transaction may name, as on a real cluster. */
export const BLOCKHASH_WINDOW = 150
/** Signature statuses kept; older ones are forgotten (getSignatureStatuses answers null). */
const STATUSES_KEPT = 10_000
/** The most SOL one airdrop gives, in lamports. */
export const MAX_AIRDROP_LAMPORTS = 1000n * 1_000_000_000n
/** The most dUSDC one faucet mint gives, in base units. */
export const MAX_FAUCET_TOKENS = 1_000_000n * 10n ** BigInt(TOKEN.decimals)

/** A failure the RPC reports as a JSON-RPC error. */
export class RpcFailure extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** Builds the cluster: the SVM, the faucet key and the dUSDC mint (fixed keys, so the mint
 * address is the same on every start: a test harness's keys are public). */
export async function createCluster() {
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n)
  const faucet = await createKeyPairSignerFromPrivateKeyBytes(sha256('oriel local solana faucet'))
  const mintKey = await createKeyPairSignerFromPrivateKeyBytes(sha256('oriel local solana dUSDC mint'))
  if (getBase58Decoder().decode(sha256('oriel local solana cluster')) !== GENESIS_HASH || mintKey.address !== MINT) {
    throw new Error('constants.mjs no longer matches the keys it names')
  }
  const cluster = new Cluster(svm, faucet, mintKey.address)
  cluster.airdrop(faucet.address, 1000n * 1_000_000_000n)
  const space = BigInt(getMintSize())
  await cluster.sendSigned(faucet, [
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mintKey,
      lamports: svm.minimumBalanceForRentExemption(space),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mintKey.address, decimals: TOKEN.decimals, mintAuthority: faucet.address }),
  ])
  return cluster
}

class Cluster {
  constructor(svm, faucet, mint) {
    this.svm = svm
    this.faucet = faucet
    this.mint = mint
    this.slot = svm.getClock().slot
    /** blockhash → the last block height it is valid at. */
    this.blockhashes = new Map([[svm.latestBlockhash(), this.slot + BigInt(BLOCKHASH_WINDOW)]])
    /** signature → { slot, err } */
    this.statuses = new Map()
  }

  latestBlockhash() {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash) }
  }

  /** Whether a transaction naming `blockhash` may still land. */
  isRecent(blockhash) {
    const last = this.blockhashes.get(blockhash)
    return last !== undefined && last >= this.slot
  }

  /** A transaction landed: a new slot and blockhash. */
  advance(signature, err) {
    this.statuses.set(signature, { slot: this.slot, err })
    if (this.statuses.size > STATUSES_KEPT) this.statuses.delete(this.statuses.keys().next().value)
    this.slot += 1n
    this.svm.warpToSlot(this.slot)
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot + BigInt(BLOCKHASH_WINDOW))
    for (const [hash, last] of this.blockhashes) {
      if (last >= this.slot) break
      this.blockhashes.delete(hash)
    }
  }

  /** Runs `tx` without landing it: `{ err, logs, unitsConsumed }`, `err` in the RPC's form or null. */
  simulate(tx, { sigVerify = false } = {}) {
    const blockhashErr = this.lifetimeError(tx)
    if (blockhashErr) return { err: blockhashErr, logs: [], unitsConsumed: 0n }
    this.svm.withSigverify(sigVerify)
    let result
    try {
      result = this.svm.simulateTransaction(tx)
    } finally {
      this.svm.withSigverify(true)
    }
    if ('err' in result) {
      return { err: transactionError(result.err()), logs: result.meta().logs(), unitsConsumed: result.meta().computeUnitsConsumed() }
    }
    const meta = result.meta()
    return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() }
  }

  /** Lands `tx` (signed), preflight first unless skipped: its signature (base58). A preflight
   * failure is the RPC's -32002; a transaction that fails past a skipped preflight lands as failed. */
  send(tx, { skipPreflight = false } = {}) {
    const signature = signatureOf(tx)
    if (!skipPreflight) {
      const preflight = this.simulate(tx, { sigVerify: true })
      if (preflight.err) {
        throw new RpcFailure(-32002, `Transaction simulation failed: ${describeTransactionError(preflight.err)}`, {
          err: preflight.err,
          logs: preflight.logs,
          accounts: null,
          unitsConsumed: Number(preflight.unitsConsumed),
          returnData: null,
        })
      }
    }
    const lifetimeErr = this.lifetimeError(tx)
    if (lifetimeErr) throw new RpcFailure(-32002, `Transaction simulation failed: ${describeTransactionError(lifetimeErr)}`, { err: lifetimeErr, logs: [] })
    const result = this.svm.sendTransaction(tx)
    this.advance(signature, 'err' in result ? transactionError(result.err()) : null)
    return signature
  }

  /** The blockhash or duplicate error of `tx` before it runs, or null. */
  lifetimeError(tx) {
    if (this.statuses.has(signatureOf(tx))) return 'AlreadyProcessed'
    const blockhash = blockhashOf(tx)
    return this.isRecent(blockhash) ? null : 'BlockhashNotFound'
  }

  /** Gives `address` `lamports` from the faucet: the airdrop's signature. */
  airdrop(address, lamports) {
    const result = this.svm.airdrop(address, lamports)
    if (!result || 'err' in result) throw new RpcFailure(-32603, `Internal error: the airdrop failed (${result ? JSON.stringify(transactionError(result.err())) : 'no result'})`)
    const signature = getBase58Decoder().decode(result.signature())
    this.advance(signature, null)
    return signature
  }

  /** Mints `amount` dUSDC base units to `owner`'s associated token account (created if need be):
   * the transaction's signature. */
  async mintToken(owner, amount) {
    const [ata] = await findAssociatedTokenPda({ owner, mint: this.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    return this.sendSigned(this.faucet, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: this.faucet, ata, owner, mint: this.mint }),
      getMintToCheckedInstruction({ mint: this.mint, token: ata, mintAuthority: this.faucet, amount, decimals: TOKEN.decimals }),
    ])
  }

  /** Builds, signs and lands a transaction of `instructions` paid by `payer`. */
  async sendSigned(payer, instructions) {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    return this.send(await signTransactionMessageWithSigners(message))
  }
}

/** The first signature of `tx` (its id), base58. */
function signatureOf(tx) {
  const first = Object.values(tx.signatures)[0]
  return getBase58Decoder().decode(first ?? new Uint8Array(64))
}

/** The recent blockhash a transaction's message names. */
function blockhashOf(tx) {
  return getCompiledTransactionMessageDecoder().decode(tx.messageBytes).lifetimeToken
}
