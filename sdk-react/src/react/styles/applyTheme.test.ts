import { describe, expect, it } from 'vitest'
import { createConfig } from '../../core/config/createConfig'
import { ethereum } from '../../core/networks'
import { applyTheme, attachStyledShadow } from './applyTheme'

describe('theme', () => {
  it('sets the mode and the CSS variables on the host', () => {
    const host = document.createElement('div')
    applyTheme(
      host,
      createConfig({ projectId: 'p', networks: [ethereum], themeMode: 'light', themeVariables: { '--oriel-accent': 'red' } }),
    )
    expect(host.getAttribute('data-theme')).toBe('light')
    expect(host.style.getPropertyValue('--oriel-accent')).toBe('red')
    expect(host.style.getPropertyValue('--oriel-modal-width')).toBe('360px')
    expect(host.style.getPropertyValue('--oriel-z-index')).toBe('999')
  })

  it('injects the stylesheet into an open shadow root once', () => {
    const host = document.createElement('div')
    const root = attachStyledShadow(host)
    expect(host.shadowRoot).toBe(root)
    expect(attachStyledShadow(host)).toBe(root)
    expect(root.querySelectorAll('style')).toHaveLength(1)
    expect(root.querySelector('style')?.textContent).toContain('prefers-reduced-motion')
  })
})
