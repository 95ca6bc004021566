// Interface icons: simple 20×20 line drawings that take the text colour.
import type { ReactNode, SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export function Svg({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" />
  </Svg>
)

export const HelpIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.25" />
    <path d="M8 8a2.1 2.1 0 0 1 4.1.6c0 1.4-2.1 1.7-2.1 3" />
    <circle cx="10" cy="14" r=".6" fill="currentColor" />
  </Svg>
)

export const BackIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4.5L6.5 10l5.5 5.5" />
  </Svg>
)

export const ChevronIcon = (p: IconProps) => (
  <Svg size={16} {...p}>
    <path d="M8 5l5 5-5 5" />
  </Svg>
)

export const MailIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2.75" y="4.5" width="14.5" height="11" rx="2.5" />
    <path d="M3.5 6.5l6.5 4.5 6.5-4.5" />
  </Svg>
)

export const KeyIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="7" cy="12.5" r="3.25" />
    <path d="M9.4 10.2l6.1-6.1M13.5 6.1l1.9 1.9M11.6 8l1.4 1.4" />
  </Svg>
)

export const ArrowIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4.5 10h11M11 5.5l4.5 4.5-4.5 4.5" />
  </Svg>
)

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="9" r="5.25" />
    <path d="M13 13l3.5 3.5" />
  </Svg>
)

export const MoreIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="4.5" cy="10" r=".9" fill="currentColor" />
    <circle cx="10" cy="10" r=".9" fill="currentColor" />
    <circle cx="15.5" cy="10" r=".9" fill="currentColor" />
  </Svg>
)

/** The pairing (QR code) entry. */
export const QrIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="5" height="5" rx="1.2" />
    <rect x="12" y="3" width="5" height="5" rx="1.2" />
    <rect x="3" y="12" width="5" height="5" rx="1.2" />
    <path d="M12 12h2v2M17 12v.01M14.5 17H17v-2.5M12 16.5v.5" />
  </Svg>
)

/** A wallet without an icon of its own. */
export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15.5 6.5V5a1.5 1.5 0 0 0-1.5-1.5H5A2 2 0 0 0 3 5.5v9A2 2 0 0 0 5 16.5h10a1.5 1.5 0 0 0 1.5-1.5V8A1.5 1.5 0 0 0 15 6.5H5" />
    <circle cx="13.25" cy="11.5" r=".9" fill="currentColor" />
  </Svg>
)

export const SpinnerIcon = (p: IconProps) => (
  <Svg className="spin" {...p}>
    <path d="M10 2.75a7.25 7.25 0 1 1-7.25 7.25" />
  </Svg>
)

export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.25" />
    <path d="M7 10.25l2 2 4-4.25" />
  </Svg>
)

export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.25" />
    <path d="M10 6.25v4.5" />
    <circle cx="10" cy="13.6" r=".6" fill="currentColor" />
  </Svg>
)

/** The Oriel mark: an arched bay window with a mullion. */
export const OrielMark = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="M4 17V9a6 6 0 0 1 12 0v8z" />
    <path d="M10 3.5V17M4 11h12" />
  </Svg>
)
