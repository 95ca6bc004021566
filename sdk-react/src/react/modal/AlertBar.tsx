import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { AlertIcon } from '../icons/icons'

/** A configuration alert (e.g. "Project ID Not Configured") above the view. */
export function AlertBar() {
  const { alert } = useStore(useOrielClient().alerts)
  if (!alert) return null
  return (
    <div className="alert" role="alert">
      <AlertIcon />
      <div>
        <strong>{alert.title}</strong>
        {alert.description ? <p>{alert.description}</p> : null}
      </div>
    </div>
  )
}
