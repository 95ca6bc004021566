import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { formatTokenQuantity } from '../../core/account/tokens'
import { loadSwapTokens } from '../../core/actions/loadSwapTokens'
import { getMaxSwapAmount } from '../../core/actions/previewSwap'
import { approveSwap, executeSwap } from '../../core/actions/swap'
import type { SwapToken } from '../../core/convert/parse'
import { getErrorMessage } from '../../core/errors/base'
import { formatUnits } from 'viem'
import { formatSwapAmount } from '../../core/swap/amounts'
import { inspectSwapForm } from '../../core/swap/form'
import { editSwap, flipSwap, getSwapStore } from '../../core/swap/swapStore'
import { useAccount } from '../hooks/useAccount'
import { useNetwork } from '../hooks/useNetwork'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { useTokenBalances } from '../hooks/useTokenBalances'
import { ChevronIcon, SpinnerIcon } from '../icons/icons'
import { FlipIcon, SwapIcon } from './swap/icons'
import { SlippageSetting } from './swap/SlippageSetting'
import { SwapFacts } from './swap/SwapFacts'
import { SwapTokenPicker } from './swap/SwapTokenPicker'
import { useSwapPreview } from './swap/useSwapPreview'
import { TokenIcon } from './TokenIcon'
import type { ViewProps } from './types'

/** The token chip that opens a side's picker. */
function TokenChip(p: { token: SwapToken | undefined; open: boolean; controls: string; disabled: boolean; onClick(): void }) {
  return (
    <button type="button" className="token-chip" aria-expanded={p.open} aria-controls={p.controls} disabled={p.disabled} onClick={p.onClick}>
      {p.token ? <TokenIcon token={{ symbol: p.token.symbol, iconUrl: p.token.logoUri }} /> : null}
      <span>{p.token ? p.token.symbol : 'Select token'}</span>
      {p.token ? <span className="sr">, change token</span> : null}
      <ChevronIcon className="chev-down" />
    </button>
  )
}

/**
 * Swap (spec §2, reached from Account): the token sold and the token bought (each picked from the
 * network's swappable tokens, with search), the amount with Max, and a live quote 500 ms after
 * typing stops: what it pays, the rate, the price impact, the minimum received at the slippage
 * tolerance (1% unless the user picks 0.5%, 2% or types one) and the network fee. When the router may not move enough of the token yet, "Approve
 * {symbol}" comes first, then "Swap"; both go through the connected wallet. The form lives in the
 * client's swap store, so it survives the wallet's approval view; failures show here, in place.
 */
export default function SwapView({ entry }: ViewProps) {
  const client = useOrielClient()
  const ids = useId()
  const { address } = useAccount()
  const { caipNetworkId } = useNetwork()
  const { balances } = useTokenBalances()
  const form = useStore(getSwapStore(client))
  const [picking, setPicking] = useState<'from' | 'to' | undefined>()
  const [maxBusy, setMaxBusy] = useState(false)
  const amountRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (address && caipNetworkId) void loadSwapTokens(client)
  }, [client, address, caipNetworkId])

  const tokens = form.tokens.status === 'ready' ? form.tokens.tokens : []
  const checked = inspectSwapForm({ tokens, from: form.from, to: form.to, amount: form.amount, balances })
  const { fromToken, toToken, balance } = checked
  const busy = form.step !== 'idle'
  const preview = useSwapPreview({
    from: fromToken,
    to: toToken,
    amount: checked.value,
    withFee: checked.amountError === undefined,
    revision: form.revision,
    enabled: !busy,
    slippage: form.slippage,
  })

  if (!address) {
    return (
      <div className="view center" data-view={entry.view}>
        <p>No account is connected.</p>
      </div>
    )
  }
  if (form.tokens.status === 'error') {
    return (
      <div className="view center" data-view={entry.view}>
        <p role="alert">{form.tokens.message}</p>
        {form.tokens.unsupported ? (
          client.config.enableNetworkSwitch ? (
            <button type="button" className="btn" onClick={() => client.modal.push('Networks')}>
              Switch network
            </button>
          ) : null
        ) : (
          <button type="button" className="btn" onClick={() => void loadSwapTokens(client, { force: true })}>
            Try again
          </button>
        )}
      </div>
    )
  }
  if (form.tokens.status !== 'ready') {
    return (
      <div className="view center" data-view={entry.view} role="status">
        <SpinnerIcon size={28} />
        <p>Loading tokens…</p>
      </div>
    )
  }

  const ready = preview.status === 'ready' ? preview.preview : undefined
  const needsApproval = ready?.needsApproval ?? false
  const canSubmit = !busy && !!ready && !!fromToken && !!toToken && checked.amountError === undefined

  let label: string
  if (form.step === 'approving') label = form.hash ? 'Confirming approval…' : 'Waiting for the wallet…'
  else if (form.step === 'swapping') label = form.hash ? 'Confirming swap…' : 'Waiting for the wallet…'
  else if (!toToken) label = 'Choose a token to receive'
  else if (form.amount.trim() === '') label = 'Enter an amount'
  else if (needsApproval && fromToken) label = `Approve ${fromToken.symbol}`
  else label = 'Swap'

  async function max() {
    const to = toToken ?? tokens.find((t) => t.address !== fromToken?.address)
    if (!fromToken || !to) return
    setMaxBusy(true)
    try {
      const value = await getMaxSwapAmount(client, { from: fromToken, to, balance })
      editSwap(client, { amount: formatUnits(value, fromToken.decimals) })
    } catch (error) {
      console.error('oriel: computing the Max amount failed', error)
      getSwapStore(client).setState({ error: `Could not compute Max: ${getErrorMessage(error)}` })
    } finally {
      setMaxBusy(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!canSubmit) return
    const step = needsApproval ? approveSwap(client) : executeSwap(client)
    step.catch((error: unknown) => console.error(`oriel: ${needsApproval ? 'approval' : 'swap'} failed`, error))
  }

  function pick(side: 'from' | 'to', token: SwapToken) {
    editSwap(client, side === 'from' ? { from: token.address } : { to: token.address })
    setPicking(undefined)
    if (side === 'from') amountRef.current?.focus()
  }

  const amountErrorId = `${ids}-amount-error`
  return (
    <form className="view stack send swap" data-view={entry.view} onSubmit={submit} noValidate aria-busy={busy}>
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-amount`}>
          You pay
        </label>
        <div className="send-amount">
          <input
            id={`${ids}-amount`}
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            maxLength={100}
            value={form.amount}
            disabled={busy}
            aria-invalid={checked.amountError ? true : undefined}
            aria-describedby={checked.amountError ? amountErrorId : undefined}
            onChange={(event) => editSwap(client, { amount: event.target.value.replace(',', '.') })}
          />
          <TokenChip
            token={fromToken}
            open={picking === 'from'}
            controls={`${ids}-from`}
            disabled={busy}
            onClick={() => setPicking(picking === 'from' ? undefined : 'from')}
          />
        </div>
        {fromToken ? (
          <div className="send-meta">
            <span />
            <span className="send-balance">
              <span data-testid="swap-balance">
                Balance {formatTokenQuantity(formatUnits(balance, fromToken.decimals))} {fromToken.symbol}
              </span>
              <button type="button" className="link" onClick={max} disabled={busy || maxBusy} aria-busy={maxBusy}>
                Max
              </button>
            </span>
          </div>
        ) : null}
        {checked.amountError ? (
          <p className="field-error" id={amountErrorId}>
            {checked.amountError}
          </p>
        ) : null}
      </div>
      {picking === 'from' ? (
        <SwapTokenPicker id={`${ids}-from`} label="Tokens to pay with" tokens={tokens} balances={balances} selected={form.from} onPick={(t) => pick('from', t)} />
      ) : null}
      <button type="button" className="icon-btn swap-flip" aria-label="Switch the tokens" disabled={busy} onClick={() => flipSwap(client)}>
        <FlipIcon />
      </button>
      <div className="send-box">
        <span className="send-label" id={`${ids}-receive`}>
          You receive
        </span>
        <div className="send-amount">
          <output className="swap-receive" aria-labelledby={`${ids}-receive`} data-testid="swap-receive">
            {ready && toToken ? formatSwapAmount(ready.quote.toAmount, toToken.decimals) : preview.status === 'loading' ? '…' : '0'}
          </output>
          <TokenChip
            token={toToken}
            open={picking === 'to'}
            controls={`${ids}-to`}
            disabled={busy}
            onClick={() => setPicking(picking === 'to' ? undefined : 'to')}
          />
        </div>
      </div>
      {picking === 'to' ? (
        <SwapTokenPicker id={`${ids}-to`} label="Tokens to receive" tokens={tokens} balances={balances} selected={form.to} onPick={(t) => pick('to', t)} />
      ) : null}
      {fromToken && toToken ? <SwapFacts preview={preview} from={fromToken} to={toToken} /> : null}
      <SlippageSetting value={form.slippage} disabled={busy} />
      <div aria-live="polite" className="send-status">
        {form.error ? (
          <p className="send-error" role="alert">
            {form.error}
          </p>
        ) : null}
        {form.done ? (
          <p className="swap-done" data-testid="swap-done">
            {form.done}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn primary" disabled={!canSubmit} aria-busy={busy}>
        {busy ? <SpinnerIcon /> : <SwapIcon />}
        {label}
      </button>
    </form>
  )
}
