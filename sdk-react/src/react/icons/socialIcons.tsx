// Social provider marks, simplified to a few shapes each on a 20×20 grid.
import type { ReactElement } from 'react'
import type { SocialProvider } from '../../core/config/features'

const svg = { width: 22, height: 22, viewBox: '0 0 20 20', focusable: false } as const

const Google = () => (
  <svg {...svg} aria-hidden="true" fill="none" strokeWidth={2.6}>
    <path d="M17 10a7 7 0 0 1-2.05 4.95" stroke="#4285F4" />
    <path d="M10.4 10H17" stroke="#4285F4" />
    <path d="M14.95 14.95a7 7 0 0 1-9.9 0" stroke="#34A853" />
    <path d="M5.05 14.95a7 7 0 0 1-1.63-7.34" stroke="#FBBC05" />
    <path d="M3.42 7.61a7 7 0 0 1 11.53-2.56" stroke="#EA4335" />
  </svg>
)

const X = () => (
  <svg {...svg} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round">
    <path d="M4 4l12 12M16 4L4 16" />
  </svg>
)

const Discord = () => (
  <svg {...svg} aria-hidden="true" fill="#5865F2">
    <path d="M5 6.3C6.6 5.4 8.2 5 10 5s3.4.4 5 1.3c1 2 1.6 4.4 1.5 7-1.3 1-2.7 1.6-4.2 1.9l-.8-1.4a9 9 0 0 1-3 0l-.8 1.4c-1.5-.3-2.9-.9-4.2-1.9-.1-2.6.5-5 1.5-7z" />
    <circle cx="7.8" cy="10.6" r="1.2" fill="#fff" />
    <circle cx="12.2" cy="10.6" r="1.2" fill="#fff" />
  </svg>
)

const Farcaster = () => (
  <svg {...svg} aria-hidden="true" fill="#855DCD">
    <path d="M4 4h12v12h-2.6v-4.6a3.4 3.4 0 0 0-6.8 0V16H4z" />
  </svg>
)

const GitHub = () => (
  <svg {...svg} aria-hidden="true" fill="currentColor">
    <path d="M10 2.5a7.5 7.5 0 0 0-2.4 14.6c.4.1.5-.2.5-.4v-1.4c-2.1.5-2.5-.9-2.5-.9-.3-.9-.8-1.1-.8-1.1-.7-.5.1-.5.1-.5.8.1 1.2.8 1.2.8.7 1.2 1.8.8 2.2.6.1-.5.3-.8.5-1-1.7-.2-3.4-.8-3.4-3.7 0-.8.3-1.5.8-2-.1-.2-.3-1 .1-2 0 0 .6-.2 2.1.8a7 7 0 0 1 3.8 0c1.4-1 2.1-.8 2.1-.8.4 1 .2 1.8.1 2 .5.5.8 1.2.8 2 0 2.9-1.8 3.5-3.4 3.7.3.2.5.7.5 1.4v2.1c0 .2.1.5.5.4A7.5 7.5 0 0 0 10 2.5z" />
  </svg>
)

const Apple = () => (
  <svg {...svg} aria-hidden="true" fill="currentColor">
    <path d="M13.3 10.6c0-1.6 1.3-2.4 1.4-2.5-.8-1.1-2-1.3-2.4-1.3-1-.1-2 .6-2.5.6s-1.3-.6-2.2-.6c-1.1 0-2.2.7-2.8 1.7-1.2 2.1-.3 5.2.9 6.9.6.8 1.2 1.7 2.1 1.7.8 0 1.2-.5 2.2-.5s1.3.5 2.2.5c.9 0 1.5-.8 2-1.7.7-1 .9-1.9.9-2-.1 0-1.8-.7-1.8-2.8zM11.7 5.4c.5-.6.8-1.4.7-2.2-.7 0-1.5.5-2 1.1-.4.5-.8 1.3-.7 2.1.8.1 1.5-.4 2-1z" />
  </svg>
)

const Facebook = () => (
  <svg {...svg} aria-hidden="true">
    <circle cx="10" cy="10" r="7.5" fill="#1877F2" />
    <path d="M11 17.5v-5.6h1.8l.3-2.1H11V8.5c0-.6.2-1 1-1h1.1V5.6l-1.6-.1c-1.6 0-2.7 1-2.7 2.8v1.5H7v2.1h1.8v5.6z" fill="#fff" />
  </svg>
)

export const SOCIAL_ICONS: Readonly<Record<SocialProvider, () => ReactElement>> = {
  google: Google,
  x: X,
  discord: Discord,
  farcaster: Farcaster,
  github: GitHub,
  apple: Apple,
  facebook: Facebook,
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
