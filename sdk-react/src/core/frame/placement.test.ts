// The iframe's placement: hidden until shown over a room, then kept over it by observers and
// events, never by a timer. jsdom has no layout and no ResizeObserver or IntersectionObserver,
// so the room's box and both observers are scripted here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FramePlacement } from './placement'

/** Every observer created, with the callback the browser would call. */
const observers: { kind: 'resize' | 'intersection'; callback: (entries: unknown[]) => void; targets: Element[]; disconnected: boolean; options?: IntersectionObserverInit }[] = []

function fakeObserver(kind: 'resize' | 'intersection') {
  return class {
    readonly record: (typeof observers)[number]
    constructor(callback: (entries: unknown[]) => void, options?: IntersectionObserverInit) {
      this.record = { kind, callback, targets: [], disconnected: false, ...(options ? { options } : {}) }
      observers.push(this.record)
    }
    observe(target: Element) {
      this.record.targets.push(target)
    }
    unobserve() {}
    disconnect() {
      this.record.disconnected = true
    }
    takeRecords() {
      return []
    }
  }
}

const live = (kind: 'resize' | 'intersection') => observers.filter((o) => o.kind === kind && !o.disconnected)

let box = { top: 100, left: 40, width: 360, height: 240 }
function makeRoom() {
  const room = document.createElement('section')
  room.getBoundingClientRect = () => ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON() {} })
  document.body.appendChild(room)
  return room
}
const placed = (iframe: HTMLIFrameElement) => {
  const { top, left, width, height } = iframe.style
  return { top, left, width, height }
}

let controller: AbortController
let placement: FramePlacement

beforeEach(() => {
  observers.length = 0
  box = { top: 100, left: 40, width: 360, height: 240 }
  vi.stubGlobal('ResizeObserver', fakeObserver('resize'))
  vi.stubGlobal('IntersectionObserver', fakeObserver('intersection'))
  vi.useFakeTimers()
  controller = new AbortController()
  placement = new FramePlacement({ src: 'http://frame.test/frame?projectId=demo', container: document.body, signal: controller.signal })
})
afterEach(() => {
  controller.abort()
  document.body.replaceChildren()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('FramePlacement', () => {
  it('creates the iframe hidden and out of the accessibility tree, and removes it on abort', () => {
    const { iframe } = placement
    expect(iframe.isConnected).toBe(true)
    expect(iframe.src).toBe('http://frame.test/frame?projectId=demo')
    // The approval screen's Copy buttons may write the clipboard, nothing more.
    expect(iframe.getAttribute('allow')).toBe('clipboard-write')
    expect([iframe.style.width, iframe.style.opacity, iframe.style.pointerEvents, iframe.getAttribute('aria-hidden'), iframe.tabIndex]).toEqual(['0px', '0', 'none', 'true', -1])
    controller.abort()
    expect(iframe.isConnected).toBe(false)
  })

  it('lays the frame over the room, shown and focusable, with no timer', () => {
    const hide = placement.showOver(makeRoom())
    const { iframe } = placement
    expect(placed(iframe)).toEqual({ top: '100px', left: '40px', width: '360px', height: '240px' })
    expect([iframe.style.opacity, iframe.style.pointerEvents, iframe.getAttribute('aria-hidden'), iframe.tabIndex]).toEqual(['1', 'auto', null, 0])
    expect(vi.getTimerCount()).toBe(0)
    hide()
  })

  it('follows the room when it resizes', () => {
    const room = makeRoom()
    placement.showOver(room)
    const [resize] = live('resize')
    expect(resize?.targets).toEqual([room])
    box = { ...box, height: 320 }
    resize?.callback([])
    expect(placed(placement.iframe).height).toBe('320px')
  })

  it('follows the room when it moves, watching a root shrunk to its box', () => {
    const root = document.documentElement
    vi.spyOn(root, 'clientWidth', 'get').mockReturnValue(1000)
    vi.spyOn(root, 'clientHeight', 'get').mockReturnValue(800)
    const room = makeRoom()
    placement.showOver(room)
    const [first] = live('intersection')
    expect(first?.targets).toEqual([room])
    expect(first?.options).toEqual({ root: document, rootMargin: '-100px -600px -460px -40px', threshold: 1 })
    first?.callback([{ intersectionRatio: 1 }]) // the initial report: fully inside, nothing to do
    expect(live('intersection')).toEqual([first])

    box = { ...box, top: 60 } // e.g. the modal's height animation lifted the room
    first?.callback([{ intersectionRatio: 0.8 }])
    expect(placed(placement.iframe).top).toBe('60px')
    const [next] = live('intersection')
    expect(next).not.toBe(first)
    expect(next?.options).toEqual({ root: document, rootMargin: '-60px -600px -500px -40px', threshold: 1 })
  })

  it('follows the page when it scrolls or the window resizes', () => {
    placement.showOver(makeRoom())
    box = { ...box, top: 20 }
    document.body.dispatchEvent(new Event('scroll'))
    expect(placed(placement.iframe).top).toBe('20px')
    box = { ...box, left: 10 }
    window.dispatchEvent(new Event('resize'))
    expect(placed(placement.iframe).left).toBe('10px')
  })

  it('hiding stops every observer and listener and hides the frame again', () => {
    const hide = placement.showOver(makeRoom())
    hide()
    expect(observers.every((o) => o.disconnected)).toBe(true)
    const { iframe } = placement
    expect([iframe.style.width, iframe.style.opacity, iframe.style.pointerEvents, iframe.getAttribute('aria-hidden'), iframe.tabIndex]).toEqual(['0px', '0', 'none', 'true', -1])
    box = { ...box, top: 20 }
    window.dispatchEvent(new Event('resize'))
    document.body.dispatchEvent(new Event('scroll'))
    expect(iframe.style.top).toBe('0px')
  })

  it('works without the observers (an old browser): events only', () => {
    vi.stubGlobal('ResizeObserver', undefined)
    vi.stubGlobal('IntersectionObserver', undefined)
    const hide = placement.showOver(makeRoom())
    box = { ...box, top: 20 }
    window.dispatchEvent(new Event('resize'))
    expect(placed(placement.iframe).top).toBe('20px')
    expect(vi.getTimerCount()).toBe(0)
    hide()
  })

  it('clips the frame to the boxes that clip the room, and never draws it outside them', () => {
    const body = document.createElement('div')
    body.style.overflow = 'hidden'
    let bodyBox = { top: 100, left: 40, width: 360, height: 90 } // mid height animation
    body.getBoundingClientRect = () =>
      ({ ...bodyBox, right: bodyBox.left + bodyBox.width, bottom: bodyBox.top + bodyBox.height }) as DOMRect
    document.body.appendChild(body)
    const room = makeRoom()
    body.appendChild(room)
    placement.showOver(room)
    const { iframe } = placement
    expect(iframe.style.clipPath).toBe('inset(0px 0px 150px 0px)')
    // The body's own resizes are watched too: the clip follows its animation.
    const [resize] = live('resize')
    expect(resize?.targets).toEqual([room, body])
    bodyBox = { ...bodyBox, height: 400 }
    resize?.callback([])
    expect(iframe.style.clipPath).toBe('')
    bodyBox = { ...bodyBox, top: 500 } // scrolled wholly out of the body
    resize?.callback([])
    expect(iframe.style.clipPath).toBe('inset(50%)')
  })

  it('shows the frame only once the motion on the room and around it has ended, focusing it then', async () => {
    const room = makeRoom()
    let finish = () => {}
    const finished = new Promise<void>((resolve) => {
      finish = resolve
    })
    const sliding = { playState: 'running', finished, effect: { getComputedTiming: () => ({ iterations: 1 }) } }
    const spinning = { playState: 'running', finished: new Promise(() => {}), effect: { getComputedTiming: () => ({ iterations: Number.POSITIVE_INFINITY }) } }
    room.getAnimations = () => [sliding, spinning] as unknown as Animation[]
    const hide = placement.showOver(room)
    const { iframe } = placement
    placement.focus()
    expect([iframe.style.opacity, iframe.tabIndex, placed(iframe).height]).toEqual(['0', -1, '240px'])
    finish() // the endless spinner is not waited for
    await vi.waitFor(() => expect([iframe.style.opacity, iframe.tabIndex]).toEqual(['1', 0]))
    expect(document.activeElement).toBe(iframe)
    hide()
  })

  it('stays hidden when hidden again before the motion ends', async () => {
    const room = makeRoom()
    let finish = () => {}
    const finished = new Promise<void>((resolve) => {
      finish = resolve
    })
    room.getAnimations = () => [{ playState: 'running', finished, effect: { getComputedTiming: () => ({ iterations: 1 }) } }] as unknown as Animation[]
    const hide = placement.showOver(room)
    hide()
    finish()
    await finished
    await Promise.resolve()
    expect([placement.iframe.style.opacity, placement.iframe.tabIndex]).toEqual(['0', -1])
  })
})
