import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InvalidThemeVariableError } from '../../core/errors/config'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { useOrielTheme } from './useOrielTheme'

function Probe({ onRender }: { onRender(value: ReturnType<typeof useOrielTheme>): void }) {
  onRender(useOrielTheme())
  return null
}

describe('useOrielTheme', () => {
  it('throws a named error outside the provider', () => {
    expect(() => renderHook(() => useOrielTheme())).toThrow(OrielProviderNotFoundError)
  })

  it('reads the configured theme and changes the open modal and the connect button at runtime', () => {
    let theme!: ReturnType<typeof useOrielTheme>
    const utils = renderWithOriel(
      <>
        <Probe onRender={(value) => (theme = value)} />
        <ConnectButton />
      </>,
    )
    expect(theme.themeMode).toBe('dark')
    expect(theme.themeVariables['--oriel-modal-width']).toBe('360px')
    act(() => utils.client.modal.open())
    const host = getShadowRoot().host as HTMLElement
    expect(host.getAttribute('data-theme')).toBe('dark')

    act(() => theme.setThemeMode('light'))
    act(() => theme.setThemeVariables({ '--oriel-accent': '#3b1fa3', '--oriel-modal-width': '420px' }))
    expect(theme.themeMode).toBe('light')
    expect(host.getAttribute('data-theme')).toBe('light')
    expect(host.style.getPropertyValue('--oriel-modal-width')).toBe('420px')
    const button = utils.getByRole('button', { name: 'Connect Wallet' })
    expect(button.style.background).toBe('rgb(59, 31, 163)')
    expect(button.style.color).toBe('rgb(255, 255, 255)')

    expect(() => theme.setThemeVariables({ '--oriel-modal-width': 'wide' })).toThrow(InvalidThemeVariableError)
    expect(host.style.getPropertyValue('--oriel-modal-width')).toBe('420px')
    utils.unmount()
  })
})
