import { useLayoutEffect, useRef } from 'react'

/**
 * Makes the outer box follow the height of `inner`, so it can transition between views (150 ms,
 * in CSS). The height is written in the ResizeObserver callback itself, which runs in the same
 * frame as the layout change: the transition starts with the new content. Going through React
 * state instead left the new content clipped at the old height until a later frame, and started
 * the motion only after it looked settled, under a pointer already pressing a button there.
 * Without ResizeObserver (old browsers, jsdom) the height is left to the layout.
 */
export function useAnimatedHeight<O extends HTMLElement, I extends HTMLElement>() {
  const outer = useRef<O>(null)
  const inner = useRef<I>(null)

  useLayoutEffect(() => {
    const box = outer.current
    const content = inner.current
    if (!box || !content || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      box.style.height = `${content.offsetHeight}px`
    })
    observer.observe(content)
    return () => observer.disconnect()
  }, [])

  return { outer, inner }
}
