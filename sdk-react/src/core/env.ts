/** Whether a DOM is available. Never call browser APIs at import time; guard with this at run time. */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}

/** How long {@link afterNextPaint} waits for an animation frame before it runs anyway (a hidden
 * tab gets none). */
export const PAINT_WAIT_MS = 100

/**
 * Runs `fn` once the browser has painted what the current task drew: in the first task after
 * the next animation frame. Work that must not hold back what a click shows waits here (the
 * modal starts the wallet frame once its first view is on screen). A hidden tab paints no
 * frames, so `fn` runs after {@link PAINT_WAIT_MS} at the latest; outside a browser, on the
 * next task.
 */
export function afterNextPaint(fn: () => void): void {
  if (!isBrowser() || typeof requestAnimationFrame !== 'function') {
    setTimeout(fn, 0)
    return
  }
  // Whichever comes first cancels the other, so `fn` runs once and nothing stays pending.
  let frame = 0
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame)
    fn()
  }, PAINT_WAIT_MS)
  frame = requestAnimationFrame(() => {
    clearTimeout(fallback)
    setTimeout(fn, 0)
  })
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|Opera Mini/u

/** A phone or tablet: a coarse pointer or a mobile user agent. False outside the browser. */
export function isMobile(): boolean {
  if (!isBrowser()) return false
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
  return coarse || MOBILE_UA.test(navigator.userAgent)
}

/** Telegram's in-app browser (a Mini App or a link opened in Telegram). False outside the browser. */
export function isTelegram(): boolean {
  if (!isBrowser()) return false
  const w = window as unknown as Record<string, unknown>
  return Boolean(w['Telegram'] || w['TelegramWebviewProxy'] || w['TelegramWebviewProxyProto'])
}

/** Where Telegram's in-app browser (or a Telegram Mini App) runs: the platform decides which social logins work there. */
export type TelegramPlatform = 'ios' | 'mac' | 'android' | 'other'

/** The Telegram platform the page runs in; undefined outside Telegram (and outside the browser). */
export function telegramPlatform(): TelegramPlatform | undefined {
  if (!isTelegram()) return undefined
  const ua = navigator.userAgent
  // iPadOS presents itself as a Mac with a touch screen.
  if (/iPhone|iPad|iPod/u.test(ua) || (/Mac/u.test(ua) && navigator.maxTouchPoints > 1)) return 'ios'
  return /Mac/u.test(ua) ? 'mac' : /Android/u.test(ua) ? 'android' : 'other'
}

/** What spec §5 drops inside Telegram, per platform. */
const TELEGRAM_DROPS: Partial<Record<string, readonly string[]>> = { ios: ['google'], mac: ['x'], android: ['facebook', 'x'] }

/**
 * The social logins to offer (spec §5, Telegram): inside Telegram, iOS drops google, Mac drops
 * x, Android drops facebook and x; elsewhere all of `socials`, in their order.
 *
 * @example
 * socialsForTelegram(['google', 'x', 'facebook'], 'android') // ['google']
 */
export function socialsForTelegram<T extends string>(socials: readonly T[], platform = telegramPlatform()): T[] {
  const dropped = TELEGRAM_DROPS[platform ?? ''] ?? []
  return socials.filter((social) => !dropped.includes(social))
}
