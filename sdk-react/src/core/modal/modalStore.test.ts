import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UnknownViewError } from '../errors/modal'
import { createModalStore, type CreateModalStoreParameters } from './modalStore'
import { cancelSignIn, shouldOpenUnsupportedChain, viewAfterSend } from './rules'
import type { ViewName } from './views'

function setup(overrides: Partial<CreateModalStoreParameters> = {}) {
  return createModalStore({
    isMobile: () => false,
    getAddress: () => undefined,
    hasNoAdapters: () => false,
    ...overrides,
  })
}

const views = (modal: ReturnType<typeof setup>) => modal.getSnapshot().history.map((e) => e.view)
const isOpen = (modal: ReturnType<typeof setup>) => modal.getSnapshot().open

function withOpen<T extends { open(): void }>(modal: T): T {
  modal.open()
  return modal
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

// One test per navigation rule of spec §2 and modal rule of spec §4, named after the rule.
describe('navigation rules', () => {
  it('which view opens: all-wallets on mobile, or a basic pairing view when there are no adapters and no connected address; otherwise the requested view; otherwise Account if connected; otherwise Connect', () => {
    let address: string | undefined
    let mobile = false
    let noAdapters = true
    const modal = setup({ getAddress: () => address, isMobile: () => mobile, hasNoAdapters: () => noAdapters })
    modal.open({ view: 'Swap' })
    expect(views(modal)).toEqual(['ConnectingWalletConnectBasic'])
    mobile = true
    modal.open()
    expect(views(modal)).toEqual(['AllWallets'])
    noAdapters = false
    address = '0xabc'
    modal.open({ view: 'Swap', data: { from: 'ETH' } })
    expect(modal.getSnapshot().history).toEqual([{ view: 'Swap', data: { from: 'ETH' } }])
    modal.open()
    expect(views(modal)).toEqual(['Account'])
    address = undefined
    modal.open()
    expect(views(modal)).toEqual(['Connect'])
  })

  it('going back from the first view closes the modal', () => {
    const modal = withOpen(setup())
    modal.push('AllWallets')
    modal.goBack()
    expect(views(modal)).toEqual(['Connect'])
    expect(isOpen(modal)).toBe(true)
    modal.goBack()
    expect(isOpen(modal)).toBe(false)
  })

  it('close is blocked on ApproveTransaction unless forced', () => {
    const modal = withOpen(setup())
    modal.push('ApproveTransaction')
    expect(modal.canClose()).toBe(false)
    expect(modal.canGoBack()).toBe(false)
    expect(modal.close()).toBe(false)
    modal.goBack()
    modal.open()
    expect(isOpen(modal)).toBe(true)
    expect(views(modal)).toEqual(['Connect', 'ApproveTransaction'])
    expect(modal.getSnapshot().shake).toBe(true)
    expect(modal.close({ force: true })).toBe(true)
    expect(isOpen(modal)).toBe(false)
  })

  it("the user's Escape or Close on ApproveTransaction rejects the request instead of closing; elsewhere it closes", () => {
    const modal = withOpen(setup())
    const reject = vi.fn()
    const stop = modal.onRejectRequest(reject)
    modal.push('ApproveTransaction')
    expect(modal.dismiss()).toBe(false)
    expect(reject).toHaveBeenCalledOnce()
    expect(isOpen(modal)).toBe(true)
    expect(modal.getSnapshot().shake).toBe(false)
    expect(views(modal)).toEqual(['Connect', 'ApproveTransaction'])
    // Nothing to reject with: blocked as `close` is.
    stop()
    expect(modal.dismiss()).toBe(false)
    expect(modal.getSnapshot().shake).toBe(true)
    modal.close({ force: true })
    modal.open()
    expect(modal.dismiss()).toBe(true)
    expect(isOpen(modal)).toBe(false)
    expect(reject).toHaveBeenCalledOnce()
  })

  it('SIWXSignMessage cannot be closed while sign-in is required and no session exists', () => {
    let pending = true
    const modal = setup({ isSignInPending: () => pending })
    modal.open({ view: 'SIWXSignMessage' })
    expect(modal.close()).toBe(false)
    expect(isOpen(modal)).toBe(true)
    expect(modal.getSnapshot().shake).toBe(true)
    pending = false // a session now exists, or sign-in is optional
    expect(modal.close()).toBe(true)
    expect(isOpen(modal)).toBe(false)
  })

  it('cancelling SIWXSignMessage disconnects the wallet when sign-in is required, otherwise only closes the modal; the modal then resets to Connect', async () => {
    const disconnect = vi.fn(async () => {})
    const required = setup({ isSignInPending: () => true })
    required.open({ view: 'SIWXSignMessage' })
    await cancelSignIn({ modal: required, required: true, disconnect })
    expect(disconnect).toHaveBeenCalledTimes(1)
    expect(isOpen(required)).toBe(true)
    expect(views(required)).toEqual(['Connect'])

    disconnect.mockClear()
    const optional = setup()
    optional.open({ view: 'SIWXSignMessage' })
    await cancelSignIn({ modal: optional, required: false, disconnect })
    expect(disconnect).not.toHaveBeenCalled()
    expect(isOpen(optional)).toBe(false)
    expect(views(optional)).toEqual(['Connect'])
  })

  it('the send flow pushes the Account view after an ERC20 or Solana send', () => {
    const modal = withOpen(setup({ getAddress: () => '0xabc' }))
    modal.push('Swap')
    for (const token of ['erc20', 'solana'] as const) expect(viewAfterSend(token)).toBe('Account')
    expect(viewAfterSend('native')).toBeUndefined()
    const view = viewAfterSend('erc20') as ViewName
    modal.push(view)
    expect(views(modal)).toEqual(['Account', 'Swap', 'Account'])
  })

  it('an unsupported active network opens UnsupportedChain, unless switching is disabled or unsupported chains are allowed', () => {
    const base = { supported: false, enableNetworkSwitch: true, allowUnsupportedChain: false }
    expect(shouldOpenUnsupportedChain(base)).toBe(true)
    expect(shouldOpenUnsupportedChain({ ...base, supported: true })).toBe(false)
    expect(shouldOpenUnsupportedChain({ ...base, enableNetworkSwitch: false })).toBe(false)
    expect(shouldOpenUnsupportedChain({ ...base, allowUnsupportedChain: true })).toBe(false)
  })

  it('a transaction stack decides the view after success or cancel', () => {
    // Opened while the user was on a view: back to that view.
    const modal = withOpen(setup({ getAddress: () => '0xabc' }))
    modal.push('Swap')
    modal.pushTransaction()
    expect(views(modal)).toEqual(['Account', 'Swap', 'ApproveTransaction'])
    modal.popTransaction()
    expect(views(modal)).toEqual(['Account', 'Swap'])
    expect(isOpen(modal)).toBe(true)

    // Opened just for the request: the modal closes again.
    const closed = setup({ getAddress: () => '0xabc' })
    closed.pushTransaction({ data: { method: 'personal_sign' } })
    expect(isOpen(closed)).toBe(true)
    expect(closed.getSnapshot().history).toEqual([{ view: 'ApproveTransaction', data: { method: 'personal_sign' } }])
    closed.popTransaction()
    expect(isOpen(closed)).toBe(false)
    expect(closed.getSnapshot().transactionStack).toEqual([])
  })

  it('closing with an empty stack rejects pending requests', () => {
    const modal = setup({ getAddress: () => '0xabc' })
    const reject = vi.fn()
    const unregister = modal.onRejectPending(reject)
    modal.pushTransaction()
    modal.close({ force: true }) // a transaction is open: its request is settled by its owner
    expect(reject).not.toHaveBeenCalled()
    modal.open()
    modal.close()
    expect(reject).toHaveBeenCalledTimes(1)
    modal.open()
    unregister()
    modal.close()
    expect(reject).toHaveBeenCalledTimes(1)
  })

  it('going back from ConnectingFarcaster with no address resets the auth connector after 100 ms', () => {
    let address: string | undefined
    const modal = withOpen(setup({ getAddress: () => address }))
    const reset = vi.fn()
    modal.onAuthConnectorReset(reset)
    modal.push('ConnectingFarcaster')
    modal.goBack()
    expect(views(modal)).toEqual(['Connect'])
    vi.advanceTimersByTime(99)
    expect(reset).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reset).toHaveBeenCalledTimes(1)

    address = '0xabc' // connected by then: nothing to reset
    modal.push('ConnectingFarcaster')
    modal.goBack()
    vi.advanceTimersByTime(1_000)
    expect(reset).toHaveBeenCalledTimes(1)
  })
})

describe('modal store', () => {
  it('starts closed', () => {
    expect(setup().getSnapshot()).toEqual({ open: false, loading: false, shake: false, history: [], transactionStack: [] })
  })

  it('calls onOpen after opening', () => {
    const onOpen = vi.fn(() => expect(isOpen(modal)).toBe(true))
    const modal = setup({ onOpen })
    modal.open()
    expect(onOpen).toHaveBeenCalledTimes(1)
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

  it('rejects names that are not views with UnknownViewError', () => {
    const modal = setup()
    const bad = 'Settings' as ViewName
    expect(() => modal.open({ view: bad })).toThrow(UnknownViewError)
    expect(() => modal.open({ view: bad })).toThrow('Unknown view: Settings')
    expect(isOpen(modal)).toBe(false)
    modal.open()
    expect(() => modal.push(bad)).toThrow(UnknownViewError)
    expect(() => modal.replace(bad)).toThrow(UnknownViewError)
    expect(() => modal.reset(bad)).toThrow(UnknownViewError)
    expect(() => modal.pushTransaction({ view: bad })).toThrow(UnknownViewError)
    expect(views(modal)).toEqual(['Connect'])
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

  it('destroy stops a pending auth reset', () => {
    const modal = withOpen(setup())
    const reset = vi.fn()
    modal.onAuthConnectorReset(reset)
    modal.push('ConnectingFarcaster')
    modal.goBack()
    modal.destroy()
    vi.advanceTimersByTime(200)
    expect(reset).not.toHaveBeenCalled()
  })
})
