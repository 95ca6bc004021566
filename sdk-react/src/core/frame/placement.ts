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

  /**
   * Lays the frame exactly over `room` and keeps it there until the returned function hides it
   * again. It follows the room when the room resizes (ResizeObserver), moves for any reason,
   * such as the modal's height animation or a transform (IntersectionObserver), and when the
   * page scrolls or the window resizes (events).
   */
  showOver(room: HTMLElement): () => void {
    const iframe = this.iframe
    const place = () => {
      const r = room.getBoundingClientRect()
      Object.assign(iframe.style, { top: `${r.top}px`, left: `${r.left}px`, width: `${r.width}px`, height: `${r.height}px` })
    }
    place()
    Object.assign(iframe.style, { opacity: '1', pointerEvents: 'auto', zIndex: '2147483000' })
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
    resizes?.observe(room)
    const stopMoves = observeMove(room, place)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      resizes?.disconnect()
      stopMoves()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      if (document.activeElement === iframe) iframe.blur()
      hide(iframe)
    }
  }

  /** Moves the keyboard focus into the frame, if it is shown. */
  focus(): void {
    if (this.iframe.tabIndex === 0) this.iframe.focus()
  }
}

/** Hides the frame: no size, transparent, not clickable, out of the accessibility tree. */
function hide(iframe: HTMLIFrameElement): void {
  Object.assign(iframe.style, { top: '0', left: '0', width: '0', height: '0', opacity: '0', pointerEvents: 'none', zIndex: '' })
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
