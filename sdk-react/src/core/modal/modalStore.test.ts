import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createModalStore, type CreateModalStoreParameters } from './modalStore'

function setup(overrides: Partial<CreateModalStoreParameters> = {}) {
  return createModalStore({
    isMobile: () => false,
    getAddress: () => undefined,
    hasNoAdapters: () => false,
    ...overrides,
  })
}

const views = (modal: ReturnType<typeof setup>) => modal.getSnapshot().history.map((e) => e.view)

describe('modal store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts closed', () => {
    expect(setup().getSnapshot()).toEqual({ open: false, loading: false, shake: false, history: [] })
  })

  it('opens on Connect, or Account when connected, or the requested view', () => {
    let address: string | undefined
    const onOpen = vi.fn()
    const modal = setup({ getAddress: () => address, onOpen })
    modal.open()
    expect(modal.getSnapshot().open).toBe(true)
    expect(views(modal)).toEqual(['Connect'])
    expect(onOpen).toHaveBeenCalledTimes(1)

    address = '0xabc'
    modal.open()
    expect(views(modal)).toEqual(['Account'])

    modal.open({ view: 'Swap' })
    expect(views(modal)).toEqual(['Swap'])
  })

  it('opens the pairing view when there are no adapters', () => {
    expect(views(withOpen(setup({ hasNoAdapters: () => true })))).toEqual(['ConnectingWalletConnectBasic'])
    expect(views(withOpen(setup({ hasNoAdapters: () => true, isMobile: () => true })))).toEqual(['AllWallets'])
  })

  it('navigates with push, replace, goBackToIndex and reset', () => {
    const modal = withOpen(setup())
    modal.push('AllWallets')
    modal.push('ConnectingExternal', { name: 'Rabby' })
    expect(views(modal)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    modal.replace('ConnectingWalletConnect')
    expect(views(modal)).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
    modal.goBackToIndex(0)
    expect(views(modal)).toEqual(['Connect'])
    modal.reset('Account')
    expect(views(modal)).toEqual(['Account'])
  })

  it('going back from the first view closes the modal', () => {
    const modal = withOpen(setup())
    modal.push('AllWallets')
    modal.goBack()
    expect(views(modal)).toEqual(['Connect'])
    expect(modal.getSnapshot().open).toBe(true)
    modal.goBack()
    expect(modal.getSnapshot().open).toBe(false)
  })

  it('close is blocked on ApproveTransaction unless forced', () => {
    const modal = withOpen(setup())
    modal.push('ApproveTransaction')
    expect(modal.canClose()).toBe(false)
    expect(modal.close()).toBe(false)
    expect(modal.getSnapshot().open).toBe(true)
    expect(modal.getSnapshot().shake).toBe(true)
    expect(modal.close({ force: true })).toBe(true)
    expect(modal.getSnapshot().open).toBe(false)
  })

  it('shakes for 500 ms', () => {
    const modal = setup()
    modal.shake()
    expect(modal.getSnapshot().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(modal.getSnapshot().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.getSnapshot().shake).toBe(false)
  })

  it('has a loading flag that closing clears', () => {
    const modal = withOpen(setup())
    modal.setLoading(true)
    expect(modal.getSnapshot().loading).toBe(true)
    modal.close()
    expect(modal.getSnapshot().loading).toBe(false)
  })
})

function withOpen<T extends { open(): void }>(modal: T): T {
  modal.open()
  return modal
}
