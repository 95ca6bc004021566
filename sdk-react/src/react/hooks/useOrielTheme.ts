import { useCallback } from 'react'
import { getTheme, setTheme, watchTheme } from '../../core/actions/getTheme'
import type { ResolvedThemeVariables, ThemeMode, ThemeVariables } from '../../core/config/theme'
import { useClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseOrielThemeReturnType = {
  /** `light` or `dark`. */
  themeMode: ThemeMode
  /** Every theme variable in effect (the spec defaults filled in). */
  themeVariables: Readonly<ResolvedThemeVariables>
  /** Switches the mode; anything but `light` or `dark` throws `InvalidThemeModeError`. */
  setThemeMode(themeMode: ThemeMode): void
  /**
   * Merges variables into the current ones (`undefined` restores a default); an unknown name or
   * a bad value throws `InvalidThemeVariableError`.
   */
  setThemeVariables(themeVariables: ThemeVariables): void
}

/**
 * Reads and changes the widget's theme at runtime.
 *
 * @example
 * function ThemeToggle() {
 *   const { themeMode, setThemeMode } = useOrielTheme()
 *   return (
 *     <button onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>
 *       {themeMode === 'dark' ? 'Light theme' : 'Dark theme'}
 *     </button>
 *   )
 * }
 */
export function useOrielTheme(): UseOrielThemeReturnType {
  const client = useOrielClient()
  const { themeMode, themeVariables } = useClientState(getTheme, watchTheme)
  const setThemeMode = useCallback((mode: ThemeMode) => setTheme(client, { themeMode: mode }), [client])
  const setThemeVariables = useCallback((variables: ThemeVariables) => setTheme(client, { themeVariables: variables }), [client])
  return { themeMode, themeVariables, setThemeMode, setThemeVariables }
}
