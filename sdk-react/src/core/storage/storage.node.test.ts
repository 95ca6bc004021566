// Without a DOM (server rendering), storage reads nothing and writes nowhere, without throwing.
import { expect, it } from 'vitest'
import { STORAGE_KEYS } from './keys'
import { storage } from './storage'

it('is a no-op without window', () => {
  expect(typeof window).toBe('undefined')
  expect(storage.getItem(STORAGE_KEYS.embeddedLoginUsed)).toBeNull()
  expect(() => storage.setItem(STORAGE_KEYS.embeddedLoginUsed, 'true')).not.toThrow()
  expect(() => storage.removeItem(STORAGE_KEYS.embeddedLoginUsed)).not.toThrow()
})
