import { describe, expect, it, vi } from 'vitest'
import { createStore } from './createStore'

describe('createStore', () => {
  it('merges patches and notifies subscribers', () => {
    const store = createStore({ a: 1, b: 'x' })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.setState({ a: 2 })
    expect(store.getSnapshot()).toEqual({ a: 2, b: 'x' })
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.setState((s) => ({ a: s.a + 1 }))
    expect(store.getSnapshot().a).toBe(3)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('keeps the snapshot identity when nothing changed', () => {
    const store = createStore({ a: 1 })
    const before = store.getSnapshot()
    const listener = vi.fn()
    store.subscribe(listener)
    store.setState({ a: 1 })
    expect(store.getSnapshot()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })
})
