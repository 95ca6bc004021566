import { useOrielClient } from '../hooks/useOrielClient'
import { getLoginNotKept } from '../../core/embedded/actions/storageAccess'
import { useStore } from '../hooks/useStore'

/** How a user lets the wallet keep its storage when the widget cannot ask for them. */
export const HOW_TO_ALLOW =
  "To stay logged in, allow third-party cookies and site data for this site in your browser's privacy settings."

/**
 * In the Account view of an embedded-wallet login that ends with the page, because the browser
 * gives the wallet frame no lasting storage: says so, and where the browser offers the Storage
 * Access API, offers to ask for it in the frame ("Stay logged in").
 */
export function StorageNotice() {
  const client = useOrielClient()
  const { storage } = useStore(client.embedded)
  if (storage?.persistent !== false) return null
  return (
    <section className="notice" role="status" data-testid="storage-notice">
      <p>
        This browser blocks the wallet's storage on this site, so you will have to log in again on your next
        visit.
      </p>
      {storage.canRequest ? (
        <button type="button" className="btn" onClick={() => client.modal.push('StorageAccess')}>
          Stay logged in
        </button>
      ) : (
        <p>{HOW_TO_ALLOW}</p>
      )}
    </section>
  )
}

/**
 * In the Connect view after a login that the browser did not let the wallet keep: says why
 * the user is logged out, instead of a silent disconnect.
 */
export function LoginNotKeptNotice() {
  const client = useOrielClient()
  // Re-read when the account changes (a login clears the reason).
  useStore(client.account)
  if (!getLoginNotKept(client)) return null
  return (
    <section className="notice" role="status" data-testid="login-not-kept">
      <p>
        You were logged out because this browser blocks the wallet's storage on this site, so your last login could
        not be kept. Log in again to continue.
      </p>
      <p>{HOW_TO_ALLOW}</p>
    </section>
  )
}
