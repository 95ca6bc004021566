import { getViewTitle } from '../../core/modal/views'
import { SpinnerIcon } from '../icons/icons'
import type { ViewProps } from './types'

/** Stands in for a view that a later version builds: the router still shows its title. */
export default function PlaceholderView({ entry }: ViewProps) {
  const email = entry.data?.['email']
  return (
    <div className="view center" data-view={entry.view}>
      <SpinnerIcon size={28} />
      <p>
        {typeof email === 'string' ? `${email} · ` : ''}
        {getViewTitle(entry)} is coming in a later version.
      </p>
    </div>
  )
}
