// The social marks behind "More" on the Connect view (see socialIcons.tsx), loaded when first shown.
import type { SocialProvider } from '../../core/config/features'
import { markProps } from './socialIcons'

const Apple = () => (
  <svg aria-hidden="true" {...markProps} fill="currentColor">
    <path d="M12 8.2c1.2-.8 2.3-1.2 3.5-1.2 1.5 0 2.8.7 3.6 1.9-2.6 1.6-2.2 5.3.5 6.4-.5 1.6-1.3 3-2.2 4.1-.8 1-1.6 1.6-2.6 1.6s-1.6-.5-2.8-.5-1.9.5-2.8.5c-1 0-1.9-.7-2.7-1.8C5.1 17.4 4 14.7 4 12.3 4 9.1 6 7 8.4 7c1.3 0 2.4.4 3.6 1.2z" />
    <path d="M12.2 6.7c-.1-2 1.3-3.7 3.3-4 .2 2-1.3 3.8-3.3 4z" />
  </svg>
)

const Facebook = () => (
  <svg aria-hidden="true" {...markProps}>
    <circle cx="12" cy="12" r="10" fill="#1877F2" />
    <path
      fill="#fff"
      d="M13.3 22v-7.4h2.5l.4-2.9h-2.9V9.9c0-.8.3-1.4 1.4-1.4h1.6V6c-.3-.1-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v1.9H7.7v2.9h2.5V22z"
    />
  </svg>
)

const MARKS: Partial<Record<SocialProvider, typeof Apple>> = { apple: Apple, facebook: Facebook }

/** Apple's or Facebook's mark (nothing for a provider that is not one of them). */
export default function SocialIconMore({ provider }: { provider: SocialProvider }) {
  const Mark = MARKS[provider]
  return Mark ? <Mark /> : null
}
