/** Whether a DOM is available. Never call browser APIs at import time; guard with this at run time. */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|Opera Mini/u

/** A phone or tablet: a coarse pointer or a mobile user agent. False outside the browser. */
export function isMobile(): boolean {
  if (!isBrowser()) return false
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
  return coarse || MOBILE_UA.test(navigator.userAgent)
}
