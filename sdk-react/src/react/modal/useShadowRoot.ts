import { useEffect, useState } from 'react'
import type { ThemeStore } from '../../core/theme/themeStore'
import { useStore } from '../hooks/useStore'
import { applyTheme, attachStyledShadow } from '../styles/applyTheme'

/** Tag of the element that hosts the modal's shadow root. */
export const HOST_TAG = 'oriel-modal'

/**
 * Creates, once `active` first becomes true, an `<oriel-modal>` host appended to `document.body`
 * with an open, styled shadow root that follows the theme; removes it on unmount. Runs only in
 * effects (SSR-safe).
 */
export function useBodyShadowRoot(active: boolean, themeStore: ThemeStore): ShadowRoot | null {
  const theme = useStore(themeStore)
  const [host, setHost] = useState<HTMLElement | null>(null)

  useEffect(() => {
    if (!active || host) return
    const element = document.createElement(HOST_TAG)
    attachStyledShadow(element)
    document.body.append(element)
    setHost(element)
  }, [active, host])

  useEffect(() => {
    if (host) applyTheme(host, theme)
  }, [host, theme])

  useEffect(() => () => host?.remove(), [host])

  return host?.shadowRoot ?? null
}
