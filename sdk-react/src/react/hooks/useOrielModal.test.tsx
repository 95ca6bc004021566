import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { renderWithOriel } from '../../test/renderWithOriel'
import { useOrielModal } from './useOrielModal'

function Probe({ onRender }: { onRender(value: ReturnType<typeof useOrielModal>): void }) {
  onRender(useOrielModal())
  return null
}

describe('useOrielModal', () => {
  it('throws a named error outside the provider', () => {
    expect(() => renderHook(() => useOrielModal())).toThrow(OrielProviderNotFoundError)
  })

  it('opens and closes the modal and reports the view', () => {
    let modal!: ReturnType<typeof useOrielModal>
    const utils = renderWithOriel(<Probe onRender={(value) => (modal = value)} />)
    expect(modal.isOpen).toBe(false)
    expect(modal.view).toBeUndefined()
    act(() => modal.open())
    expect(modal).toMatchObject({ isOpen: true, view: 'Connect' })
    act(() => modal.open({ view: 'AllWallets' }))
    expect(modal.view).toBe('AllWallets')
    act(() => modal.close())
    expect(modal.isOpen).toBe(false)
    utils.unmount()
  })
})
