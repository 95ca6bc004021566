// The hidden iframe: created out of sight, laid over a room the widget reserves while the frame
// must be seen, and kept there by observers as the page changes (no timers).

/**
 * The wallet frame's iframe on this page: hidden (no size, transparent, not clickable, out of
 * the accessibility tree) except while {@link FramePlacement.showOver} lays it over a room.
 * The frame is a separate origin: this page can place it, never see or click inside it.
 *
 * @example
 * const placement = new FramePlacement({ src: frameUrl, container: document.body, signal })
 * const hide = placement.showOver(room)
 */
export class FramePlacement {
  /** The iframe, attached to the container from construction until the signal aborts. */
  readonly iframe: HTMLIFrameElement

  constructor({ src, container, signal }: { src: string; container: HTMLElement; signal: AbortSignal }) {
    const iframe = document.createElement('iframe')
    // The approval screen's Copy buttons (beside each address) write the clipboard; a
    // cross-origin frame may only when its iframe allows it, before it navigates. Writing only:
    // the frame can never read this page's clipboard.
    iframe.setAttribute('allow', 'clipboard-write')
    iframe.src = src
    iframe.title = 'Oriel embedded wallet'
    iframe.dataset.orielFrame = ''
    iframe.style.position = 'fixed'
    iframe.style.border = '0'
    hide(iframe)
    container.appendChild(iframe)
    this.iframe = iframe
    signal.addEventListener('abort', () => iframe.remove(), { once: true })
  }

  /** Set while a `showOver` waits for the room to settle: whether focus() was asked for meanwhile. */
  #pendingFocus: { wanted: boolean } | undefined

  /**
   * Lays the frame exactly over `room` and keeps it there until the returned function hides it
   * again. The frame appears once the room has settled: while the widget's own motion runs on
   * the room or a box around it (the card opening, the view sliding in, the height animation),
   * an iframe placed by coordinates would lag behind or hang out of the card, so it stays
   * hidden until those animations end. From then on it follows the room when the room resizes
   * (ResizeObserver), moves for any reason, such as a transform (IntersectionObserver), and when
   * the page scrolls or the window resizes (events); and it is clipped to what the boxes around
   * the room let show (the card, its scrolling body), so it is never drawn outside the card.
   */
  showOver(room: HTMLElement): () => void {
    const iframe = this.iframe
    const clippers = clippingAncestors(room)
    const place = () => {
      const r = room.getBoundingClientRect()
      Object.assign(iframe.style, {
        top: `${r.top}px`,
        left: `${r.left}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
        clipPath: clipOutside(r, clippers),
      })
    }
    place()
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
    resizes?.observe(room)
    for (const clipper of clippers) resizes?.observe(clipper)
    const stopMoves = observeMove(room, place)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)

    let live = true
    const pendingFocus = { wanted: false }
    const show = () => {
      if (!live) return
      if (this.#pendingFocus === pendingFocus) this.#pendingFocus = undefined
      place()
      Object.assign(iframe.style, { opacity: '1', pointerEvents: 'auto', zIndex: '2147483000' })
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
      if (pendingFocus.wanted) iframe.focus()
    }
    const motion = runningAnimations(room)
    if (motion.length === 0) {
      show()
    } else {
      this.#pendingFocus = pendingFocus
      // A cancelled animation (the view replaced mid-way) rejects `finished`: settled all the same.
      void Promise.allSettled(motion.map((a) => a.finished)).then(show)
    }
    return () => {
      live = false
      if (this.#pendingFocus === pendingFocus) this.#pendingFocus = undefined
      resizes?.disconnect()
      stopMoves()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      if (document.activeElement === iframe) iframe.blur()
      hide(iframe)
    }
  }

  /** Moves the keyboard focus into the frame, if it is shown, or as soon as it appears. */
  focus(): void {
    if (this.iframe.tabIndex === 0) this.iframe.focus()
    else if (this.#pendingFocus) this.#pendingFocus.wanted = true
  }
}

/** The parent of `node`, through shadow roots (the widget lives in one). */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement
  const root = node.getRootNode()
  return root instanceof ShadowRoot ? root.host : null
}

/** The boxes around `room` that clip what overflows them (overflow other than visible). */
function clippingAncestors(room: HTMLElement): HTMLElement[] {
  const clippers: HTMLElement[] = []
  for (let node = parentOf(room); node && node !== document.documentElement; node = parentOf(node)) {
    if (!(node instanceof HTMLElement) || node === document.body) continue
    const { overflowX, overflowY } = getComputedStyle(node)
    if (overflowX !== 'visible' || overflowY !== 'visible') clippers.push(node)
  }
  return clippers
}

/** The `clip-path` that hides the parts of `r` outside every clipping box, or '' when all shows. */
function clipOutside(r: DOMRect, clippers: HTMLElement[]): string {
  let top = r.top
  let left = r.left
  let bottom = r.bottom
  let right = r.right
  for (const clipper of clippers) {
    const c = clipper.getBoundingClientRect()
    top = Math.max(top, c.top)
    left = Math.max(left, c.left)
    bottom = Math.min(bottom, c.bottom)
    right = Math.min(right, c.right)
  }
  if (top === r.top && left === r.left && bottom === r.bottom && right === r.right) return ''
  if (bottom <= top || right <= left) return 'inset(50%)'
  return `inset(${top - r.top}px ${r.right - right}px ${r.bottom - bottom}px ${left - r.left}px)`
}

/** The finite animations and transitions running now on `room` or any box around it. */
function runningAnimations(room: HTMLElement): Animation[] {
  const running: Animation[] = []
  for (let node: Element | null = room; node; node = parentOf(node)) {
    if (typeof node.getAnimations !== 'function') return running
    for (const animation of node.getAnimations()) {
      const { iterations } = animation.effect?.getComputedTiming() ?? {}
      if (animation.playState === 'running' && iterations !== Number.POSITIVE_INFINITY) running.push(animation)
    }
  }
  return running
}

/** Hides the frame: no size, transparent, not clickable, out of the accessibility tree. */
function hide(iframe: HTMLIFrameElement): void {
  Object.assign(iframe.style, { top: '0', left: '0', width: '0', height: '0', opacity: '0', pointerEvents: 'none', zIndex: '', clipPath: '' })
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
}

/**
 * Calls `onMove` whenever `element` moves on screen, by layout or by a transform. An
 * IntersectionObserver watches the element against a root shrunk to the element's own box:
 * any move makes it less than fully inside, which fires the observer, which is then set up
 * again around the new box (the technique of Floating UI's `autoUpdate`). Returns the
 * function that stops watching. Without IntersectionObserver, or while the element is fully
 * clipped, moves are left to the other observers.
 */
function observeMove(element: HTMLElement, onMove: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {}
  let observer: IntersectionObserver | undefined
  const watch = (threshold: number) => {
    observer?.disconnect()
    const { top, left, width, height } = element.getBoundingClientRect()
    if (!width || !height) return
    const root = document.documentElement
    const inset = [top, root.clientWidth - (left + width), root.clientHeight - (top + height), left]
    const rootMargin = inset.map((px) => `${-Math.floor(px)}px`).join(' ')
    let first = true
    observer = new IntersectionObserver(
      ([entry]) => {
        const ratio = entry?.intersectionRatio ?? 0
        const wasFirst = first
        first = false
        if (ratio === threshold) return
        if (!wasFirst) {
          onMove()
          watch(1)
        } else if (ratio > 0) {
          // Partly clipped (e.g. by an overflow box) or moved since: place, watch that ratio.
          onMove()
          watch(ratio)
        }
      },
      { root: document, rootMargin, threshold },
    )
    observer.observe(element)
  }
  watch(1)
  return () => observer?.disconnect()
}
