import { THEME_VARIABLE_NAMES } from '../../core/config/theme'
import type { ThemeState } from '../../core/theme/themeStore'
import { css } from './css'
import { onAccentFor } from './palette'

/**
 * Sets the theme on a shadow host: `data-theme` for the mode, the dapp's CSS variables (a
 * variable no longer set is removed), and a readable text colour for a custom accent.
 */
export function applyTheme(host: HTMLElement, theme: ThemeState): void {
  host.setAttribute('data-theme', theme.themeMode)
  for (const name of THEME_VARIABLE_NAMES) {
    const value = theme.themeVariables[name]
    if (value === undefined) host.style.removeProperty(name)
    else host.style.setProperty(name, String(value))
  }
  const accent = theme.themeVariables['--oriel-accent']
  if (accent) host.style.setProperty('--oriel-on-accent', onAccentFor(accent, theme.themeMode))
  else host.style.removeProperty('--oriel-on-accent')
}

/** Attaches an open shadow root to `host` (or reuses it) with the widget stylesheet inside. */
export function attachStyledShadow(host: HTMLElement): ShadowRoot {
  if (host.shadowRoot) return host.shadowRoot
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = css
  root.append(style)
  return root
}
