import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { renderWithOriel } from '../../test/renderWithOriel'
import { useEmbeddedWalletStatus } from './useEmbeddedWalletStatus'

function Status() {
  const status = useEmbeddedWalletStatus()
  return <output>{`${status.state}${status.protocolVersion ? ` v${status.protocolVersion}` : ''}`}</output>
}

describe('useEmbeddedWalletStatus', () => {
  it('throws a named error outside the provider', () => {
    expect(() => renderHook(() => useEmbeddedWalletStatus())).toThrow(OrielProviderNotFoundError)
  })

  it('is idle until the modal opens, then follows the frame', async () => {
    const utils = renderWithOriel(<Status />)
    expect(utils.getByRole('status').textContent).toBe('idle')
    act(() => utils.client.modal.open())
    expect(await utils.findByText('ready v1')).toBeTruthy()
    utils.unmount()
  })
})
