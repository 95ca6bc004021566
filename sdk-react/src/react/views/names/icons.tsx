// Icons of the name views (and their entry on the Account view).
import { Svg, type IconProps } from '../../icons/icons'

/** A name tag: what the Account view's "Choose a name" shows. */
export const NameIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 5.5A2 2 0 0 1 5.5 3.5h4.17a2 2 0 0 1 1.42.59l5.32 5.32a2 2 0 0 1 0 2.83l-4.17 4.17a2 2 0 0 1-2.83 0L4.09 11.1a2 2 0 0 1-.59-1.42z" />
    <circle cx="7.25" cy="7.25" r="1.1" fill="currentColor" />
  </Svg>
)
