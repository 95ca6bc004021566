import { afterEach, describe, expect, it } from 'vitest'
import { isIosSafari, isTelegram, reusesPairing } from './platform'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

describe('platform', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)['Telegram']
  })

  it('recognises Safari on iOS only', () => {
    expect(isIosSafari(IPHONE_SAFARI)).toBe(true)
    expect(isIosSafari(IPHONE_CHROME)).toBe(false)
    expect(isIosSafari(MAC_SAFARI)).toBe(false)
  })

  it('recognises Telegram’s in-app browser, and reuses pairings there', () => {
    expect(isTelegram()).toBe(false)
    expect(reusesPairing()).toBe(false) // jsdom's user agent is not iOS Safari
    ;(window as unknown as Record<string, unknown>)['Telegram'] = { WebApp: {} }
    expect(isTelegram()).toBe(true)
    expect(reusesPairing()).toBe(true)
  })
})
