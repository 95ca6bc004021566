import { useId, useState } from 'react'
import { DEFAULT_SLIPPAGE_PERCENT, SLIPPAGE_CHOICES_PERCENT } from '../../../core/constants'
import { isSlippage, setSwapSlippage } from '../../../core/swap/swapStore'
import { useOrielClient } from '../../hooks/useOrielClient'

/** Above this, the view warns that the swap may pay much less than quoted. */
const HIGH_SLIPPAGE_PERCENT = 5

export type SlippageSettingProps = {
  /** The tolerance in effect, percent. */
  value: number
  disabled: boolean
}

/**
 * The swap's slippage tolerance (spec §9, 1% by default): 0.5%, 1% or 2%, or a typed percentage
 * from 0 to 50 with at most 2 decimals. The quote's minimum and the swap built follow it; a
 * tolerance above 5% is warned about.
 */
export function SlippageSetting({ value, disabled }: SlippageSettingProps) {
  const client = useOrielClient()
  const ids = useId()
  const preset = SLIPPAGE_CHOICES_PERCENT.includes(value)
  const [custom, setCustom] = useState(preset ? '' : String(value))
  const typed = custom.trim() === '' ? undefined : Number(custom.replace(',', '.'))
  const invalid = typed !== undefined && !isSlippage(typed)
  const errorId = `${ids}-error`
  return (
    <fieldset className="stack" disabled={disabled}>
      <legend className="send-label">Slippage tolerance</legend>
      <div className="chips">
        {SLIPPAGE_CHOICES_PERCENT.map((choice) => (
          <button
            key={choice}
            type="button"
            className="token-chip"
            aria-pressed={value === choice && (custom === '' || typed === choice)}
            onClick={() => {
              setCustom('')
              setSwapSlippage(client, choice)
            }}
          >
            {choice}%{choice === DEFAULT_SLIPPAGE_PERCENT ? ' (default)' : ''}
          </button>
        ))}
        <input
          className="token-chip"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Custom %"
          aria-label="Custom slippage tolerance, percent"
          maxLength={6}
          value={custom}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const text = event.target.value
            setCustom(text)
            const percent = Number(text.replace(',', '.'))
            if (text.trim() !== '' && isSlippage(percent)) setSwapSlippage(client, percent)
            if (text.trim() === '') setSwapSlippage(client, DEFAULT_SLIPPAGE_PERCENT)
          }}
        />
      </div>
      {invalid ? (
        <p className="field-error" id={errorId}>
          Enter a percentage from 0 to 50, with at most 2 decimals
        </p>
      ) : value > HIGH_SLIPPAGE_PERCENT ? (
        <p className="field-error" role="note">
          With {value}% the swap may pay much less than quoted.
        </p>
      ) : null}
    </fieldset>
  )
}
