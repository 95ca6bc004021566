import {
  resolveThemeMode,
  resolveThemeVariables,
  validateThemeVariables,
  type ResolvedThemeVariables,
  type ThemeMode,
  type ThemeVariables,
} from '../config/theme'
import { createStore, type ReadableStore } from '../store/createStore'

/** The theme in effect: the mode and every variable (defaults filled in). */
export interface ThemeState {
  readonly themeMode: ThemeMode
  readonly themeVariables: Readonly<ResolvedThemeVariables>
}

/** The theme, readable and changeable at runtime. */
export interface ThemeStore extends ReadableStore<ThemeState> {
  /** Switches to `light` or `dark`; anything else throws `InvalidThemeModeError`. */
  setThemeMode(themeMode: ThemeMode): void
  /**
   * Merges `variables` into the current ones; a variable set to `undefined` goes back to its
   * default. Unknown names or bad values throw `InvalidThemeVariableError` and change nothing.
   */
  setThemeVariables(variables: ThemeVariables): void
}

export type CreateThemeStoreParameters = {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export type CreateThemeStoreReturnType = ThemeStore

/**
 * Creates the theme store from the config's `themeMode` and `themeVariables`.
 *
 * @example
 * const theme = createThemeStore({ themeMode: 'dark', themeVariables: {} })
 * theme.setThemeMode('light')
 * theme.setThemeVariables({ '--oriel-accent': '#6246ea' })
 * theme.getSnapshot().themeVariables['--oriel-modal-width'] // '360px'
 */
export function createThemeStore(parameters: CreateThemeStoreParameters): CreateThemeStoreReturnType {
  const store = createStore<ThemeState>({
    themeMode: resolveThemeMode(parameters.themeMode),
    themeVariables: Object.freeze(resolveThemeVariables(parameters.themeVariables)),
  })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    setThemeMode(themeMode) {
      store.setState({ themeMode: resolveThemeMode(themeMode) })
    },
    setThemeVariables(variables) {
      const patch = validateThemeVariables(variables)
      const next: Record<string, unknown> = { ...store.getSnapshot().themeVariables }
      for (const [name, value] of Object.entries(patch)) {
        if (value === undefined || value === '') delete next[name]
        else next[name] = value
      }
      store.setState({ themeVariables: Object.freeze(resolveThemeVariables(next as ThemeVariables)) })
    },
  }
}
