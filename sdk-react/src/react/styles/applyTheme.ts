import type { Config } from '../../core/config/createConfig'
import { css } from './css'

/** Sets the theme mode and the dapp's CSS variables on a shadow host. */
export function applyTheme(host: HTMLElement, config: Pick<Config, 'themeMode' | 'themeVariables'>): void {
  host.setAttribute('data-theme', config.themeMode)
  for (const [name, value] of Object.entries(config.themeVariables)) {
    if (value !== undefined) host.style.setProperty(name, String(value))
  }
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
