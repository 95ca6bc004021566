import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { getFocusable } from './focus'

function openModal() {
  const utils = renderWithOriel(<ConnectButton />)
  const button = utils.getByRole('button', { name: 'Connect Wallet' })
  button.focus()
  fireEvent.click(button)
  const root = getShadowRoot()
  const dialog = within(root as unknown as HTMLElement).getByRole('dialog')
  return { ...utils, button, root, dialog, ui: within(root as unknown as HTMLElement) }
}

describe('modal', () => {
  let cleanup = () => {}
  afterEach(() => cleanup())

  it('renders into an open shadow root on document.body, as a labelled modal dialog', () => {
    const { dialog, root, unmount } = openModal()
    cleanup = unmount
    const host = root.host
    expect(host.parentElement).toBe(document.body)
    expect(host.shadowRoot).toBe(root)
    expect(root.mode).toBe('open')
    expect(root.querySelector('style')?.textContent).toContain('.card')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const title = root.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Connect Wallet')
    expect(within(root as unknown as HTMLElement).getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog)
    expect(host.getAttribute('data-theme')).toBe('dark')
    expect((host as HTMLElement).style.getPropertyValue('--oriel-modal-width')).toBe('360px')
  })

  it('moves focus into the dialog and restores it on close', () => {
    const { dialog, root, button, ui, client, unmount } = openModal()
    cleanup = unmount
    expect(root.activeElement).toBe(dialog)
    fireEvent.click(ui.getByRole('button', { name: 'Close' }))
    expect(client.modal.getSnapshot().open).toBe(false)
    expect(document.querySelector('oriel-modal')?.shadowRoot?.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('closes on Escape and on an overlay click', () => {
    const { client, root, unmount } = openModal()
    cleanup = unmount
    fireEvent.keyDown(root.querySelector('[role="dialog"]') as Element, { key: 'Escape' })
    expect(client.modal.getSnapshot().open).toBe(false)
    act(() => client.modal.open())
    const overlay = root.querySelector('[data-testid="oriel-overlay"]') as Element
    fireEvent.mouseDown(overlay)
    fireEvent.click(overlay)
    expect(client.modal.getSnapshot().open).toBe(false)
  })

  it('stays open when a press starts on a control and ends off the card', () => {
    const { client, root, ui, unmount } = openModal()
    cleanup = unmount
    // The card moved or shrank under the pointer: the browser sends the click to the overlay,
    // the nearest ancestor of where the press started and where it ended.
    fireEvent.mouseDown(ui.getByRole('button', { name: 'Close' }))
    fireEvent.click(root.querySelector('[data-testid="oriel-overlay"]') as Element)
    expect(client.modal.getSnapshot().open).toBe(true)
  })

  it('Escape and Close on a request to approve reject it, and leave closing to its answer', async () => {
    const { client, root, ui, unmount } = openModal()
    cleanup = unmount
    const reject = vi.fn()
    client.modal.onRejectRequest(reject)
    act(() => client.modal.push('ApproveTransaction'))
    fireEvent.keyDown(document, { key: 'Escape' })
    // The view (and its header) shows once its code is in.
    fireEvent.click(await ui.findByRole('button', { name: 'Reject and close' }))
    expect(reject).toHaveBeenCalledTimes(2)
    expect(client.modal.getSnapshot().open).toBe(true)
    expect(root.querySelector('.card')?.classList.contains('shake')).toBe(false)
  })

  it('does not close on an overlay click where closing is blocked, and shakes instead', () => {
    const { client, root, unmount } = openModal()
    cleanup = unmount
    act(() => client.modal.push('ApproveTransaction'))
    const overlay = root.querySelector('[data-testid="oriel-overlay"]') as Element
    fireEvent.mouseDown(overlay)
    fireEvent.click(overlay)
    expect(client.modal.getSnapshot().open).toBe(true)
    expect(root.querySelector('.card')?.classList.contains('shake')).toBe(true)
  })

  it('keeps Tab inside the dialog', () => {
    const { dialog, root, ui, unmount } = openModal()
    cleanup = unmount
    const items = getFocusable(dialog)
    const help = ui.getByRole('button', { name: 'Help' })
    expect(items[0]).toBe(help)
    const last = items.at(-1) as HTMLElement
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(root.activeElement).toBe(help)
    fireEvent.keyDown(help, { key: 'Tab', shiftKey: true })
    expect(root.activeElement).toBe(last)
  })

  it('keeps the focus in the dialog when a view change removes the focused control', async () => {
    const { root, ui, dialog, unmount } = openModal()
    cleanup = unmount
    const row = ui.getByRole('button', { name: 'All Wallets' })
    row.focus()
    fireEvent.click(row)
    await ui.findByRole('searchbox', { name: 'Search wallet' })
    expect(row.isConnected).toBe(false)
    expect(root.activeElement).toBe(dialog)
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(root.activeElement).toBe(ui.getByRole('button', { name: 'Back' }))
  })

  it('offers neither Back nor Help on ApproveTransaction, and Help only on Connect', () => {
    const { ui, client, unmount } = openModal()
    cleanup = unmount
    act(() => client.modal.push('ApproveTransaction'))
    expect(ui.queryByRole('button', { name: 'Back' })).toBeNull()
    expect(ui.queryByRole('button', { name: 'Help' })).toBeNull()
    act(() => client.modal.close({ force: true }))
    act(() => client.modal.open({ view: 'Account' }))
    expect(ui.queryByRole('button', { name: 'Help' })).toBeNull()
  })

  it('navigates: help pushes a view with a back button, back returns, back from the first view closes', async () => {
    const { ui, client, unmount } = openModal()
    cleanup = unmount
    fireEvent.click(ui.getByRole('button', { name: 'Help' }))
    expect(await ui.findByRole('heading', { name: 'What is a Wallet?' })).toBeTruthy()
    fireEvent.click(ui.getByRole('button', { name: 'Back' }))
    expect(ui.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
    act(() => client.modal.goBack())
    expect(client.modal.getSnapshot().open).toBe(false)
  })

  it('shows a lazily loaded view under its title', async () => {
    const { ui, client, unmount } = openModal()
    cleanup = unmount
    act(() => client.modal.push('RegisterAccountName'))
    expect(await ui.findByRole('heading', { name: 'Choose Name' })).toBeTruthy()
    // No account connected: names are for EVM accounts.
    expect(await ui.findByText('Names are available for EVM accounts only')).toBeTruthy()
  })

  it('shows snackbar messages, errors as alerts', async () => {
    const { ui, client, unmount } = openModal()
    cleanup = unmount
    act(() => client.snackbar.showLoading('Authenticating...'))
    expect(ui.getByRole('status').textContent).toBe('Authenticating...')
    act(() => client.snackbar.showError('Signature declined'))
    expect(await ui.findByRole('alert')).toBeTruthy()
    expect(ui.getByRole('alert').textContent).toBe('Signature declined')
  })

  it('fades a closed snackbar message out over 150 ms, hidden from assistive technology', async () => {
    const { ui, client, root, unmount } = openModal()
    cleanup = unmount
    act(() => client.snackbar.showSuccess('Address copied'))
    expect(ui.getByRole('status').textContent).toBe('Address copied')
    const started = Date.now()
    act(() => client.snackbar.hide())
    expect(ui.queryByRole('status')).toBeNull()
    expect(root.querySelector('.snackbar.leaving[aria-hidden="true"]')?.textContent).toBe('Address copied')
    await waitFor(() => expect(root.querySelector('.snackbar')).toBeNull())
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('shows the project-id alert when no project id is set', () => {
    const utils = renderWithOriel(null, { projectId: '' })
    cleanup = utils.unmount
    act(() => utils.client.modal.open())
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    expect(ui.getByRole('alert').textContent).toContain('Project ID Not Configured')
  })

  it('applies the light theme', () => {
    const utils = renderWithOriel(null, { themeMode: 'light', themeVariables: { '--oriel-accent': '#123456' } })
    cleanup = utils.unmount
    act(() => utils.client.modal.open())
    const host = getShadowRoot().host as HTMLElement
    expect(host.getAttribute('data-theme')).toBe('light')
    expect(host.style.getPropertyValue('--oriel-accent')).toBe('#123456')
  })

  it('removes the host on unmount', () => {
    const { unmount } = openModal()
    unmount()
    expect(document.querySelector('oriel-modal')).toBeNull()
  })
})
