// The Buy view's icon (and its entry on the Account view): a card.
import { Svg, type IconProps } from '../../icons/icons'

export const BuyIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="14" height="10" rx="2" />
    <path d="M3 8.5h14M6 12h3" />
  </Svg>
)
