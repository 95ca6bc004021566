import { OrielMark } from '../icons/icons'

/** "Secured by Oriel". */
export function Footer() {
  return (
    <footer className="footer">
      <OrielMark />
      <span>
        Secured by <strong>Oriel</strong>
      </span>
    </footer>
  )
}
