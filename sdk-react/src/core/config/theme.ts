import { InvalidThemeModeError } from '../errors/config'

export type ThemeMode = 'light' | 'dark'

/** CSS variables a dapp may set. Unset ones take the defaults below. */
export interface ThemeVariables {
  /** Accent colour (buttons, tags, focus). Defaults to a colour tuned per theme mode. */
  '--oriel-accent'?: string
  '--oriel-font-family'?: string
  /** Base font size; every text size is a multiple of it. */
  '--oriel-font-size-base'?: string
  /** Base corner radius; every radius is a multiple of it. */
  '--oriel-border-radius-base'?: string
  '--oriel-z-index'?: number
  '--oriel-modal-width'?: string
}

export type ResolvedThemeVariables = Required<Omit<ThemeVariables, '--oriel-accent'>> &
  Pick<ThemeVariables, '--oriel-accent'>

export const DEFAULT_THEME_MODE: ThemeMode = 'dark'

/** Default accent per theme mode. */
export const DEFAULT_ACCENT: Readonly<Record<ThemeMode, string>> = Object.freeze({
  dark: '#3dd6c6',
  light: '#0f8f84',
})

export const DEFAULT_THEME_VARIABLES: Readonly<ResolvedThemeVariables> = Object.freeze({
  '--oriel-font-family':
    "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--oriel-font-size-base': '10px',
  '--oriel-border-radius-base': '4px',
  '--oriel-z-index': 999,
  '--oriel-modal-width': '360px',
})

/** Validates the theme mode (spec §5: light or dark). */
export function resolveThemeMode(themeMode: unknown = DEFAULT_THEME_MODE): ThemeMode {
  if (themeMode === 'light' || themeMode === 'dark') return themeMode
  throw new InvalidThemeModeError({ themeMode })
}

export function resolveThemeVariables(variables: ThemeVariables = {}): ResolvedThemeVariables {
  const resolved: ResolvedThemeVariables = { ...DEFAULT_THEME_VARIABLES }
  for (const [key, value] of Object.entries(variables)) {
    if (value !== undefined && value !== '') Object.assign(resolved, { [key]: value })
  }
  return resolved
}
