import { describe, expect, it } from 'vitest'
import { splitForTruncation, truncateMiddle } from './truncate'

const join = ({ head, tail }: { head: string; tail: string }) => head + tail

describe('splitForTruncation', () => {
  it('keeps the last third of a name, 5 characters at most', () => {
    const binance = splitForTruncation({ text: 'Binance Web3 Wallet', kind: 'name' })
    const bitget = splitForTruncation({ text: 'Bitget Wallet', kind: 'name' })
    expect(binance).toEqual({ head: 'Binance Web3 W', tail: 'allet' })
    expect(bitget).toEqual({ head: 'Bitget Wa', tail: 'llet' })
    expect(join(binance)).toBe('Binance Web3 Wallet')
  })

  it('gives a short name a shorter tail, and an empty name nothing', () => {
    expect(splitForTruncation({ text: 'Zerion', kind: 'name' })).toEqual({ head: 'Zeri', tail: 'on' })
    expect(splitForTruncation({ text: 'OKX', kind: 'name' })).toEqual({ head: 'OK', tail: 'X' })
    expect(splitForTruncation({ text: '', kind: 'name' })).toEqual({ head: '', tail: '' })
  })

  it('keeps an email’s domain whole', () => {
    expect(splitForTruncation({ text: 'satoshi.nakamoto@example.com', kind: 'email' })).toEqual({
      head: 'satoshi.nakamoto',
      tail: '@example.com',
    })
    // The last `@` starts the domain (a quoted local part may hold one).
    expect(splitForTruncation({ text: '"a@b"@mail.test', kind: 'email' })).toEqual({ head: '"a@b"', tail: '@mail.test' })
  })

  it('keeps the last 24 characters of a very long domain', () => {
    const parts = splitForTruncation({ text: 'me@mail.departments.example-university.edu', kind: 'email' })
    expect(parts.tail).toBe('s.example-university.edu')
    expect(join(parts)).toBe('me@mail.departments.example-university.edu')
  })

  it('cuts a text without a local part like a name', () => {
    expect(splitForTruncation({ text: '@example.com', kind: 'email' })).toEqual({ head: '@example', tail: '.com' })
    expect(splitForTruncation({ text: 'not-an-email', kind: 'email' })).toEqual({ head: 'not-an-e', tail: 'mail' })
  })

  it('never splits a character made of two UTF-16 units', () => {
    const parts = splitForTruncation({ text: 'Wallet 🦊🦊🦊🦊', kind: 'name' })
    expect(parts).toEqual({ head: 'Wallet 🦊', tail: '🦊🦊🦊' })
  })
})

describe('truncateMiddle', () => {
  it('keeps the head and tail around an ellipsis', () => {
    expect(truncateMiddle({ text: '0x1234567890abcdef1234567890abcdef1234abcd', head: 6, tail: 4 })).toBe('0x1234…abcd')
    expect(truncateMiddle({ text: 'abcdefgh', head: 2, tail: 0 })).toBe('ab…')
  })

  it('leaves a text that would not get shorter', () => {
    expect(truncateMiddle({ text: '0x1234abcd', head: 6, tail: 4 })).toBe('0x1234abcd')
    expect(truncateMiddle({ text: '0x12345abcd', head: 6, tail: 4 })).toBe('0x12345abcd')
    expect(truncateMiddle({ text: '0x123456abcd', head: 6, tail: 4 })).toBe('0x1234…abcd')
  })
})
