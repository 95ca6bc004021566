import { OrielMark } from '../icons/icons'
import { Snackbar } from './Snackbar'

/** "Secured by Oriel", or in its place the snackbar while a notification shows. */
export function Footer() {
  return (
    <footer className="footer">
      <span className="brand">
        <OrielMark />
        <span>
          Secured by <strong>Oriel</strong>
        </span>
      </span>
      <Snackbar />
    </footer>
  )
}
