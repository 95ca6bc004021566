import { useEffect, useRef } from 'react'

/**
 * Calls `onEnd` when the returned sentinel element scrolls into view inside its scroll
 * container (or within 200 px of it). Observation restarts whenever `deps` change, so a page
 * that did not fill the container asks for the next one at once.
 */
export function useInfiniteScroll<T extends HTMLElement>(onEnd: () => void, enabled: boolean, deps: readonly unknown[]) {
  const sentinel = useRef<T>(null)
  const callback = useRef(onEnd)
  callback.current = onEnd

  useEffect(() => {
    const element = sentinel.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { root: element.closest('.wallet-scroll'), rootMargin: '0px 0px 200px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps])

  return sentinel
}
