import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, isBrowser, isMobile, PAINT_WAIT_MS, socialsForTelegram, telegramPlatform } from './env'

describe('env', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sees the DOM', () => expect(isBrowser()).toBe(true))

  it('detects mobile by pointer or user agent', () => {
    expect(isMobile()).toBe(false)
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }))
    expect(isMobile()).toBe(true)
    vi.unstubAllGlobals()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')
    expect(isMobile()).toBe(true)
  })
})

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs once, in the task after the next animation frame', () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const fn = vi.fn()
    afterNextPaint(fn)
    vi.advanceTimersByTime(0)
    expect(fn).not.toHaveBeenCalled()
    for (const frame of frames.splice(0)) frame(16)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(PAINT_WAIT_MS)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('runs once after PAINT_WAIT_MS when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 7)
    const cancelled = vi.fn()
    vi.stubGlobal('cancelAnimationFrame', cancelled)
    const fn = vi.fn()
    afterNextPaint(fn)
    vi.advanceTimersByTime(PAINT_WAIT_MS - 1)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(cancelled).toHaveBeenCalledWith(7)
  })
})

describe('Telegram', () => {
  afterEach(() => vi.unstubAllGlobals())

  const ALL = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko)'
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36'
  const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36'

  function inTelegram(userAgent: string, touchPoints = 0) {
    vi.stubGlobal('TelegramWebviewProxy', { postEvent() {} })
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
    // jsdom has no maxTouchPoints.
    Object.defineProperty(navigator, 'maxTouchPoints', { value: touchPoints, configurable: true })
  }

  it('drops google on iOS, x on a Mac, facebook and x on Android, nothing elsewhere', () => {
    expect(socialsForTelegram(ALL, 'ios')).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialsForTelegram(ALL, 'mac')).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialsForTelegram(ALL, 'android')).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(socialsForTelegram(ALL, 'other')).toEqual([...ALL])
    expect(socialsForTelegram(ALL, undefined)).toEqual([...ALL])
  })

  it('knows Telegram and its platform from the page', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    expect(telegramPlatform()).toBeUndefined()
    expect(socialsForTelegram(ALL)).toEqual([...ALL])
    inTelegram(IPHONE)
    expect(telegramPlatform()).toBe('ios')
    expect(socialsForTelegram(ALL)).not.toContain('google')
    inTelegram(MAC, 5)
    expect(telegramPlatform()).toBe('ios')
    inTelegram(MAC)
    expect(telegramPlatform()).toBe('mac')
    inTelegram(ANDROID)
    expect(telegramPlatform()).toBe('android')
    inTelegram(WINDOWS)
    expect(telegramPlatform()).toBe('other')
    vi.unstubAllGlobals()
    vi.stubGlobal('Telegram', { WebApp: {} })
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID)
    expect(socialsForTelegram(ALL)).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })
})
