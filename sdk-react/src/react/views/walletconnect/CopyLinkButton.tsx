import { useOrielClient } from '../../hooks/useOrielClient'
import { CopyIcon } from './icons'

/** Copies the pairing URI, for wallets on the same device that take a pasted link. */
export function CopyLinkButton({ uri }: { uri: string | undefined }) {
  const client = useOrielClient()
  return (
    <button
      type="button"
      className="btn copy"
      disabled={!uri}
      onClick={() => {
        if (!uri) return
        navigator.clipboard.writeText(uri).then(
          () => client.snackbar.showSuccess('Link copied'),
          () => client.snackbar.showError('Failed to copy link'),
        )
      }}
    >
      <CopyIcon />
      Copy link
    </button>
  )
}
