// Icons of the Send view (and its entry on the Account view).
import { Svg, type IconProps } from '../../icons/icons'

export const SendIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 16.5v-10M5.5 11 10 6.5l4.5 4.5M4 3.5h12" />
  </Svg>
)
