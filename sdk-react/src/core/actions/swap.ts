import type { OrielClient } from '../client/createClient'
import { getConvertApi } from '../convert/client'
import type { ConvertTransaction } from '../convert/parse'
import { BaseError } from '../errors/base'
import { getWalletErrorCode, USER_REJECTED_CODE } from '../errors/connection'
import { InvalidChainAnswerError, NoSendWalletError } from '../send/errors'
import { waitForReceipt } from '../send/receipt'
import { toQuantity } from '../send/transaction'
import { formatSwapAmount, isNativeToken, tokenContract } from '../swap/amounts'
import { SwapFailedError, SwapRejectedError, WrongSenderError } from '../swap/errors'
import { validateSwap, type ValidSwap, type ValidateSwapErrorType } from '../swap/form'
import { receivedAmount } from '../swap/received'
import { getSwapStore, type SwapState } from '../swap/swapStore'
import type { EIP1193Provider } from '../wallets/eip6963'
import { getProvider } from './getProvider'
import { swapAccount } from './previewSwap'
import { refreshBalance } from './refreshBalance'
import { getTokenBalances, refreshTokenBalances } from './tokenBalances'

export type SwapStepParameters = {
  /** Receipt polling (test seams); see `waitForReceipt`. */
  receipt?: { intervalMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void> } | undefined
}

export type SwapStepErrorType = ValidateSwapErrorType | SwapRejectedError | SwapFailedError | NoSendWalletError | BaseError

/** The most of a wallet's failure reason the form shows. */
const MAX_REASON_LENGTH = 160

/** A failure as the step's typed error: 4001 is 'Signature declined'. */
function toSwapError(step: 'approval' | 'swap', error: unknown): BaseError {
  if (error instanceof BaseError) return error
  if (getWalletErrorCode(error) === USER_REJECTED_CODE) return new SwapRejectedError({ cause: error })
  return new SwapFailedError({ step, cause: error })
}

/** Runs one step of the form: checks it, marks it under way, and on failure shows why in the store and throws. */
async function runStep<T>(
  client: OrielClient,
  step: 'approval' | 'swap',
  run: (swap: ValidSwap, user: `0x${string}`, provider: EIP1193Provider) => Promise<T>,
): Promise<T> {
  const store = getSwapStore(client)
  const form = store.getSnapshot()
  const fail = (error: unknown): never => {
    const typed = toSwapError(step, error)
    const reason = typed instanceof SwapFailedError && typed.details ? `: ${typed.details.slice(0, MAX_REASON_LENGTH)}` : ''
    store.setState({ step: 'idle', hash: undefined, error: `${typed.shortMessage}${reason}` })
    throw typed
  }
  if (form.step !== 'idle') throw new SwapFailedError({ step, cause: new Error(`${form.step} is already under way`) })
  let swap: ValidSwap
  let user: `0x${string}`
  try {
    const tokens = form.tokens.status === 'ready' ? form.tokens.tokens : []
    swap = validateSwap({ tokens, from: form.from, to: form.to, amount: form.amount, balances: getTokenBalances(client).balances })
    user = swapAccount(client)
  } catch (error) {
    return fail(error)
  }
  const { provider } = getProvider(client)
  if (!provider) return fail(new NoSendWalletError())
  store.setState({ step: step === 'approval' ? 'approving' : 'swapping', error: undefined, done: undefined })
  try {
    return await run(swap, user, provider)
  } catch (error) {
    return fail(error)
  }
}

/** Sends `tx` through the wallet's provider and waits for its receipt; returns the hash. */
async function send(client: OrielClient, provider: EIP1193Provider, tx: ConvertTransaction, user: `0x${string}`, p: SwapStepParameters) {
  if (tx.from.toLowerCase() !== user.toLowerCase()) throw new WrongSenderError({ expected: user, got: tx.from })
  // The wallet fills gas and fees itself (its own estimate and margin).
  const request = { from: user, to: tx.to, value: toQuantity(tx.value), data: tx.data }
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [request] })
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidChainAnswerError({ method: 'eth_sendTransaction', value: hash })
  }
  getSwapStore(client).setState({ hash })
  await waitForReceipt(provider, { hash, ...p.receipt })
  return hash
}

/**
 * Lets the router move the amount of the form's `from` token (an ERC-20 `approve(router,
 * amount)` built by `GET /v1/convert/build-approve`), sent through the connected wallet's own
 * provider, and waits for it to be mined. Then the form reads the allowance again and offers
 * the swap. A failure ('Signature declined', 'Approval failed: …', 'Transaction failed on
 * chain') shows in the store's `error` and is thrown.
 *
 * @example
 * editSwap(client, { from: dusd.address, to: eth.address, amount: '100' })
 * await approveSwap(client)
 */
export async function approveSwap(client: OrielClient, parameters: SwapStepParameters = {}): Promise<string> {
  return runStep(client, 'approval', async ({ fromToken, toToken, value }, user, provider) => {
    const tx = await getConvertApi(client).buildApprove({ userAddress: user, from: fromToken.address, to: toToken.address, amount: value })
    const hash = await send(client, provider, tx, user, parameters)
    getSwapStore(client).setState((state) => ({ step: 'idle', hash: undefined, revision: state.revision + 1 }))
    return hash
  })
}

export type SwapReturnType = {
  hash: string
  /** Base units of `to` the swap paid, from its receipt's logs (`undefined` if they do not say). */
  received: bigint | undefined
  /** What the view and the snackbar say: `Swapped 0.1 ETH for 296.150425 dUSD`. */
  summary: string
}

/**
 * Swaps the form's amount of `from` for `to` (spec §2 Swap view): frame-host builds the router
 * call at this moment with the minimum out at the form's slippage tolerance (1% unless the user
 * chose another; `POST
 * /v1/convert/build-transaction`), the connected wallet sends it, and once it is mined the
 * amount received is read from the receipt, the form clears its amount and says what was
 * swapped, and the native balance and the token list are read again. A failure shows in the
 * store's `error` (plain words: 'Signature declined', 'Swap failed: …', frame-host's reason such as
 * 'The transaction would fail: …') and is thrown.
 *
 * @example
 * editSwap(client, { from: eth.address, to: dusd.address, amount: '0.1' })
 * const { received } = await executeSwap(client)
 */
export async function executeSwap(client: OrielClient, parameters: SwapStepParameters = {}): Promise<SwapReturnType> {
  return runStep(client, 'swap', async ({ fromToken, toToken, value }, user, provider) => {
    const { slippage } = getSwapStore(client).getSnapshot()
    const built = await getConvertApi(client).buildTransaction({
      amount: value,
      from: fromToken.address,
      to: toToken.address,
      userAddress: user,
      slippage,
    })
    const hash = await send(client, provider, built.tx, user, parameters)
    const native = isNativeToken(toToken.address)
    const last = built.path.at(-1) ?? toToken.address
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    const received = receivedAmount({ receipt, user, router: built.tx.to, token: tokenContract(native ? last : toToken.address), native })
    const got = received === undefined ? '' : ` for ${formatSwapAmount(received, toToken.decimals)} ${toToken.symbol}`
    const summary = `Swapped ${formatSwapAmount(value, fromToken.decimals)} ${fromToken.symbol}${got}`
    getSwapStore(client).setState((state: SwapState) => ({
      step: 'idle',
      hash: undefined,
      amount: '',
      done: summary,
      revision: state.revision + 1,
    }))
    client.snackbar.showSuccess(summary)
    void refreshBalance(client, { force: true })
    void refreshTokenBalances(client, { force: true })
    return { hash, received, summary }
  })
}
