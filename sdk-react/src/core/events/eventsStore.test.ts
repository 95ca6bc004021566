import { describe, expect, it, vi } from 'vitest'
import { UnknownEventError } from '../errors/modal'
import { createEventsStore, type OrielEventName } from './eventsStore'

describe('events store', () => {
  it('delivers every event to listeners and keeps the latest as its snapshot', () => {
    let clock = 1_000
    const events = createEventsStore({ now: () => clock })
    const seen: string[] = []
    const changed = vi.fn()
    events.subscribe(changed)
    const off = events.on((event) => seen.push(`${event.name}@${event.timestamp}`))
    expect(events.getSnapshot()).toBeUndefined()
    events.emit('MODAL_OPEN', { connected: false })
    clock = 2_000
    events.emit('MODAL_CLOSE', { connected: false })
    expect(seen).toEqual(['MODAL_OPEN@1000', 'MODAL_CLOSE@2000'])
    expect(events.getSnapshot()).toEqual({ name: 'MODAL_CLOSE', timestamp: 2000, properties: { connected: false } })
    expect(changed).toHaveBeenCalledTimes(2)
    off()
    events.emit('SEARCH_WALLET', { search: 'rain' })
    expect(seen).toHaveLength(2)
  })

  it('a listener that throws does not stop the others', () => {
    const events = createEventsStore()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const second = vi.fn()
    events.on(() => {
      throw new Error('dapp bug')
    })
    events.on(second)
    events.emit('CONNECT_SUCCESS')
    expect(second).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it('rejects unknown event names with UnknownEventError', () => {
    const events = createEventsStore()
    expect(() => events.emit('MODAL_CREATED' as OrielEventName)).toThrow(UnknownEventError)
    expect(events.getSnapshot()).toBeUndefined()
  })
})
