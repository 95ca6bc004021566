import { base64, hex } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { AccountType } from '../../codec/protocol.gen'
import {
  InvalidWalletRequestError,
  toWalletError,
  UnsupportedMethodError,
  WalletDisconnectedError,
  WalletRequestError,
} from '../errors/wallet'
import { decodeParam } from './solanaProvider'
import type {
  BitcoinInputToSign,
  BitcoinSignAndSendTransactionFeature,
  BitcoinSignMessageFeature,
  BitcoinSignTransactionFeature,
  SatsConnectFeature,
} from './standardFeatures'

/** The largest message `signMessage` signs (UTF-8 bytes). */
export const MAX_BITCOIN_MESSAGE_BYTES = 8_192
/** The largest PSBT `signPsbt` passes to the wallet (bytes). */
export const MAX_PSBT_BYTES = 262_144
/** The most inputs one `signPsbt` names. */
export const MAX_SIGN_INPUTS = 256
/** 21 million BTC in satoshis: no amount can exceed it. */
export const MAX_SATS = 2_100_000_000_000_000n
/** sats-connect's error code for a request the user declined. */
export const SATS_CONNECT_USER_REJECTION = -32000
/** Bitcoin addresses (base58 and bech32/bech32m) are 26 to 90 characters of these. */
export const BITCOIN_ADDRESS_PATTERN = /^[a-zA-Z0-9]{26,90}$/

/** One address of the wallet (spec §3 account entry: address, type, publicKey, path). */
export type BitcoinAccountAddress = {
  address: string
  /** `payment` (spec §6: the default bip122 account type). */
  type: Extract<AccountType, 'payment'>
  /** The public key, hex, when the wallet shares it. */
  publicKey?: string | undefined
  path?: string | undefined
}

export type BitcoinSignInput = { address: string; index: number; sighashTypes?: number[] | undefined }

/**
 * The bip122 requests of a {@link BitcoinProvider} (spec §7 pairing methods: sendTransfer,
 * signMessage, signPsbt, getAccountAddresses), in the shapes WalletConnect's bip122 namespace
 * uses: PSBTs and signatures in base64, amounts in satoshis as decimal strings.
 */
export type BitcoinMethods = {
  getAccountAddresses: { params?: { account?: string | undefined } | undefined; result: BitcoinAccountAddress[] }
  signMessage: {
    params: { account: string; message: string; address?: string | undefined }
    result: { address: string; signature: string }
  }
  signPsbt: {
    params: { account: string; psbt: string; signInputs: BitcoinSignInput[]; broadcast?: boolean | undefined }
    result: { psbt?: string | undefined; txid?: string | undefined }
  }
  sendTransfer: {
    params: { account: string; recipientAddress: string; amount: string; memo?: string | undefined }
    result: { txid: string }
  }
}

export type BitcoinMethod = keyof BitcoinMethods

export type BitcoinRequestArguments<M extends BitcoinMethod = BitcoinMethod> = {
  method: M
  params?: BitcoinMethods[M]['params']
}

/**
 * The connected Bitcoin wallet, for the dapp: one `request` for the bip122 methods, alike for a
 * browser wallet and a WalletConnect session. Errors are typed as the Solana provider's are.
 */
export interface BitcoinProvider {
  readonly namespace: 'bip122'
  request<M extends BitcoinMethod>(args: BitcoinRequestArguments<M>): Promise<BitcoinMethods[M]['result']>
}

export type CreateWalletStandardBitcoinProviderParameters = {
  wallet: Wallet
  /** The accounts the wallet shared for payments, active first; empty once it revoked them. */
  accounts(): readonly WalletAccount[]
  /** The wallet-standard chain of the active network (`bitcoin:mainnet` or `bitcoin:testnet`). */
  chain(): string
}

function objectParams(method: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidWalletRequestError({ method, reason: 'params must be an object' })
  }
  return value as Record<string, unknown>
}

/** `signInputs` of a `signPsbt`, checked: 1 to 256 inputs, each an address, an index and at most one sighash byte. */
export function checkSignInputs(method: string, value: unknown): BitcoinSignInput[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SIGN_INPUTS) {
    throw new InvalidWalletRequestError({ method, reason: `signInputs must list 1 to ${MAX_SIGN_INPUTS} inputs` })
  }
  return value.map((entry, i) => {
    const { address, index, sighashTypes } = (entry ?? {}) as Record<string, unknown>
    if (typeof address !== 'string' || !BITCOIN_ADDRESS_PATTERN.test(address)) {
      throw new InvalidWalletRequestError({ method, reason: `signInputs[${i}].address is not a Bitcoin address` })
    }
    if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= 10_000) {
      throw new InvalidWalletRequestError({ method, reason: `signInputs[${i}].index must be an input index` })
    }
    if (
      sighashTypes !== undefined &&
      !(
        Array.isArray(sighashTypes) &&
        sighashTypes.length <= 1 &&
        sighashTypes.every((t) => Number.isInteger(t) && t >= 0 && t <= 0xff)
      )
    ) {
      throw new InvalidWalletRequestError({ method, reason: `signInputs[${i}].sighashTypes must hold at most one sighash byte` })
    }
    return { address, index: index as number, sighashTypes: sighashTypes as number[] | undefined }
  })
}

/**
 * A {@link BitcoinProvider} over a wallet-standard wallet's `bitcoin:signMessage`,
 * `bitcoin:signTransaction` and `bitcoin:signAndSendTransaction` features; `sendTransfer` goes to
 * the wallet's sats-connect API (`sats-connect:`), the one place a wallet picks the coins itself.
 *
 * @example
 * const provider = createWalletStandardBitcoinProvider({ wallet, accounts: () => wallet.accounts, chain: () => 'bitcoin:mainnet' })
 * const [{ address }] = await provider.request({ method: 'getAccountAddresses' })
 * const { signature } = await provider.request({ method: 'signMessage', params: { account: address, message: 'gm' } })
 */
export function createWalletStandardBitcoinProvider(parameters: CreateWalletStandardBitcoinProviderParameters): BitcoinProvider {
  const { wallet } = parameters
  const features = wallet.features as Partial<
    BitcoinSignMessageFeature & BitcoinSignTransactionFeature & BitcoinSignAndSendTransactionFeature & SatsConnectFeature
  >
  const feature = <K extends keyof typeof features>(method: string, name: K): NonNullable<(typeof features)[K]> => {
    const found = features[name]
    if (!found) throw new UnsupportedMethodError({ method, walletName: wallet.name, feature: name })
    return found as NonNullable<(typeof features)[K]>
  }
  /** The connected account with `address`; `account` params must name one. */
  const accountOf = (method: string, address: unknown, name = 'account'): WalletAccount => {
    const accounts = parameters.accounts()
    if (accounts.length === 0) throw new WalletDisconnectedError({ walletName: wallet.name })
    const found = accounts.find((a) => a.address === address)
    if (!found) throw new InvalidWalletRequestError({ method, reason: `${name} is not a connected address` })
    return found
  }
  const call = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (cause) {
      throw toWalletError(method, cause)
    }
  }
  const answerOf = <T, R>(method: string, answer: T, read: (answer: T) => R): R => {
    try {
      return read(answer)
    } catch (cause) {
      throw new WalletRequestError({ method, cause })
    }
  }

  const handlers: { [M in BitcoinMethod]: (params: unknown) => Promise<BitcoinMethods[M]['result']> } = {
    getAccountAddresses: async () => {
      const accounts = parameters.accounts()
      if (accounts.length === 0) throw new WalletDisconnectedError({ walletName: wallet.name })
      return accounts.map((a) => ({
        address: a.address,
        type: 'payment' as const,
        ...(a.publicKey.length ? { publicKey: hex.encode(Uint8Array.from(a.publicKey)) } : {}),
      }))
    },
    signMessage: async (raw) => {
      const method = 'signMessage'
      const p = objectParams(method, raw)
      const signer = accountOf(method, p.address ?? p.account, p.address === undefined ? 'account' : 'address')
      if (typeof p.message !== 'string') throw new InvalidWalletRequestError({ method, reason: 'message must be a string' })
      const message = new TextEncoder().encode(p.message)
      if (message.length === 0 || message.length > MAX_BITCOIN_MESSAGE_BYTES) {
        throw new InvalidWalletRequestError({ method, reason: `message must hold 1 to ${MAX_BITCOIN_MESSAGE_BYTES} bytes` })
      }
      const { signMessage } = feature(method, 'bitcoin:signMessage')
      const outputs = await call(method, () => signMessage({ account: signer, message }))
      return answerOf(method, outputs, ([output]) => {
        const signature = output?.signature
        if (!(signature instanceof Uint8Array) || signature.length === 0) throw new TypeError('the wallet returned no signature')
        return { address: signer.address, signature: base64.encode(signature) }
      })
    },
    signPsbt: async (raw) => {
      const method = 'signPsbt'
      const p = objectParams(method, raw)
      accountOf(method, p.account)
      const psbt = decodeParam(method, 'psbt', p.psbt, 'base64', MAX_PSBT_BYTES)
      const signInputs = checkSignInputs(method, p.signInputs)
      if (p.broadcast !== undefined && typeof p.broadcast !== 'boolean') {
        throw new InvalidWalletRequestError({ method, reason: 'broadcast must be a boolean' })
      }
      const inputsToSign: BitcoinInputToSign[] = []
      for (const input of signInputs) {
        const signer = accountOf(method, input.address, 'a signInputs address')
        const sigHash = input.sighashTypes?.[0]
        let entry = inputsToSign.find((e) => e.account === signer && e.sigHash === sigHash)
        if (!entry) inputsToSign.push((entry = { account: signer, signingIndexes: [], ...(sigHash !== undefined ? { sigHash } : {}) }))
        entry.signingIndexes.push(input.index)
      }
      const chain = parameters.chain()
      if (p.broadcast) {
        const { signAndSendTransaction } = feature(method, 'bitcoin:signAndSendTransaction')
        const outputs = await call(method, () => signAndSendTransaction({ psbt, inputsToSign, chain }))
        return answerOf(method, outputs, ([output]) => {
          if (typeof output?.txId !== 'string' || !/^[0-9a-f]{64}$/.test(output.txId)) throw new TypeError('no txid')
          return { txid: output.txId }
        })
      }
      const { signTransaction } = feature(method, 'bitcoin:signTransaction')
      const outputs = await call(method, () => signTransaction({ psbt, inputsToSign, chain }))
      return answerOf(method, outputs, ([output]) => {
        if (!(output?.signedPsbt instanceof Uint8Array)) throw new TypeError('the wallet returned no PSBT')
        return { psbt: base64.encode(output.signedPsbt) }
      })
    },
    sendTransfer: async (raw) => {
      const method = 'sendTransfer'
      const p = objectParams(method, raw)
      accountOf(method, p.account)
      if (typeof p.recipientAddress !== 'string' || !BITCOIN_ADDRESS_PATTERN.test(p.recipientAddress)) {
        throw new InvalidWalletRequestError({ method, reason: 'recipientAddress is not a Bitcoin address' })
      }
      if (typeof p.amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(p.amount) || BigInt(p.amount) > MAX_SATS) {
        throw new InvalidWalletRequestError({ method, reason: 'amount must be a positive whole number of satoshis' })
      }
      const { provider } = feature(method, 'sats-connect:')
      const recipients = [{ address: p.recipientAddress, amount: Number(p.amount) }]
      const answer = await call(method, () => provider.request('sendTransfer', { recipients }))
      const reply = answer as { status?: unknown; result?: { txid?: unknown }; error?: { code?: unknown; message?: unknown } }
      if (reply?.status === 'error') {
        // sats-connect reports a declined request as -32000 (its USER_REJECTION).
        const code = reply.error?.code === SATS_CONNECT_USER_REJECTION ? 4001 : reply.error?.code
        throw toWalletError(method, Object.assign(new Error(String(reply.error?.message)), { code }))
      }
      return answerOf(method, reply, () => {
        const txid = reply?.result?.txid
        if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new TypeError('the wallet returned no txid')
        return { txid }
      })
    },
  }

  return {
    namespace: 'bip122',
    request({ method, params }) {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) return Promise.reject(new UnsupportedMethodError({ method: String(method), walletName: wallet.name }))
      return handler(params) as never
    },
  }
}
