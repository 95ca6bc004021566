import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANNOUNCE_EVENT, createEip6963Store, REQUEST_EVENT, type EIP6963ProviderDetail } from './eip6963'

const provider = { request: vi.fn() }
const icon = 'data:image/svg+xml;base64,PHN2Zy8+'

function announce(info: Partial<EIP6963ProviderDetail['info']>, target: EventTarget = window) {
  const detail = Object.freeze({ info: { uuid: 'u1', name: 'Wallet', icon, rdns: 'com.wallet', ...info }, provider })
  target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail }))
}

describe('EIP-6963 discovery', () => {
  let stop = () => {}
  afterEach(() => stop())

  it('does nothing until started', () => {
    const store = createEip6963Store()
    announce({})
    expect(store.getSnapshot()).toEqual([])
  })

  it('requests providers on start and collects announcements', () => {
    const requested = vi.fn()
    window.addEventListener(REQUEST_EVENT, requested)
    const store = createEip6963Store()
    stop = store.stop
    const listener = vi.fn()
    store.subscribe(listener)
    store.start()
    expect(requested).toHaveBeenCalledTimes(1)
    announce({ uuid: 'a', name: 'Alpha' })
    announce({ uuid: 'b', name: 'Beta', rdns: 'io.beta' })
    expect(store.getSnapshot().map((w) => w.info)).toEqual([
      { uuid: 'a', name: 'Alpha', icon, rdns: 'com.wallet' },
      { uuid: 'b', name: 'Beta', icon, rdns: 'io.beta' },
    ])
    expect(store.getSnapshot()[0]?.provider).toBe(provider)
    expect(listener).toHaveBeenCalledTimes(2)
    window.removeEventListener(REQUEST_EVENT, requested)
  })

  it('answers wallets that announce in reply to the request', () => {
    const reply = () => announce({ uuid: 'late', name: 'Late' })
    window.addEventListener(REQUEST_EVENT, reply)
    const store = createEip6963Store()
    stop = store.stop
    store.start()
    expect(store.getSnapshot().map((w) => w.info.name)).toEqual(['Late'])
    window.removeEventListener(REQUEST_EVENT, reply)
  })

  it('dedupes by uuid and is idempotent', () => {
    const store = createEip6963Store()
    stop = store.stop
    store.start()
    store.start()
    announce({ uuid: 'a', name: 'Alpha' })
    announce({ uuid: 'a', name: 'Alpha again' })
    expect(store.getSnapshot().map((w) => w.info.name)).toEqual(['Alpha'])
  })

  it('ignores malformed announcements and non-data icons', () => {
    const store = createEip6963Store()
    stop = store.stop
    store.start()
    window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: { info: { uuid: 'x' } } }))
    window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: { info: { uuid: 'y', name: 'Y' }, provider: {} } }))
    window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT))
    announce({ uuid: 'z', name: 'Zed', icon: 'https://evil.example/icon.png' })
    expect(store.getSnapshot().map((w) => w.info)).toEqual([{ uuid: 'z', name: 'Zed', icon: '', rdns: 'com.wallet' }])
  })

  it('stops listening after stop', () => {
    const store = createEip6963Store()
    store.start()
    store.stop()
    announce({ uuid: 'a' })
    expect(store.getSnapshot()).toEqual([])
  })

  it('can use another event target', () => {
    const target = new EventTarget()
    const store = createEip6963Store({ target: () => target })
    stop = store.stop
    store.start()
    announce({ uuid: 't', name: 'Target' }, target)
    expect(store.getSnapshot()).toHaveLength(1)
  })
})
