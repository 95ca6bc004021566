import { InvalidThemeModeError, InvalidThemeVariableError } from '../errors/config'

/** `light` or `dark` (spec §5). */
export type ThemeMode = 'light' | 'dark'

/** CSS variables a dapp may set. Unset ones take the defaults below. */
export interface ThemeVariables {
  /** Accent colour (buttons, tags, links, focus rings). Defaults to a colour tuned per theme mode. */
  '--oriel-accent'?: string
  /** Font stack of the whole widget. */
  '--oriel-font-family'?: string
  /** Base font size (a CSS length); every text size is a multiple of it. Default `10px`. */
  '--oriel-font-size-base'?: string
  /** Base corner radius (a CSS length); every radius is a multiple of it. Default `4px`. */
  '--oriel-border-radius-base'?: string
  /** Stacking order of the modal's overlay (an integer). Default `999`. */
  '--oriel-z-index'?: number
  /** Width of the modal (a CSS length). Default `360px`. */
  '--oriel-modal-width'?: string
}

/** Every theme variable's name. */
export type ThemeVariableName = keyof ThemeVariables

/** Theme variables with every default filled in (the accent stays per mode unless set). */
export type ResolvedThemeVariables = Required<Omit<ThemeVariables, '--oriel-accent'>> &
  Pick<ThemeVariables, '--oriel-accent'>

/** The theme mode when none is configured (spec §9). */
export const DEFAULT_THEME_MODE: ThemeMode = 'dark'

/** Default accent per theme mode; each meets WCAG AA as text on its mode's background. */
export const DEFAULT_ACCENT: Readonly<Record<ThemeMode, string>> = Object.freeze({
  dark: '#3dd6c6',
  light: '#076b62',
})

/** Spec §9 theme defaults: modal width 360px, base font size 10px, base radius 4px, z-index 999. */
export const DEFAULT_THEME_VARIABLES: Readonly<ResolvedThemeVariables> = Object.freeze({
  '--oriel-font-family':
    "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--oriel-font-size-base': '10px',
  '--oriel-border-radius-base': '4px',
  '--oriel-z-index': 999,
  '--oriel-modal-width': '360px',
})

const LENGTH = /^(0|\d+(\.\d+)?(px|rem|em|vw|%))$/
/** Characters that would end a declaration or open a rule: never part of a valid value. */
const UNSAFE = /[;{}<>\\]/

const CHECKS: Readonly<Record<ThemeVariableName, { expected: string; valid(value: unknown): boolean }>> = {
  '--oriel-accent': { expected: 'a CSS colour, e.g. "#3dd6c6"', valid: isSafeText },
  '--oriel-font-family': { expected: 'a CSS font stack', valid: isSafeText },
  '--oriel-font-size-base': { expected: 'a CSS length, e.g. "10px"', valid: isLength },
  '--oriel-border-radius-base': { expected: 'a CSS length, e.g. "4px"', valid: isLength },
  '--oriel-modal-width': { expected: 'a CSS length, e.g. "360px"', valid: isLength },
  '--oriel-z-index': { expected: 'an integer, e.g. 999', valid: (v) => Number.isInteger(v) },
}

/** The names of every theme variable, in a stable order. */
export const THEME_VARIABLE_NAMES = Object.freeze(Object.keys(CHECKS) as ThemeVariableName[])

function isSafeText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && !UNSAFE.test(value)
}

function isLength(value: unknown): boolean {
  return typeof value === 'string' && LENGTH.test(value.trim())
}

/**
 * Validates the theme mode (spec §5: light or dark). Throws `InvalidThemeModeError` otherwise.
 *
 * @example
 * resolveThemeMode(undefined) // 'dark'
 * resolveThemeMode('light') // 'light'
 */
export function resolveThemeMode(themeMode: unknown = DEFAULT_THEME_MODE): ThemeMode {
  if (themeMode === 'light' || themeMode === 'dark') return themeMode
  throw new InvalidThemeModeError({ themeMode })
}

/**
 * Checks theme variables: only known names, each with a value of its kind. `undefined` (or an
 * empty string) unsets a variable. Throws `InvalidThemeVariableError`.
 *
 * @example
 * validateThemeVariables({ '--oriel-accent': '#6246ea' }) // ok
 * validateThemeVariables({ '--oriel-z-index': 'high' }) // throws InvalidThemeVariableError
 */
export function validateThemeVariables(variables: unknown): ThemeVariables {
  if (variables === undefined) return {}
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    throw new InvalidThemeVariableError({ name: 'themeVariables', value: variables, expected: 'an object' })
  }
  for (const [name, value] of Object.entries(variables)) {
    const check = CHECKS[name as ThemeVariableName]
    if (!check) {
      throw new InvalidThemeVariableError({ name, value, expected: `one of ${THEME_VARIABLE_NAMES.join(', ')}` })
    }
    if (value === undefined || value === '') continue
    if (!check.valid(value)) throw new InvalidThemeVariableError({ name, value, expected: check.expected })
  }
  return variables as ThemeVariables
}

/**
 * Validates `variables` and fills in the defaults (spec §9).
 *
 * @example
 * resolveThemeVariables({ '--oriel-accent': '#6246ea' })['--oriel-modal-width'] // '360px'
 */
export function resolveThemeVariables(variables: ThemeVariables = {}): ResolvedThemeVariables {
  const resolved: ResolvedThemeVariables = { ...DEFAULT_THEME_VARIABLES }
  for (const [key, value] of Object.entries(validateThemeVariables(variables))) {
    if (value !== undefined && value !== '') Object.assign(resolved, { [key]: value })
  }
  return resolved
}
