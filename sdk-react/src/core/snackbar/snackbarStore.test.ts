import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { vi } from 'vitest'
import { createSnackbarStore } from './snackbarStore'

describe('snackbar store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a message at once when none is open', () => {
    const snackbar = createSnackbarStore()
    snackbar.showSuccess('Copied')
    expect(snackbar.getSnapshot()).toEqual({ open: true, message: 'Copied', variant: 'success' })
  })

  it('replaces an open message after 150 ms', () => {
    const snackbar = createSnackbarStore()
    snackbar.showLoading('Authenticating...')
    snackbar.showError('Signature declined')
    expect(snackbar.getSnapshot()).toMatchObject({ open: false, message: 'Authenticating...' })
    vi.advanceTimersByTime(149)
    expect(snackbar.getSnapshot().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snackbar.getSnapshot()).toEqual({ open: true, message: 'Signature declined', variant: 'error' })
  })

  it('the latest of several quick messages wins', () => {
    const snackbar = createSnackbarStore()
    snackbar.showSuccess('one')
    snackbar.showSuccess('two')
    vi.advanceTimersByTime(100)
    snackbar.showError('three')
    vi.advanceTimersByTime(149)
    expect(snackbar.getSnapshot().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snackbar.getSnapshot()).toMatchObject({ open: true, message: 'three' })
  })

  it('hides success and error messages after 2.5 s, keeps loading', () => {
    const snackbar = createSnackbarStore()
    snackbar.showError('Failed to disconnect')
    vi.advanceTimersByTime(2_500)
    expect(snackbar.getSnapshot().open).toBe(false)

    snackbar.showLoading('Authenticating...')
    vi.advanceTimersByTime(10_000)
    expect(snackbar.getSnapshot()).toMatchObject({ open: true, variant: 'loading' })
    snackbar.hide()
    expect(snackbar.getSnapshot().open).toBe(false)
  })
})
