import { describe, expect, it, vi } from 'vitest'
import { createFrameStatusStore, IDLE } from './status'

describe('frame status store', () => {
  it('starts idle, replaces the status whole and freezes it', () => {
    const status = createFrameStatusStore()
    expect(status.getSnapshot()).toBe(IDLE)
    const listener = vi.fn()
    status.subscribe(listener)
    status.set({ state: 'ready', protocolVersion: 1, reveal: { requestId: 3, purpose: 'Approval' } })
    status.set({ state: 'ready', protocolVersion: 1 })
    expect(status.getSnapshot()).toEqual({ state: 'ready', protocolVersion: 1 })
    expect(Object.isFrozen(status.getSnapshot())).toBe(true)
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
