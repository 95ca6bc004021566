// Social provider marks, our own simple drawings of each brand's shape and colours on a 24×24
// grid, shown at 24 px. The marks the Connect view shows by default live here; the others
// (Apple, Facebook: behind "More") load with socialIconsMore.tsx when first shown.
import { lazy, Suspense, type ReactElement } from 'react'
import type { SocialProvider } from '../../core/config/features'

export const markProps = { width: 24, height: 24, viewBox: '0 0 24 24', focusable: false } as const

const Google = () => (
  <svg aria-hidden="true" {...markProps} fill="none" strokeWidth={3.4}>
    <path d="M20.5 12.5a8.5 8.5 0 0 1-2.6 5.9" stroke="#4285F4" />
    <path d="M12.2 12.3h8.3" stroke="#4285F4" />
    <path d="M17.9 18.4a8.5 8.5 0 0 1-12.3-.6" stroke="#34A853" />
    <path d="M5.6 17.8a8.5 8.5 0 0 1-.6-9.6" stroke="#FBBC05" />
    <path d="M5 8.2a8.5 8.5 0 0 1 13-2.4" stroke="#EA4335" />
  </svg>
)

const X = () => (
  <svg aria-hidden="true" {...markProps} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round">
    <path d="M3.5 3.8h4.8l12.2 16.4h-4.8z" />
    <path d="M19.6 3.8l-6.3 6.9M10.7 13.3l-6.3 6.9" strokeLinecap="round" />
  </svg>
)

const Discord = () => (
  <svg aria-hidden="true" {...markProps}>
    <path
      fill="#5865F2"
      d="M19.2 5.6a16 16 0 0 0-4-1.3l-.6 1.1a14 14 0 0 0-5.2 0l-.6-1.1a16 16 0 0 0-4 1.3C2.3 9.4 1.6 13.1 2 16.7a16 16 0 0 0 4.9 2.5l1.1-1.7-1.7-.9.4-.3a11.4 11.4 0 0 0 10.6 0l.4.3-1.7.9 1.1 1.7a16 16 0 0 0 4.9-2.5c.5-4.1-.7-7.8-2.8-11.1z"
    />
    <ellipse cx="8.9" cy="13" rx="1.6" ry="1.8" fill="#fff" />
    <ellipse cx="15.1" cy="13" rx="1.6" ry="1.8" fill="#fff" />
  </svg>
)

const Farcaster = () => (
  <svg aria-hidden="true" {...markProps}>
    <rect x="2" y="2" width="20" height="20" rx="5" fill="#855DCD" />
    <path
      fill="#fff"
      d="M6.5 6.5h11v1.8h-.8v8.4h.8v1.8h-3.8v-1.8h.6v-3.9a2.3 2.3 0 0 0-4.6 0v3.9h.6v1.8H6.5v-1.8h.8V8.3h-.8z"
    />
  </svg>
)

const GitHub = () => (
  <svg aria-hidden="true" {...markProps} fill="currentColor">
    <path d="M9 21.6v-3c-2.5-.4-4-1.8-4-4.8 0-1.1.4-2 1-2.7L6.1 8 9 9.2a11 11 0 0 1 6 0L17.9 8l.1 3.1c.6.7 1 1.6 1 2.7 0 3-1.5 4.4-4 4.8v3A10 10 0 1 0 9 21.6z" />
  </svg>
)

const FIRST: Partial<Record<SocialProvider, () => ReactElement>> = { google: Google, x: X, discord: Discord, farcaster: Farcaster, github: GitHub }

const MoreMark = lazy(() => import('./socialIconsMore'))

/** A provider's 24 px mark; one not shown by default loads on first use, its room kept meanwhile. */
export function SocialIcon({ provider }: { provider: SocialProvider }) {
  const Mark = FIRST[provider]
  if (Mark) return <Mark />
  return (
    <Suspense fallback={<span className="mark-room" />}>
      <MoreMark provider={provider} />
    </Suspense>
  )
}

export const SOCIAL_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
