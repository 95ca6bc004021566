import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { isSolanaAddress } from '../validation/solanaAddress'
import {
  InvalidWalletRequestError,
  toWalletError,
  UnsupportedMethodError,
  WalletDisconnectedError,
  WalletRequestError,
} from '../errors/wallet'
import type {
  SolanaSendOptions,
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from './standardFeatures'

/** Spec §5: the Solana preflight commitments a send may name. */
export const SOLANA_PREFLIGHT_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

/** The largest message `solana_signMessage` signs (bytes); sign-in messages are far smaller, and base58 decodes in quadratic time. */
export const MAX_SOLANA_MESSAGE_BYTES = 2_048
/** A Solana transaction fits one 1232-byte packet. */
export const MAX_SOLANA_TRANSACTION_BYTES = 1_232
/** The most transactions one `solana_signAllTransactions` carries. */
export const MAX_SOLANA_TRANSACTIONS = 16

/**
 * The Solana requests of a {@link SolanaProvider}, in WalletConnect's `solana_*` shapes (spec §7):
 * messages in base58, transactions as base64 wire bytes, signatures in base58.
 */
export type SolanaMethods = {
  solana_getAccounts: { params?: undefined; result: { pubkey: string }[] }
  solana_requestAccounts: { params?: undefined; result: { pubkey: string }[] }
  solana_signMessage: { params: { message: string; pubkey: string }; result: { signature: string } }
  solana_signTransaction: { params: { transaction: string }; result: { signature: string; transaction: string } }
  solana_signAllTransactions: { params: { transactions: string[] }; result: { transactions: string[] } }
  solana_signAndSendTransaction: {
    params: { transaction: string; sendOptions?: SolanaSendOptions | undefined }
    result: { signature: string }
  }
}

export type SolanaMethod = keyof SolanaMethods

export type SolanaRequestArguments<M extends SolanaMethod = SolanaMethod> = {
  method: M
  params?: SolanaMethods[M]['params']
}

/**
 * The connected Solana wallet, for the dapp: one `request` for every `solana_*` method, alike for
 * a browser wallet (wallet-standard) and a WalletConnect session. Errors are typed:
 * `UserRejectedRequestError` (4001, 'User rejected the request.'), `UnsupportedMethodError`
 * (4200), `InvalidWalletRequestError` (-32602), `WalletDisconnectedError` (4100).
 */
export interface SolanaProvider {
  readonly namespace: 'solana'
  request<M extends SolanaMethod>(args: SolanaRequestArguments<M>): Promise<SolanaMethods[M]['result']>
}

export type CreateWalletStandardSolanaProviderParameters = {
  wallet: Wallet
  /** The connected account (the one the widget shows), `undefined` once the wallet revoked it. */
  account(): WalletAccount | undefined
  /** The wallet-standard chain of the active network (`solana:mainnet`, `solana:devnet`…). */
  chain(): string
}

/** Decodes `value` as base58 or base64, within `maxBytes`, or throws the method's typed error. */
export function decodeParam(
  method: string,
  name: string,
  value: unknown,
  encoding: 'base58' | 'base64',
  maxBytes: number,
): Uint8Array {
  // The longest text `maxBytes` bytes encode to; checking it first keeps decoding (quadratic for base58) bounded.
  const maxChars = encoding === 'base58' ? Math.ceil(maxBytes * 1.3658) + 1 : Math.ceil(maxBytes / 3) * 4
  if (typeof value !== 'string' || value === '') {
    throw new InvalidWalletRequestError({ method, reason: `${name} must be a non-empty ${encoding} string` })
  }
  if (value.length > maxChars) throw new InvalidWalletRequestError({ method, reason: `${name} exceeds ${maxBytes} bytes` })
  let bytes: Uint8Array
  try {
    bytes = encoding === 'base58' ? base58.decode(value) : base64.decode(value)
  } catch {
    throw new InvalidWalletRequestError({ method, reason: `${name} is not valid ${encoding}` })
  }
  if (bytes.length === 0 || bytes.length > maxBytes) {
    throw new InvalidWalletRequestError({ method, reason: `${name} must hold 1 to ${maxBytes} bytes` })
  }
  return bytes
}

/** The send options a dapp may pass, checked (spec §5 for the commitment). */
export function checkSendOptions(method: string, value: unknown): SolanaSendOptions | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) {
    throw new InvalidWalletRequestError({ method, reason: 'sendOptions must be an object' })
  }
  const { preflightCommitment, skipPreflight, maxRetries, minContextSlot } = value as Record<string, unknown>
  if (
    preflightCommitment !== undefined &&
    !SOLANA_PREFLIGHT_COMMITMENTS.includes(preflightCommitment as (typeof SOLANA_PREFLIGHT_COMMITMENTS)[number])
  ) {
    throw new InvalidWalletRequestError({
      method,
      reason: `preflightCommitment must be one of ${SOLANA_PREFLIGHT_COMMITMENTS.join(', ')}`,
    })
  }
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean') {
    throw new InvalidWalletRequestError({ method, reason: 'skipPreflight must be a boolean' })
  }
  for (const [name, n] of [
    ['maxRetries', maxRetries],
    ['minContextSlot', minContextSlot],
  ] as const) {
    if (n !== undefined && !(Number.isSafeInteger(n) && (n as number) >= 0)) {
      throw new InvalidWalletRequestError({ method, reason: `${name} must be a non-negative integer` })
    }
  }
  return {
    ...(preflightCommitment !== undefined ? { preflightCommitment: preflightCommitment as string } : {}),
    ...(skipPreflight !== undefined ? { skipPreflight: skipPreflight as boolean } : {}),
    ...(maxRetries !== undefined ? { maxRetries: maxRetries as number } : {}),
    ...(minContextSlot !== undefined ? { minContextSlot: minContextSlot as number } : {}),
  }
}

/** The fee payer's signature of a signed transaction in wire format (compact-u16 count, then 64-byte signatures). */
export function firstSignature(transaction: Uint8Array): Uint8Array {
  const count = transaction[0] ?? 0
  // Counts of 128 and more take a second length byte; a transaction never has that many signers.
  if (count === 0 || count > 127 || transaction.length < 1 + 64 * count) {
    throw new TypeError('the signed transaction carries no signature')
  }
  return transaction.slice(1, 65)
}

function signatureBytes(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length !== 64) throw new TypeError('the wallet returned no 64-byte signature')
  return value
}

/**
 * A {@link SolanaProvider} over a wallet-standard wallet's `solana:signMessage`,
 * `solana:signTransaction` and `solana:signAndSendTransaction` features, signing with the
 * connected account on the active network's chain.
 *
 * @example
 * const provider = createWalletStandardSolanaProvider({ wallet, account: () => wallet.accounts[0], chain: () => 'solana:devnet' })
 * const { signature } = await provider.request({ method: 'solana_signMessage', params: { message: base58.encode(bytes), pubkey } })
 */
export function createWalletStandardSolanaProvider(parameters: CreateWalletStandardSolanaProviderParameters): SolanaProvider {
  const { wallet } = parameters
  const features = wallet.features as Partial<
    SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature
  >

  const account = () => {
    const current = parameters.account()
    if (!current) throw new WalletDisconnectedError({ walletName: wallet.name })
    return current
  }
  const feature = <K extends keyof typeof features>(method: string, name: K): NonNullable<(typeof features)[K]> => {
    const found = features[name]
    if (!found) throw new UnsupportedMethodError({ method, walletName: wallet.name, feature: name })
    return found as NonNullable<(typeof features)[K]>
  }
  const params = (method: string, value: unknown): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new InvalidWalletRequestError({ method, reason: 'params must be an object' })
    }
    return value as Record<string, unknown>
  }
  /** Runs the wallet's call; its failures become typed errors, a malformed answer a `WalletRequestError`. */
  const call = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    let answer: T
    try {
      answer = await run()
    } catch (cause) {
      throw toWalletError(method, cause)
    }
    return answer
  }
  const answerOf = <T, R>(method: string, answer: T, read: (answer: T) => R): R => {
    try {
      return read(answer)
    } catch (cause) {
      throw new WalletRequestError({ method, cause })
    }
  }

  const signTransactions = async (method: string, transactions: Uint8Array[]) => {
    const signer = account()
    const { signTransaction } = feature(method, 'solana:signTransaction')
    const chain = parameters.chain()
    const outputs = await call(method, () =>
      signTransaction(...transactions.map((transaction) => ({ account: signer, transaction, chain }))),
    )
    return answerOf(method, outputs, (list) => {
      if (list.length !== transactions.length) throw new TypeError(`the wallet answered ${list.length} of ${transactions.length}`)
      return list.map(({ signedTransaction }) => {
        firstSignature(signedTransaction)
        return signedTransaction
      })
    })
  }

  const handlers: { [M in SolanaMethod]: (params: unknown) => Promise<SolanaMethods[M]['result']> } = {
    solana_getAccounts: async () => {
      const current = parameters.account()
      return current ? [{ pubkey: current.address }] : []
    },
    solana_requestAccounts: async () => [{ pubkey: account().address }],
    solana_signMessage: async (raw) => {
      const method = 'solana_signMessage'
      const { message, pubkey } = params(method, raw)
      if (!isSolanaAddress(pubkey)) throw new InvalidWalletRequestError({ method, reason: 'pubkey is not a Solana address' })
      const signer = account()
      if (pubkey !== signer.address) {
        throw new InvalidWalletRequestError({ method, reason: `pubkey ${pubkey} is not the connected account` })
      }
      const bytes = decodeParam(method, 'message', message, 'base58', MAX_SOLANA_MESSAGE_BYTES)
      const { signMessage } = feature(method, 'solana:signMessage')
      const outputs = await call(method, () => signMessage({ account: signer, message: bytes }))
      return answerOf(method, outputs, ([output]) => ({ signature: base58.encode(signatureBytes(output?.signature)) }))
    },
    solana_signTransaction: async (raw) => {
      const method = 'solana_signTransaction'
      const { transaction } = params(method, raw)
      const bytes = decodeParam(method, 'transaction', transaction, 'base64', MAX_SOLANA_TRANSACTION_BYTES)
      const [signed] = await signTransactions(method, [bytes])
      return { signature: base58.encode(firstSignature(signed!)), transaction: base64.encode(signed!) }
    },
    solana_signAllTransactions: async (raw) => {
      const method = 'solana_signAllTransactions'
      const { transactions } = params(method, raw)
      if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > MAX_SOLANA_TRANSACTIONS) {
        throw new InvalidWalletRequestError({ method, reason: `transactions must list 1 to ${MAX_SOLANA_TRANSACTIONS}` })
      }
      const list = transactions.map((t, i) =>
        decodeParam(method, `transactions[${i}]`, t, 'base64', MAX_SOLANA_TRANSACTION_BYTES),
      )
      return { transactions: (await signTransactions(method, list)).map((signed) => base64.encode(signed)) }
    },
    solana_signAndSendTransaction: async (raw) => {
      const method = 'solana_signAndSendTransaction'
      const { transaction, sendOptions } = params(method, raw)
      const bytes = decodeParam(method, 'transaction', transaction, 'base64', MAX_SOLANA_TRANSACTION_BYTES)
      const options = checkSendOptions(method, sendOptions)
      const signer = account()
      const { signAndSendTransaction } = feature(method, 'solana:signAndSendTransaction')
      const chain = parameters.chain()
      const outputs = await call(method, () =>
        signAndSendTransaction({ account: signer, transaction: bytes, chain, ...(options ? { options } : {}) }),
      )
      return answerOf(method, outputs, ([output]) => ({ signature: base58.encode(signatureBytes(output?.signature)) }))
    },
  }

  return {
    namespace: 'solana',
    request({ method, params }) {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) return Promise.reject(new UnsupportedMethodError({ method: String(method), walletName: wallet.name }))
      return handler(params) as never
    },
  }
}
