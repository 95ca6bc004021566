import { act, fireEvent, renderHook, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OrielEvent } from '../../core/events/eventsStore'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { ConnectButton } from '../ConnectButton'
import { useOrielEvents } from './useOrielEvents'

function Probe({ onEvent, onRender }: { onEvent?(event: OrielEvent): void; onRender(event: OrielEvent | undefined): void }) {
  onRender(useOrielEvents(onEvent))
  return null
}

describe('useOrielEvents', () => {
  it('throws a named error outside the provider', () => {
    expect(() => renderHook(() => useOrielEvents())).toThrow(OrielProviderNotFoundError)
  })

  it('reports opening and closing the modal, and connecting, to the dapp', () => {
    const seen: OrielEvent[] = []
    let latest: OrielEvent | undefined
    const utils = renderWithOriel(
      <>
        <Probe onEvent={(event) => seen.push(event)} onRender={(event) => (latest = event)} />
        <ConnectButton />
      </>,
    )
    fireEvent.click(utils.getByRole('button', { name: 'Connect Wallet' }))
    expect(latest).toMatchObject({ name: 'MODAL_OPEN', properties: { connected: false } })
    fireEvent.click(within(getShadowRoot() as unknown as HTMLElement).getByRole('button', { name: 'Close' }))
    expect(latest).toMatchObject({ name: 'MODAL_CLOSE', properties: { connected: false } })

    act(() => {
      utils.client.account.setState({ status: 'connecting' })
      utils.client.account.setState({
        status: 'connected',
        address: '0xabc',
        caipAddress: 'eip155:1:0xabc',
        connectorId: 'AUTH',
      })
    })
    expect(seen.map((e) => e.name)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_SUCCESS'])
    expect(seen[2]?.properties).toEqual({ connector: 'AUTH', caipAddress: 'eip155:1:0xabc' })
    utils.unmount()
  })

  it('does not report a login restored on page load as a new connection', () => {
    const seen: string[] = []
    const utils = renderWithOriel(<Probe onEvent={(event) => seen.push(event.name)} onRender={() => {}} />)
    act(() => {
      utils.client.account.setState({ status: 'reconnecting' })
      utils.client.account.setState({ status: 'connected', address: '0xabc' })
    })
    expect(seen).toEqual([])
    utils.unmount()
  })
})
