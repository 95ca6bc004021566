import { afterEach, describe, expect, it, vi } from 'vitest'
import { isBrowser, isMobile } from './env'

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
