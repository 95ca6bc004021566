import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { AlertIcon, CheckIcon, SpinnerIcon } from '../icons/icons'

const ICONS = { loading: SpinnerIcon, success: CheckIcon, error: AlertIcon } as const

/** The notification snackbar at the bottom of the modal; errors are announced assertively. */
export function Snackbar() {
  const { open, message, variant } = useStore(useOrielClient().snackbar)
  if (!open) return null
  const Icon = ICONS[variant]
  return (
    <div className="snackbar" data-variant={variant} role={variant === 'error' ? 'alert' : 'status'}>
      <Icon size={18} />
      <span>{message}</span>
    </div>
  )
}
