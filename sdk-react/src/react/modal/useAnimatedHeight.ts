import { useLayoutEffect, useRef, useState } from 'react'

/**
 * Follows the height of `inner` so the outer box can transition between views (150 ms, in CSS).
 * Without ResizeObserver (old browsers, jsdom) the height is left to the layout.
 */
export function useAnimatedHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [height, setHeight] = useState<number | undefined>(undefined)

  useLayoutEffect(() => {
    const inner = ref.current
    if (!inner || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(inner.offsetHeight))
    observer.observe(inner)
    return () => observer.disconnect()
  }, [])

  return { ref, height }
}
