import { describe, expect, it } from 'vitest'
import { createThemeStore } from '../../core/theme/themeStore'
import { applyTheme, attachStyledShadow } from './applyTheme'

describe('theme', () => {
  it('sets the mode, the CSS variables with the spec defaults, and text for a custom accent', () => {
    const host = document.createElement('div')
    const theme = createThemeStore({ themeMode: 'light', themeVariables: { '--oriel-accent': '#ffe14d' } })
    applyTheme(host, theme.getSnapshot())
    expect(host.getAttribute('data-theme')).toBe('light')
    expect(host.style.getPropertyValue('--oriel-accent')).toBe('#ffe14d')
    expect(host.style.getPropertyValue('--oriel-on-accent')).toBe('#0b0c0e')
    expect(host.style.getPropertyValue('--oriel-modal-width')).toBe('360px')
    expect(host.style.getPropertyValue('--oriel-font-size-base')).toBe('10px')
    expect(host.style.getPropertyValue('--oriel-border-radius-base')).toBe('4px')
    expect(host.style.getPropertyValue('--oriel-z-index')).toBe('999')
  })

  it('follows runtime changes, removing variables that were unset', () => {
    const host = document.createElement('div')
    const theme = createThemeStore({ themeMode: 'dark', themeVariables: { '--oriel-accent': '#ff0066' } })
    applyTheme(host, theme.getSnapshot())
    expect(host.style.getPropertyValue('--oriel-accent')).toBe('#ff0066')
    theme.setThemeMode('light')
    theme.setThemeVariables({ '--oriel-accent': undefined, '--oriel-z-index': 20 })
    applyTheme(host, theme.getSnapshot())
    expect(host.getAttribute('data-theme')).toBe('light')
    expect(host.style.getPropertyValue('--oriel-accent')).toBe('')
    expect(host.style.getPropertyValue('--oriel-on-accent')).toBe('')
    expect(host.style.getPropertyValue('--oriel-z-index')).toBe('20')
  })

  it('injects the stylesheet into an open shadow root once, with both modes and reduced motion', () => {
    const host = document.createElement('div')
    const root = attachStyledShadow(host)
    expect(host.shadowRoot).toBe(root)
    expect(attachStyledShadow(host)).toBe(root)
    expect(root.querySelectorAll('style')).toHaveLength(1)
    const text = root.querySelector('style')?.textContent ?? ''
    expect(text).toContain('prefers-reduced-motion')
    expect(text).toContain(":host([data-theme='light'])")
  })
})
