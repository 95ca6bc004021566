import type { OrielClient } from '../client/createClient'
import type { SolanaProvider } from '../connectors/solanaProvider'
import { getWalletErrorCode, USER_REJECTED_CODE } from '../errors/connection'
import { BaseError } from '../errors/base'
import { resolveName } from '../names/resolve'
import { isNameLike } from '../names/rules'
import { formatUnits } from 'viem'
import {
  InvalidChainAnswerError,
  NoSendWalletError,
  SendFailedError,
  SendNotAvailableError,
  SendRejectedError,
} from '../send/errors'
import { waitForReceipt, type SendReceipt } from '../send/receipt'
import { solanaReader } from '../send/solana/reader'
import { EMPTY_SEND, getSendStore } from '../send/sendStore'
import { buildSendTransaction } from '../send/transaction'
import { validateSend, type ValidateSendErrorType } from '../send/validate'
import type { EIP1193Provider } from '../wallets/eip6963'
import { getNetwork } from './getNetwork'
import { getProvider } from './getProvider'
import { refreshBalance } from './refreshBalance'
import { findSendToken } from './sendTokens'
import { refreshTokenBalances } from './tokenBalances'

export type SendTokenParameters = {
  /** Receipt polling (test seams); see `waitForReceipt`. */
  receipt?: { intervalMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void> } | undefined
}

export type SendTokenReturnType = SendReceipt

export type SendTokenErrorType = ValidateSendErrorType | SendRejectedError | SendFailedError | SendNotAvailableError | BaseError

/** The most of a wallet's failure reason the form shows. */
const MAX_REASON_LENGTH = 160

/** The view after a send: back to the Account view below Send, else Account in Send's place. */
function showAccount(client: OrielClient) {
  const { history } = client.modal.getSnapshot()
  if (history.at(-1)?.view !== 'Send') return
  if (history.at(-2)?.view === 'Account') client.modal.goBack()
  else client.modal.replace('Account')
}

/**
 * The Solana wallet to send with: a browser or WalletConnect wallet's Solana provider, else the
 * current connection's own provider, which for the embedded wallet takes the `solana_*`
 * requests itself (its frame signs them on a Solana network).
 */
function solanaWallet(client: OrielClient, provider: EIP1193Provider | undefined): SolanaProvider | undefined {
  const own = getProvider(client, { namespace: 'solana' }).provider
  if (own) return own
  if (!provider) return undefined
  return { namespace: 'solana', request: (args) => provider.request(args) as never }
}

/** A wallet's failure as the send's typed error: 4001 is 'Signature declined'. */
function toSendError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  if (getWalletErrorCode(error) === USER_REJECTED_CODE) return new SendRejectedError({ cause: error })
  return new SendFailedError({ cause: error })
}

/**
 * Sends the form of the client's send store (spec §4 send flow) through the connected wallet's
 * own provider: the embedded wallet asks for approval in its frame, a browser or WalletConnect
 * wallet in its own prompt. A receiver that is a name goes to the address it resolves to
 * ('Error resolving name' when it does not). Validates (spec §5), emits SEND_INITIATED, turns loading on, sends
 * the native coin (`{ from, to, value }`) or an ERC-20 `transfer(to, amount)`, waits for the
 * receipt (status 0 is a failure), emits SEND_SUCCESS, resets the form, shows the Account view
 * and refreshes the native balance and the token list. A failure leaves the form as it was,
 * with the error in the store's `error`, and is thrown.
 *
 * @example
 * editSend(client, { tokenKey, amount: '1.5', receiver: '0x7099…' })
 * const { transactionHash } = await sendToken(client)
 */
export async function sendToken(client: OrielClient, parameters: SendTokenParameters = {}): Promise<SendTokenReturnType> {
  const store = getSendStore(client)
  const form = store.getSnapshot()
  if (form.loading) throw new SendFailedError({ cause: new Error('a send is already under way') })
  const { address, namespace } = client.account.getSnapshot()
  const { caipNetworkId } = getNetwork(client)
  const fail = (error: unknown): never => {
    const typed = toSendError(error)
    // A wallet's or chain's refusal says why (insufficient funds, nonce, …): show it, shortened.
    const reason = typed instanceof SendFailedError && typed.details ? `: ${typed.details.slice(0, MAX_REASON_LENGTH)}` : ''
    store.setState({ loading: false, hash: undefined, error: `${typed.shortMessage}${reason}` })
    throw typed
  }

  // A name sends to the address it stands for now (resolved again unless resolved within 5 min).
  let receiverAddress: string | undefined
  if (isNameLike(form.receiver) && namespace === 'eip155') {
    receiverAddress = await resolveName(client, form.receiver).then(
      (resolved) => resolved.address,
      (error: unknown) => void console.error('oriel: resolving the receiver failed', error),
    )
  }
  let valid: ReturnType<typeof validateSend>
  let summary: { network: string; token: string; amount: string }
  try {
    const token = findSendToken(client, form.tokenKey)
    valid = validateSend({ namespace, token, amount: form.amount, receiver: form.receiver, receiverAddress })
    if (!address) throw new NoSendWalletError()
    summary = {
      network: caipNetworkId,
      token: valid.token.contract ?? valid.token.symbol,
      amount: formatUnits(valid.value, valid.token.decimals),
    }
  } catch (error) {
    return fail(error)
  }
  const { provider } = getProvider(client)
  const solana = valid.namespace === 'solana' ? solanaWallet(client, provider) : undefined
  if (valid.namespace === 'solana' ? !solana : !provider) return fail(new NoSendWalletError())

  client.events.emit('SEND_INITIATED', { ...summary, isSmartAccount: false })
  store.setState({ loading: true, error: undefined })
  try {
    let receipt: SendReceipt
    if (valid.namespace === 'solana' && solana) {
      // The Solana builder loads with the first Solana send, out of the SDK's initial code.
      const { sendSolana } = await import('../send/solana/send')
      const reader = solanaReader(provider, getNetwork(client).network)
      if (!reader) throw new SendNotAvailableError({ namespace: 'solana' })
      receipt = await sendSolana({ reader, wallet: solana, from: address, to: valid.to, token: valid.token, value: valid.value, confirm: parameters.receipt })
    } else if (provider) {
      const request = buildSendTransaction({ from: address as `0x${string}`, to: valid.to as `0x${string}`, token: valid.token, value: valid.value })
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [request] })
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
        throw new InvalidChainAnswerError({ method: 'eth_sendTransaction', value: hash })
      }
      store.setState({ hash })
      receipt = await waitForReceipt(provider, { hash, ...parameters.receipt })
    } else {
      throw new NoSendWalletError()
    }
    const hash = receipt.transactionHash
    store.setState({ hash })
    client.events.emit('SEND_SUCCESS', { ...summary, hash, isSmartAccount: false })
    store.setState(EMPTY_SEND)
    showAccount(client)
    client.snackbar.showSuccess(`Sent ${summary.amount} ${valid.token.symbol}`)
    void refreshBalance(client, { force: true })
    void refreshTokenBalances(client, { force: true })
    return receipt
  } catch (error) {
    return fail(error)
  }
}

