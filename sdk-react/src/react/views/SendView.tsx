import { useId, useRef, useState, type FormEvent } from 'react'
import { formatTokenQuantity, formatUsd, TOKEN_BALANCE_UNAVAILABLE } from '../../core/account/tokens'
import { getMaxSendAmount, getSendTokens, watchSendTokens } from '../../core/actions/sendTokens'
import { sendToken } from '../../core/actions/sendToken'
import { getErrorMessage } from '../../core/errors/base'
import { formatUnits } from 'viem'
import { usdValue } from '../../core/send/amount'
import { UNSUPPORTED_CHAIN } from '../../core/send/errors'
import { editSend, getSendStore } from '../../core/send/sendStore'
import { canSend, inspectSendForm } from '../../core/send/validate'
import { MAX_NAME_LENGTH } from '../../core/names/rules'
import { useAccount } from '../hooks/useAccount'
import { useClientState } from '../hooks/useClientState'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { useTokenBalances } from '../hooks/useTokenBalances'
import { ChevronIcon, SpinnerIcon } from '../icons/icons'
import { FeeLine } from './send/FeeLine'
import { ReceiverName, useReceiverName } from './send/ReceiverName'
import { SendIcon } from './send/icons'
import { TokenIcon } from './TokenIcon'
import { TokenPicker } from './send/TokenPicker'
import { useSendFee } from './send/useSendFee'
import type { ViewProps } from './types'

/**
 * Send (reached from Account, spec §4 send flow): a token from the balance list, an amount (Max
 * leaves room for the fee on the native coin) with its USD value, a receiver checked as typed,
 * the network fee, then Send through the connected wallet. A receiver that is a name (`alice.oriel.id`,
 * an ENS name) shows the address it resolves to, with the name's image. The form lives in the client's send
 * store, so it survives the wallet's approval view; a failure shows here, in place.
 */
export default function SendView({ entry }: ViewProps) {
  const client = useOrielClient()
  const ids = useId()
  const { namespace } = useAccount()
  const { loaded, failed } = useTokenBalances()
  const tokens = useClientState(getSendTokens, watchSendTokens)
  const form = useStore(getSendStore(client))
  const token = tokens.find((t) => t.key === form.tokenKey)
  const [picking, setPicking] = useState(false)
  const [maxBusy, setMaxBusy] = useState(false)
  const amountRef = useRef<HTMLInputElement>(null)

  useReceiverName(form.receiver, namespace === 'eip155' && !form.loading)
  const receiverAddress = form.receiverName?.status === 'resolved' ? form.receiverName.address : undefined
  const draft = inspectSendForm({ namespace, token, amount: form.amount, receiver: form.receiver, receiverAddress })
  const fee = useSendFee({
    request: token && draft.value !== undefined && !form.loading ? { token, value: draft.value, to: draft.to } : undefined,
  })
  const feeReserve = fee.status === 'ready' ? fee.fee.max : undefined
  const checked = inspectSendForm({ namespace, token, amount: form.amount, receiver: form.receiver, receiverAddress, feeReserve })

  if (!canSend(namespace)) {
    return (
      <div className="view center" data-view={entry.view}>
        <p role="alert">{UNSUPPORTED_CHAIN}</p>
      </div>
    )
  }

  const showPicker = picking || (!token && !form.loading)
  const native = tokens.find((t) => !t.contract)
  const usd = token ? usdValue(form.amount, token.price) : null
  const balance = token ? formatTokenQuantity(formatUnits(token.balance, token.decimals)) : undefined

  async function max() {
    if (!token) return
    setMaxBusy(true)
    try {
      const value = await getMaxSendAmount(client, { token, receiver: receiverAddress ?? form.receiver })
      editSend(client, { amount: formatUnits(value, token.decimals) })
    } catch (error) {
      console.error('oriel: computing the Max amount failed', error)
      getSendStore(client).setState({ error: `Could not compute Max: ${getErrorMessage(error)}` })
    } finally {
      setMaxBusy(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    sendToken(client).catch((error: unknown) => console.error('oriel: send failed', error))
  }

  const amountErrorId = `${ids}-amount-error`
  const receiverErrorId = `${ids}-receiver-error`
  const receiverInvalid = checked.receiverError !== undefined || form.receiverName?.status === 'error'
  return (
    <form className="view stack send" data-view={entry.view} onSubmit={submit} noValidate aria-busy={form.loading}>
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-amount`}>
          Amount
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
            disabled={form.loading}
            aria-invalid={checked.amountError ? true : undefined}
            aria-describedby={checked.amountError ? amountErrorId : undefined}
            onChange={(event) => editSend(client, { amount: event.target.value.replace(',', '.') })}
          />
          <button
            type="button"
            className="token-chip"
            aria-expanded={showPicker}
            aria-controls={`${ids}-tokens`}
            disabled={form.loading}
            onClick={() => setPicking(!showPicker)}
          >
            {token ? <TokenIcon token={token} /> : null}
            <span>{token ? token.symbol : 'Select token'}</span>
            {token ? <span className="sr">, change token</span> : null}
            <ChevronIcon className="chev-down" />
          </button>
        </div>
        <div className="send-meta">
          <span data-testid="send-usd">{token && token.price !== null ? formatUsd(usd ?? 0) : ''}</span>
          {token ? (
            <span className="send-balance">
              <span data-testid="send-balance">
                Balance {balance} {token.symbol}
              </span>
              <button type="button" className="link" onClick={max} disabled={form.loading || maxBusy} aria-busy={maxBusy}>
                Max
              </button>
            </span>
          ) : null}
        </div>
        {checked.amountError ? (
          <p className="field-error" id={amountErrorId}>
            {checked.amountError}
          </p>
        ) : null}
      </div>
      {showPicker ? (
        <TokenPicker
          id={`${ids}-tokens`}
          tokens={tokens}
          selected={form.tokenKey}
          empty={failed ? TOKEN_BALANCE_UNAVAILABLE : loaded ? 'No tokens to send yet.' : 'Loading tokens…'}
          onPick={(picked) => {
            editSend(client, { tokenKey: picked.key })
            setPicking(false)
            amountRef.current?.focus()
          }}
        />
      ) : null}
      <div className="send-box">
        <label className="send-label" htmlFor={`${ids}-receiver`}>
          To
        </label>
        <input
          id={`${ids}-receiver`}
          className="send-receiver"
          autoComplete="off"
          spellCheck={false}
          placeholder={namespace === 'solana' ? 'Solana address' : '0x… address or name'}
          maxLength={MAX_NAME_LENGTH}
          value={form.receiver}
          disabled={form.loading}
          aria-invalid={receiverInvalid || undefined}
          aria-describedby={receiverInvalid ? receiverErrorId : undefined}
          onChange={(event) => editSend(client, { receiver: event.target.value })}
        />
        {namespace === 'eip155' ? <ReceiverName state={form.receiverName} errorId={receiverErrorId} /> : null}
        {checked.receiverError ? (
          <p className="field-error" id={receiverErrorId}>
            {checked.receiverError}
          </p>
        ) : null}
      </div>
      <FeeLine fee={fee} native={native} />
      <div aria-live="polite" className="send-status">
        {form.error ? (
          <p className="send-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn primary" disabled={form.loading} aria-busy={form.loading}>
        {form.loading ? <SpinnerIcon /> : <SendIcon />}
        {form.loading ? (form.hash ? 'Confirming…' : 'Waiting for the wallet…') : 'Send'}
      </button>
    </form>
  )
}
