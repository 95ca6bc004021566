import { describe, expect, it } from 'vitest'
import { selectInitialView } from './selectInitialView'

const base = { isMobile: false, noAdapters: false }

describe('selectInitialView', () => {
  it('rule 1: no adapters and no address opens the basic pairing view on desktop', () => {
    expect(selectInitialView({ ...base, noAdapters: true, requestedView: 'Swap' })).toEqual({
      view: 'ConnectingWalletConnectBasic',
    })
  })

  it('rule 1: no adapters and no address opens AllWallets on mobile', () => {
    expect(selectInitialView({ ...base, noAdapters: true, isMobile: true })).toEqual({ view: 'AllWallets' })
  })

  it('rule 1 does not apply once an address is connected', () => {
    expect(selectInitialView({ ...base, noAdapters: true, address: '0x1' })).toEqual({ view: 'Account' })
  })

  it('rule 2: the requested view wins over Account', () => {
    expect(selectInitialView({ ...base, address: '0x1', requestedView: 'Swap', requestedData: { a: 1 } })).toEqual({
      view: 'Swap',
      data: { a: 1 },
    })
  })

  it('rule 3: Account when an address is connected', () => {
    expect(selectInitialView({ ...base, address: '0x1' })).toEqual({ view: 'Account' })
  })

  it('rule 4: Connect otherwise (also on mobile with adapters)', () => {
    expect(selectInitialView(base)).toEqual({ view: 'Connect' })
    expect(selectInitialView({ ...base, isMobile: true })).toEqual({ view: 'Connect' })
  })
})
