// Icons of the Swap view (and its entry on the Account view).
import { Svg, type IconProps } from '../../icons/icons'

export const SwapIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h11.5M12.5 4l3 3-3 3M16 13H4.5M7.5 16l-3-3 3-3" />
  </Svg>
)

/** Turns the swap around (the token bought becomes the token sold). */
export const FlipIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 3.5v13M4 13.5l3 3 3-3M13 16.5v-13M10 6.5l3-3 3 3" />
  </Svg>
)
