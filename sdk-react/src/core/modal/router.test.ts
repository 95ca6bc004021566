import { describe, expect, it } from 'vitest'
import { goBack, goBackToIndex, push, replace, reset } from './router'

describe('router', () => {
  it('reset starts a new history', () => {
    expect(reset('Connect')).toEqual([{ view: 'Connect' }])
    expect(reset('ConnectingExternal', { name: 'Rabby' })).toEqual([
      { view: 'ConnectingExternal', data: { name: 'Rabby' } },
    ])
  })

  it('push adds a view on top, once', () => {
    const history = push(reset('Connect'), 'AllWallets')
    expect(history.map((e) => e.view)).toEqual(['Connect', 'AllWallets'])
    expect(push(history, 'AllWallets')).toBe(history)
    expect(push(history, 'AllWallets', { query: 'x' })).toHaveLength(3)
  })

  it('replace swaps the current view', () => {
    const history = replace(push(reset('Connect'), 'AllWallets'), 'ConnectingWalletConnect')
    expect(history.map((e) => e.view)).toEqual(['Connect', 'ConnectingWalletConnect'])
  })

  it('goBack drops the current view, or returns null on the first view', () => {
    const history = push(reset('Connect'), 'AllWallets')
    expect(goBack(history)).toEqual([{ view: 'Connect' }])
    expect(goBack(reset('Connect'))).toBeNull()
  })

  it('goBackToIndex truncates after the index', () => {
    const history = push(push(push(reset('Connect'), 'AllWallets'), 'ConnectingExternal'), 'Account')
    expect(goBackToIndex(history, 1).map((e) => e.view)).toEqual(['Connect', 'AllWallets'])
    expect(goBackToIndex(history, 9)).toBe(history)
  })
})
