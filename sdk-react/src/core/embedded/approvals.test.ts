import { describe, expect, it, vi } from 'vitest'
import type { FrameStatus } from '../frame/client'
import { createModalStore } from '../modal/modalStore'
import { createStore } from '../store/createStore'
import { watchApprovals } from './approvals'
import type { EmbeddedWallet } from './embeddedWallet'

function setup() {
  const status = createStore<{ s: FrameStatus }>({ s: { state: 'ready' } })
  const abort = vi.fn(async () => {})
  const embedded = {
    getSnapshot: () => status.getSnapshot().s,
    subscribe: status.subscribe,
    ensureReady: async () => ({ abort }),
  } as unknown as EmbeddedWallet
  const modal = createModalStore({ isMobile: () => false, getAddress: () => '0xabc', hasNoAdapters: () => false })
  const stop = watchApprovals({ embedded, modal })
  const reveal = (requestId: number) => status.setState({ s: { state: 'ready', reveal: { requestId, purpose: 'Approval' } } })
  const answer = () => status.setState({ s: { state: 'ready' } })
  const view = () => modal.getSnapshot().history.at(-1)?.view
  return { modal, status, reveal, answer, view, abort, stop }
}

describe('approval requests drive the modal', () => {
  it('titles the view by the request the frame shows', () => {
    const { modal, status } = setup()
    status.setState({
      s: { state: 'ready', reveal: { requestId: 3, purpose: 'Approval', rpc: { method: 'eth_sendTransaction', params: '[{}]' } } },
    })
    expect(modal.getSnapshot().history.at(-1)).toEqual({ view: 'ApproveTransaction', data: { title: 'Send Transaction' } })
  })

  it('opens the modal just for a request and closes it once answered', () => {
    const { modal, reveal, answer, view } = setup()
    reveal(7)
    expect([modal.getSnapshot().open, view()]).toEqual([true, 'ApproveTransaction'])
    expect(modal.close()).toBe(false) // blocked while the frame waits
    answer()
    expect(modal.getSnapshot().open).toBe(false)
  })

  it('pushes over the open view and goes back to it once answered', () => {
    const { modal, reveal, answer, view } = setup()
    modal.open()
    expect(view()).toBe('Account')
    reveal(8)
    expect(view()).toBe('ApproveTransaction')
    answer()
    expect([modal.getSnapshot().open, view()]).toEqual([true, 'Account'])
  })

  it('a forced close while the frame waits aborts the request in the frame', async () => {
    const { modal, reveal, abort } = setup()
    reveal(9)
    modal.close({ force: true })
    await vi.waitFor(() => expect(abort).toHaveBeenCalledTimes(1))
  })

  it('a status without a reveal does nothing', () => {
    const { modal, answer, abort } = setup()
    answer()
    expect(modal.getSnapshot().open).toBe(false)
    expect(abort).not.toHaveBeenCalled()
  })
})
