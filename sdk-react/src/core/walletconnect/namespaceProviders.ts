import { base58, base64 } from '@scure/base'
import { BITCOIN_ADDRESS_PATTERN, type BitcoinProvider, checkSignInputs, MAX_BITCOIN_MESSAGE_BYTES, MAX_PSBT_BYTES, MAX_SATS } from '../connectors/bitcoinProvider'
import {
  checkSendOptions,
  decodeParam,
  MAX_SOLANA_MESSAGE_BYTES,
  MAX_SOLANA_TRANSACTION_BYTES,
  MAX_SOLANA_TRANSACTIONS,
  type SolanaProvider,
} from '../connectors/solanaProvider'
import { getWalletErrorCode, USER_REJECTED_CODE } from '../errors/connection'
import { InvalidWalletRequestError, toWalletError, UnsupportedMethodError, WalletDisconnectedError, WalletRequestError } from '../errors/wallet'
import type { CaipNetworkId } from '../networks'
import { isSolanaAddress } from '../validation/solanaAddress'
import { parseCaipAccount } from './session'
import type { SignClientLike, SignClientSession } from './types'

/** WalletConnect's code for a request the user rejected in the wallet (`USER_REJECTED`). */
const WALLETCONNECT_USER_REJECTED = 5000

export type CreateWalletConnectNamespaceProviderParameters = {
  client: SignClientLike
  /** The live session; `undefined` once it ended. */
  getSession(): SignClientSession | undefined
  /** The active network, when it is in this provider's namespace. */
  getCaipNetworkId(): CaipNetworkId | undefined
}

/** The session's accounts and chain in `namespace`, and a `request` that sends to the wallet. */
function sessionAccess(namespace: 'solana' | 'bip122', parameters: CreateWalletConnectNamespaceProviderParameters) {
  const walletName = () => parameters.getSession()?.peer.metadata.name || 'The wallet'
  const live = () => {
    const session = parameters.getSession()
    const accounts = (session?.namespaces[namespace]?.accounts ?? []).map(parseCaipAccount)
    if (!session || accounts.length === 0) throw new WalletDisconnectedError({ walletName: walletName() })
    const active = parameters.getCaipNetworkId()
    const chain = accounts.find((a) => a.caipNetworkId === active)?.caipNetworkId ?? accounts[0]!.caipNetworkId
    return { session, chain, addresses: [...new Set(accounts.filter((a) => a.caipNetworkId === chain).map((a) => a.address))] }
  }
  const send = async (method: string, params: unknown): Promise<unknown> => {
    const { session, chain } = live()
    if (!session.namespaces[namespace]?.methods.includes(method)) {
      throw new UnsupportedMethodError({ method, walletName: walletName() })
    }
    try {
      return await parameters.client.request({ topic: session.topic, chainId: chain, request: { method, params } })
    } catch (cause) {
      const code = getWalletErrorCode(cause)
      throw toWalletError(method, code === WALLETCONNECT_USER_REJECTED ? Object.assign(new Error(String((cause as Error)?.message)), { code: USER_REJECTED_CODE, cause }) : cause)
    }
  }
  const answerOf = <R>(method: string, read: () => R): R => {
    try {
      return read()
    } catch (cause) {
      throw new WalletRequestError({ method, cause })
    }
  }
  return { live, send, answerOf, walletName }
}

function objectParams(method: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidWalletRequestError({ method, reason: 'params must be an object' })
  }
  return value as Record<string, unknown>
}

const base58Signature = (value: unknown) => {
  if (typeof value !== 'string' || base58.decode(value).length !== 64) throw new TypeError('the wallet returned no 64-byte signature')
  return value
}

/**
 * The {@link SolanaProvider} of a WalletConnect session's `solana` namespace: the `solana_*`
 * methods the wallet agreed to go to it through the relay, checked first as the browser-wallet
 * provider checks them; `solana_getAccounts` and `solana_requestAccounts` come from the session.
 *
 * @example
 * const provider = createWalletConnectSolanaProvider({ client, getSession, getCaipNetworkId })
 * const { signature } = await provider.request({ method: 'solana_signMessage', params: { message, pubkey } })
 */
export function createWalletConnectSolanaProvider(parameters: CreateWalletConnectNamespaceProviderParameters): SolanaProvider {
  const { live, send, answerOf, walletName } = sessionAccess('solana', parameters)
  const transactionParam = (method: string, value: unknown, name = 'transaction') =>
    decodeParam(method, name, value, 'base64', MAX_SOLANA_TRANSACTION_BYTES)

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    solana_getAccounts: async () => live().addresses.map((pubkey) => ({ pubkey })),
    solana_requestAccounts: async () => live().addresses.map((pubkey) => ({ pubkey })),
    solana_signMessage: async (raw) => {
      const method = 'solana_signMessage'
      const { message, pubkey } = objectParams(method, raw)
      if (!isSolanaAddress(pubkey)) throw new InvalidWalletRequestError({ method, reason: 'pubkey is not a Solana address' })
      if (!live().addresses.includes(pubkey)) {
        throw new InvalidWalletRequestError({ method, reason: `pubkey ${pubkey} is not the connected account` })
      }
      decodeParam(method, 'message', message, 'base58', MAX_SOLANA_MESSAGE_BYTES)
      const answer = await send(method, { message, pubkey })
      return answerOf(method, () => ({ signature: base58Signature((answer as { signature?: unknown })?.signature) }))
    },
    solana_signTransaction: async (raw) => {
      const method = 'solana_signTransaction'
      const { transaction } = objectParams(method, raw)
      transactionParam(method, transaction)
      const answer = (await send(method, { transaction })) as { signature?: unknown; transaction?: unknown }
      return answerOf(method, () => ({
        signature: base58Signature(answer?.signature),
        ...(typeof answer?.transaction === 'string' ? { transaction: base64.encode(base64.decode(answer.transaction)) } : {}),
      }))
    },
    solana_signAllTransactions: async (raw) => {
      const method = 'solana_signAllTransactions'
      const { transactions } = objectParams(method, raw)
      if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > MAX_SOLANA_TRANSACTIONS) {
        throw new InvalidWalletRequestError({ method, reason: `transactions must list 1 to ${MAX_SOLANA_TRANSACTIONS}` })
      }
      for (const [i, t] of transactions.entries()) transactionParam(method, t, `transactions[${i}]`)
      const answer = (await send(method, { transactions })) as { transactions?: unknown }
      return answerOf(method, () => {
        const list = answer?.transactions
        if (!Array.isArray(list) || list.length !== transactions.length || !list.every((t) => typeof t === 'string')) {
          throw new TypeError('the wallet returned another number of transactions')
        }
        return { transactions: list as string[] }
      })
    },
    solana_signAndSendTransaction: async (raw) => {
      const method = 'solana_signAndSendTransaction'
      const { transaction, sendOptions } = objectParams(method, raw)
      transactionParam(method, transaction)
      const options = checkSendOptions(method, sendOptions)
      const answer = await send(method, { transaction, ...(options ? { sendOptions: options } : {}) })
      return answerOf(method, () => ({ signature: base58Signature((answer as { signature?: unknown })?.signature) }))
    },
  }

  return {
    namespace: 'solana',
    request({ method, params }) {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) return Promise.reject(new UnsupportedMethodError({ method: String(method), walletName: walletName() }))
      return handler(params) as never
    },
  }
}

/**
 * The {@link BitcoinProvider} of a WalletConnect session's `bip122` namespace: the four spec
 * methods go to the wallet through the relay, checked first as the browser-wallet provider
 * checks them (`getAccountAddresses` answers from the session when the wallet did not agree to it).
 *
 * @example
 * const provider = createWalletConnectBitcoinProvider({ client, getSession, getCaipNetworkId })
 * const { psbt } = await provider.request({ method: 'signPsbt', params: { account, psbt, signInputs } })
 */
export function createWalletConnectBitcoinProvider(parameters: CreateWalletConnectNamespaceProviderParameters): BitcoinProvider {
  const { live, send, answerOf, walletName } = sessionAccess('bip122', parameters)
  const connectedAccount = (method: string, value: unknown, name = 'account') => {
    if (typeof value !== 'string' || !live().addresses.includes(value)) {
      throw new InvalidWalletRequestError({ method, reason: `${name} is not a connected address` })
    }
    return value
  }

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    getAccountAddresses: async () => {
      const { session, addresses } = live()
      if (!session.namespaces['bip122']?.methods.includes('getAccountAddresses')) {
        return addresses.map((address) => ({ address, type: 'payment' as const }))
      }
      const answer = await send('getAccountAddresses', { account: addresses[0], intentions: ['payment'] })
      return answerOf('getAccountAddresses', () => {
        if (!Array.isArray(answer)) throw new TypeError('the wallet returned no address list')
        return answer.map((entry) => {
          const { address, publicKey, path } = (entry ?? {}) as Record<string, unknown>
          if (typeof address !== 'string' || !BITCOIN_ADDRESS_PATTERN.test(address)) throw new TypeError('an address is malformed')
          return {
            address,
            type: 'payment' as const,
            ...(typeof publicKey === 'string' && /^[0-9a-f]{66}$/i.test(publicKey) ? { publicKey } : {}),
            ...(typeof path === 'string' ? { path } : {}),
          }
        })
      })
    },
    signMessage: async (raw) => {
      const method = 'signMessage'
      const p = objectParams(method, raw)
      const account = connectedAccount(method, p.account)
      const address = p.address === undefined ? account : connectedAccount(method, p.address, 'address')
      const size = typeof p.message === 'string' ? new TextEncoder().encode(p.message).length : 0
      if (size === 0 || size > MAX_BITCOIN_MESSAGE_BYTES) {
        throw new InvalidWalletRequestError({ method, reason: `message must hold 1 to ${MAX_BITCOIN_MESSAGE_BYTES} bytes` })
      }
      const answer = (await send(method, { account, address, message: p.message })) as { signature?: unknown }
      return answerOf(method, () => {
        if (typeof answer?.signature !== 'string' || base64.decode(answer.signature).length === 0) throw new TypeError('no signature')
        return { address, signature: answer.signature }
      })
    },
    signPsbt: async (raw) => {
      const method = 'signPsbt'
      const p = objectParams(method, raw)
      const account = connectedAccount(method, p.account)
      decodeParam(method, 'psbt', p.psbt, 'base64', MAX_PSBT_BYTES)
      const signInputs = checkSignInputs(method, p.signInputs)
      for (const input of signInputs) connectedAccount(method, input.address, 'a signInputs address')
      if (p.broadcast !== undefined && typeof p.broadcast !== 'boolean') {
        throw new InvalidWalletRequestError({ method, reason: 'broadcast must be a boolean' })
      }
      const answer = (await send(method, { account, psbt: p.psbt, signInputs, broadcast: p.broadcast === true })) as {
        psbt?: unknown
        txid?: unknown
      }
      return answerOf(method, () => {
        if (typeof answer?.psbt === 'string') base64.decode(answer.psbt)
        else if (p.broadcast !== true) throw new TypeError('the wallet returned no PSBT')
        if (answer?.txid !== undefined && !(typeof answer.txid === 'string' && /^[0-9a-f]{64}$/.test(answer.txid))) {
          throw new TypeError('the txid is malformed')
        }
        return {
          ...(typeof answer.psbt === 'string' ? { psbt: answer.psbt } : {}),
          ...(typeof answer.txid === 'string' ? { txid: answer.txid } : {}),
        }
      })
    },
    sendTransfer: async (raw) => {
      const method = 'sendTransfer'
      const p = objectParams(method, raw)
      const account = connectedAccount(method, p.account)
      if (typeof p.recipientAddress !== 'string' || !BITCOIN_ADDRESS_PATTERN.test(p.recipientAddress)) {
        throw new InvalidWalletRequestError({ method, reason: 'recipientAddress is not a Bitcoin address' })
      }
      if (typeof p.amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(p.amount) || BigInt(p.amount) > MAX_SATS) {
        throw new InvalidWalletRequestError({ method, reason: 'amount must be a positive whole number of satoshis' })
      }
      const answer = (await send(method, { account, recipientAddress: p.recipientAddress, amount: p.amount })) as { txid?: unknown }
      return answerOf(method, () => {
        if (typeof answer?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(answer.txid)) throw new TypeError('the wallet returned no txid')
        return { txid: answer.txid }
      })
    },
  }

  return {
    namespace: 'bip122',
    request({ method, params }) {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) return Promise.reject(new UnsupportedMethodError({ method: String(method), walletName: walletName() }))
      return handler(params) as never
    },
  }
}
