import { useEffect, useState } from 'react'
import type { Config } from '../../core/config/createConfig'
import { applyTheme, attachStyledShadow } from '../styles/applyTheme'

/** Tag of the element that hosts the modal's shadow root. */
export const HOST_TAG = 'oriel-modal'

/**
 * Creates, once `active` first becomes true, an `<oriel-modal>` host appended to `document.body`
 * with an open, styled shadow root; removes it on unmount. Runs only in effects (SSR-safe).
 */
export function useBodyShadowRoot(active: boolean, config: Config): ShadowRoot | null {
  const [host, setHost] = useState<HTMLElement | null>(null)

  useEffect(() => {
    if (!active || host) return
    const element = document.createElement(HOST_TAG)
    attachStyledShadow(element)
    document.body.append(element)
    setHost(element)
  }, [active, host])

  useEffect(() => {
    if (host) applyTheme(host, config)
  }, [host, config])

  useEffect(() => () => host?.remove(), [host])

  return host?.shadowRoot ?? null
}
