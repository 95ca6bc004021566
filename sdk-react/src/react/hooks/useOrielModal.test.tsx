import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UnknownViewError } from '../../core/errors/modal'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import type { ViewName } from '../../core/modal/views'
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

  it('opens (optionally at a view), closes and reports the view', () => {
    let modal!: ReturnType<typeof useOrielModal>
    const utils = renderWithOriel(<Probe onRender={(value) => (modal = value)} />)
    expect(modal.isOpen).toBe(false)
    expect(modal.view).toBeUndefined()
    act(() => modal.open())
    expect(modal).toMatchObject({ isOpen: true, view: 'Connect', loading: false })
    act(() => modal.open({ view: 'ConnectingExternal', data: { name: 'Rabby' } }))
    expect(modal).toMatchObject({ view: 'ConnectingExternal', data: { name: 'Rabby' } })
    act(() => modal.open('AllWallets'))
    expect(modal.view).toBe('AllWallets')
    let closed = false
    act(() => void (closed = modal.close()))
    expect(closed).toBe(true)
    expect(modal.isOpen).toBe(false)
    utils.unmount()
  })

  it('reports a blocked close, and rejects unknown views', () => {
    let modal!: ReturnType<typeof useOrielModal>
    const utils = renderWithOriel(<Probe onRender={(value) => (modal = value)} />)
    act(() => modal.open('ApproveTransaction'))
    let closed = true
    act(() => void (closed = modal.close()))
    expect(closed).toBe(false)
    expect(modal.isOpen).toBe(true)
    act(() => void (closed = modal.close({ force: true })))
    expect(closed).toBe(true)
    expect(() => modal.open('Settings' as ViewName)).toThrow(UnknownViewError)
    utils.unmount()
  })
})
