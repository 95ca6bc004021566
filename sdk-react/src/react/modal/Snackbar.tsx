import { useEffect, useState } from 'react'
import { SNACKBAR_REPLACE_DELAY_MS } from '../../core/constants'
import type { SnackbarState } from '../../core/snackbar/snackbarStore'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { AlertIcon, CheckIcon, SpinnerIcon } from '../icons/icons'

const ICONS = { loading: SpinnerIcon, success: CheckIcon, error: AlertIcon } as const

/**
 * The notification snackbar, in the footer's place; errors are announced assertively. A
 * closed message fades out over the 150 ms before a replacement appears (hidden from assistive
 * technology meanwhile).
 */
export function Snackbar() {
  const state = useStore(useOrielClient().snackbar)
  const [leaving, setLeaving] = useState<SnackbarState | undefined>(undefined)
  const [last, setLast] = useState<SnackbarState | undefined>(undefined)

  if (state.open && last !== state) setLast(state)
  if (!state.open && last?.open) {
    setLast(undefined)
    setLeaving(last)
  }

  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(() => setLeaving(undefined), SNACKBAR_REPLACE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [leaving])

  const shown = state.open ? state : leaving
  if (!shown) return null
  const Icon = ICONS[shown.variant]
  if (!state.open) {
    return (
      <div className="snackbar leaving" data-variant={shown.variant} aria-hidden="true">
        <Icon size={18} />
        <span>{shown.message}</span>
      </div>
    )
  }
  return (
    <div className="snackbar" data-variant={shown.variant} role={shown.variant === 'error' ? 'alert' : 'status'}>
      <Icon size={18} />
      <span>{shown.message}</span>
    </div>
  )
}
