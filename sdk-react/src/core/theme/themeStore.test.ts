import { describe, expect, it, vi } from 'vitest'
import { InvalidThemeModeError, InvalidThemeVariableError } from '../errors/config'
import { createThemeStore } from './themeStore'

describe('theme store', () => {
  it('starts from the config with the spec defaults filled in', () => {
    const theme = createThemeStore({ themeMode: 'dark', themeVariables: {} })
    expect(theme.getSnapshot()).toEqual({
      themeMode: 'dark',
      themeVariables: expect.objectContaining({
        '--oriel-modal-width': '360px',
        '--oriel-font-size-base': '10px',
        '--oriel-border-radius-base': '4px',
        '--oriel-z-index': 999,
      }),
    })
  })

  it('switches the mode at runtime and notifies subscribers', () => {
    const theme = createThemeStore({ themeMode: 'dark', themeVariables: {} })
    const listener = vi.fn()
    theme.subscribe(listener)
    theme.setThemeMode('light')
    expect(theme.getSnapshot().themeMode).toBe('light')
    expect(listener).toHaveBeenCalledTimes(1)
    theme.setThemeMode('light')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('merges variables; undefined goes back to the default', () => {
    const theme = createThemeStore({ themeMode: 'dark', themeVariables: { '--oriel-accent': '#ff0066' } })
    theme.setThemeVariables({ '--oriel-modal-width': '400px' })
    expect(theme.getSnapshot().themeVariables).toMatchObject({ '--oriel-accent': '#ff0066', '--oriel-modal-width': '400px' })
    theme.setThemeVariables({ '--oriel-accent': undefined, '--oriel-modal-width': undefined })
    expect(theme.getSnapshot().themeVariables['--oriel-accent']).toBeUndefined()
    expect(theme.getSnapshot().themeVariables['--oriel-modal-width']).toBe('360px')
  })

  it('rejects a bad mode or variable with a typed error and keeps the theme', () => {
    const theme = createThemeStore({ themeMode: 'dark', themeVariables: {} })
    const before = theme.getSnapshot()
    expect(() => theme.setThemeMode('dim' as 'dark')).toThrow(InvalidThemeModeError)
    expect(() => theme.setThemeVariables({ '--oriel-z-index': 'top' as unknown as number })).toThrow(
      InvalidThemeVariableError,
    )
    expect(() => theme.setThemeVariables({ '--oriel-z-index': 'top' as unknown as number })).toThrow(
      'Invalid theme variable: --oriel-z-index',
    )
    expect(() => theme.setThemeVariables({ '--oriel-font-size-base': 'big' })).toThrow(InvalidThemeVariableError)
    expect(() => theme.setThemeVariables({ '--oriel-accent': 'red; display: none' })).toThrow(InvalidThemeVariableError)
    expect(() => theme.setThemeVariables({ '--oriel-colour': 'red' } as never)).toThrow(/expected one of --oriel-accent/)
    expect(theme.getSnapshot()).toBe(before)
  })
})
