import type { OrielClient } from '../client/createClient'
import type { InvalidThemeModeErrorType, InvalidThemeVariableErrorType } from '../errors/config'
import type { ThemeMode, ThemeVariables } from '../config/theme'
import type { ThemeState } from '../theme/themeStore'
import { type WatchParameters, type WatchReturnType, watch } from './cache'

/** `{ themeMode, themeVariables }`: every variable in effect (the spec defaults filled in). */
export type GetThemeReturnType = ThemeState

/**
 * The theme in effect.
 *
 * @example
 * const { themeMode, themeVariables } = getTheme(client)
 */
export function getTheme(client: OrielClient): GetThemeReturnType {
  return client.theme.getSnapshot()
}

export type WatchThemeParameters = WatchParameters<GetThemeReturnType>

export type WatchThemeReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the theme changes. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchTheme(client, { onChange: ({ themeMode }) => console.log(themeMode) })
 */
export function watchTheme(client: OrielClient, parameters: WatchThemeParameters): WatchThemeReturnType {
  return watch(client, [client.theme], getTheme, parameters.onChange)
}

export type SetThemeParameters = {
  /** `light` or `dark`. */
  themeMode?: ThemeMode | undefined
  /** Merged into the current variables; a variable set to `undefined` goes back to its default. */
  themeVariables?: ThemeVariables | undefined
}

export type SetThemeReturnType = undefined

export type SetThemeErrorType = InvalidThemeModeErrorType | InvalidThemeVariableErrorType

/**
 * Changes the theme at runtime: the mode, and variables merged into the current ones. A bad
 * mode throws `InvalidThemeModeError`; an unknown variable or a bad value throws
 * `InvalidThemeVariableError` and changes nothing.
 *
 * @example
 * setTheme(client, { themeMode: 'light', themeVariables: { '--oriel-accent': '#6246ea' } })
 */
export function setTheme(client: OrielClient, parameters: SetThemeParameters): SetThemeReturnType {
  const { themeMode, themeVariables } = parameters
  if (themeMode !== undefined) client.theme.setThemeMode(themeMode)
  if (themeVariables !== undefined) client.theme.setThemeVariables(themeVariables)
}
