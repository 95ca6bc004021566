// Icons only the lazily loaded views use, kept out of the initial chunk.
import { Svg, type IconProps } from './icons'

export const CopyIcon = (p: IconProps) => (
  <Svg size={16} {...p}>
    <rect x="7" y="7" width="9.5" height="9.5" rx="2" />
    <path d="M13 7V5.5A2 2 0 0 0 11 3.5H5.5a2 2 0 0 0-2 2V11a2 2 0 0 0 2 2H7" />
  </Svg>
)

export const DisconnectIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 16.5H5.5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2H8M13 14l4-4-4-4M17 10H8" />
  </Svg>
)

export const DeviceIcon = (p: IconProps) => (
  <Svg size={28} {...p}>
    <rect x="3" y="3.5" width="14" height="10" rx="2" />
    <path d="M7 16.5h6M10 13.5v3" />
  </Svg>
)

export const ReceiveIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 3.5v10M5.5 9l4.5 4.5L14.5 9M4 16.5h12" />
  </Svg>
)
