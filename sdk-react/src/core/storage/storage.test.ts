import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from './keys'
import { storage } from './storage'

const KEY = STORAGE_KEYS.embeddedEmail

describe('storage', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    localStorage.clear()
  })

  it('reads, writes and removes localStorage', () => {
    expect(storage.getItem(KEY)).toBeNull()
    storage.setItem(KEY, 'ada@example.com')
    expect(localStorage.getItem('@oriel/embedded/email')).toBe('ada@example.com')
    expect(storage.getItem(KEY)).toBe('ada@example.com')
    storage.removeItem(KEY)
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('never throws when storage fails', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    expect(storage.getItem(KEY)).toBeNull()
    expect(() => storage.setItem(KEY, 'x')).not.toThrow()
    expect(() => storage.removeItem(KEY)).not.toThrow()
  })

  it('never throws when reading window.localStorage throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    expect(storage.getItem(KEY)).toBeNull()
    expect(() => storage.setItem(KEY, 'x')).not.toThrow()
  })
})
