import { useLayoutEffect, useRef } from 'react'

/**
 * Makes the outer box follow the height of `inner`, so it can transition between views (150 ms,
 * in CSS). The height is written in the ResizeObserver callback itself, which runs in the same
 * frame as the layout change: the transition starts with the new content. Going through React
 * state instead left the new content clipped at the old height until a later frame, and started
 * the motion only after it looked settled, under a pointer already pressing a button there.
 *
 * Only a change of the content animates: the first height, and one that comes from a new width
 * (the window or the card resized, so the same content wrapped anew), are set at once, as is
 * every height under `prefers-reduced-motion`. While the height moves, the box carries
 * `data-animating` (its CSS hides the scrollbar the moving edge would flash); otherwise the box
 * scrolls when the card holds it shorter than its content. Without ResizeObserver (old
 * browsers, jsdom) the height is left to the layout.
 */
export function useAnimatedHeight<O extends HTMLElement, I extends HTMLElement>() {
  const outer = useRef<O>(null)
  const inner = useRef<I>(null)

  useLayoutEffect(() => {
    const box = outer.current
    const content = inner.current
    if (!box || !content || typeof ResizeObserver === 'undefined') return
    const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined
    let width: number | undefined
    // The box's own transitions (its height's); reading them applies the styles set so far.
    const moving = () => (typeof box.getAnimations === 'function' ? box.getAnimations().length > 0 : false)
    const settled = (event: TransitionEvent) => {
      // A height retargeted mid-way cancels the running transition and starts another.
      if (event.target === box && !moving()) delete box.dataset['animating']
    }
    box.addEventListener('transitionend', settled)
    box.addEventListener('transitioncancel', settled)
    const observer = new ResizeObserver(() => {
      const height = `${content.offsetHeight}px`
      const resized = width !== undefined && width !== content.offsetWidth
      const first = width === undefined
      width = content.offsetWidth
      if (box.style.height === height) return
      if (first || resized || reducedMotion?.matches) {
        box.style.transition = 'none'
        box.style.height = height
        // Applies the height before the transition comes back.
        void box.offsetHeight
        box.style.transition = ''
        delete box.dataset['animating']
      } else {
        box.dataset['animating'] = ''
        box.style.height = height
        if (!moving()) delete box.dataset['animating']
      }
    })
    observer.observe(content)
    return () => {
      observer.disconnect()
      box.removeEventListener('transitionend', settled)
      box.removeEventListener('transitioncancel', settled)
    }
  }, [])

  return { outer, inner }
}
