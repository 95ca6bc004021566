import { BackIcon, CloseIcon, HelpIcon } from '../icons/icons'

export type HeaderProps = {
  title: string
  titleId: string
  /** Shows a back button instead of the help button. */
  onBack?: (() => void) | undefined
  onHelp?: (() => void) | undefined
  /** Hidden when undefined (inline widget). */
  onClose?: (() => void) | undefined
  /** The close button's accessible name. Default: Close. */
  closeLabel?: string | undefined
}

/** Title row: help or back on the left, close on the right. */
export function Header({ title, titleId, onBack, onHelp, onClose, closeLabel = 'Close' }: HeaderProps) {
  return (
    <header className="header">
      {onBack ? (
        <button type="button" className="icon-btn" aria-label="Back" onClick={onBack}>
          <BackIcon />
        </button>
      ) : onHelp ? (
        <button type="button" className="icon-btn" aria-label="Help" onClick={onHelp}>
          <HelpIcon />
        </button>
      ) : (
        <span />
      )}
      <h2 className="title" id={titleId} key={title}>
        {title}
      </h2>
      {onClose ? (
        <button type="button" className="icon-btn" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : (
        <span />
      )}
    </header>
  )
}
