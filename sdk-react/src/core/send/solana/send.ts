import { base58, base64 } from '@scure/base'
import type { SolanaProvider } from '../../connectors/solanaProvider'
import { UnsupportedMethodError } from '../../errors/wallet'
import { InvalidChainAnswerError } from '../errors'
import type { SendReceipt } from '../receipt'
import type { SendToken } from '../token'
import { unsignedTransaction } from './message'
import { readBlockhash, readTokenProgram, type SolanaReader, waitForSignature, type WaitForSignatureParameters } from './rpc'
import { buildSolanaTransfer } from './transfer'

export type SendSolanaParameters = {
  reader: SolanaReader
  wallet: SolanaProvider
  from: string
  to: string
  token: Pick<SendToken, 'contract' | 'decimals'>
  value: bigint
  confirm?: Omit<WaitForSignatureParameters, 'signature'> | undefined
}

/** A Solana transaction signature in base58 (64 bytes), as `sendTransaction` and wallets answer it. */
function isSignature(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) && base58.decode(value).length === 64
}

/**
 * Has the wallet sign `transaction` (base64 wire bytes) and the cluster receive it: the wallet's
 * `solana_signAndSendTransaction`, or, when the wallet cannot send (a wallet-standard wallet
 * without `solana:signAndSendTransaction` answers `UnsupportedMethodError`),
 * `solana_signTransaction` and then `sendTransaction` through `reader`, the active network's
 * cluster. Returns the signature in base58.
 */
async function signAndSend(wallet: SolanaProvider, reader: SolanaReader, transaction: string): Promise<string> {
  let sent: { signature: string } | undefined
  try {
    sent = await wallet.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction, sendOptions: { preflightCommitment: 'confirmed' } },
    })
  } catch (error) {
    if (!(error instanceof UnsupportedMethodError)) throw error
  }
  if (sent) {
    if (!isSignature(sent.signature)) throw new InvalidChainAnswerError({ method: 'solana_signAndSendTransaction', value: sent.signature })
    return sent.signature
  }
  const signed = await wallet.request({ method: 'solana_signTransaction', params: { transaction } })
  const signature = await reader.request({
    method: 'sendTransaction',
    params: [signed.transaction, { encoding: 'base64', preflightCommitment: 'confirmed' }],
  })
  // The cluster names a transaction by its fee payer's signature: anything else is not what the wallet signed.
  if (!isSignature(signature) || signature !== signed.signature) throw new InvalidChainAnswerError({ method: 'sendTransaction', value: signature })
  return signature
}

/**
 * Sends SOL or an SPL token: builds the message with a recent blockhash and the sender as fee
 * payer, has the wallet sign and send it (`solana_signAndSendTransaction`; a wallet that only
 * signs, `solana_signTransaction`, and the transaction goes to the cluster through `reader`),
 * and waits until the cluster confirms it (a failed status throws `SolanaTransactionFailedError`).
 *
 * @example
 * const { transactionHash } = await sendSolana({ reader, wallet, from, to, token, value: 1_000_000n })
 */
export async function sendSolana(parameters: SendSolanaParameters): Promise<SendReceipt> {
  const { reader, wallet, from, to, token, value } = parameters
  const mint = token.contract
    ? { address: token.contract, decimals: token.decimals, tokenProgram: await readTokenProgram(reader, token.contract) }
    : undefined
  const recentBlockhash = await readBlockhash(reader)
  const message = buildSolanaTransfer({ from, to, value, mint, recentBlockhash })
  const signature = await signAndSend(wallet, reader, base64.encode(unsignedTransaction(message)))
  const { slot } = await waitForSignature(reader, { signature, ...parameters.confirm })
  return { transactionHash: signature, blockNumber: slot, status: 'success' }
}
