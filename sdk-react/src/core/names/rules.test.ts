import { describe, expect, it } from 'vitest'
import { InvalidNameError } from '../errors/names'
import { isNameLike, validateNameLabel } from './rules'

const reason = (label: string) => {
  try {
    validateNameLabel(label)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidNameError)
    return (error as InvalidNameError).shortMessage
  }
  return 'valid'
}

describe('validateNameLabel (spec §5: letters, digits and hyphens, at least 4 characters)', () => {
  it('takes letters, digits and hyphens in any case, lowercased', () => {
    expect(validateNameLabel('Alice')).toBe('alice')
    expect(validateNameLabel('a1-b')).toBe('a1-b')
    expect(validateNameLabel('x'.repeat(63))).toBe('x'.repeat(63))
  })

  it("refuses the rest with frame-host's texts, in its order", () => {
    expect(reason('abc')).toBe('Invalid name: at least 4 characters')
    expect(reason('')).toBe('Invalid name: at least 4 characters')
    expect(reason('x'.repeat(64))).toBe('Invalid name: at most 63 characters')
    expect(reason('alice.eth')).toBe('Invalid name: only letters, digits and hyphens')
    expect(reason('ali ce')).toBe('Invalid name: only letters, digits and hyphens')
    expect(reason('zoë1')).toBe('Invalid name: only letters, digits and hyphens')
    expect(reason('a_b')).toBe('Invalid name: only letters, digits and hyphens')
    expect(reason('ab--cd')).toBe('Invalid name: hyphens cannot be the 3rd and 4th characters')
    expect(reason('a--b')).toBe('valid')
  })
})

describe('isNameLike (a receiver with a dot that is not an address)', () => {
  it('tells names from addresses', () => {
    for (const name of ['alice.oriel.id', 'vitalik.eth', ' Bob.ETH ', 'a.b']) expect(isNameLike(name), name).toBe(true)
    for (const other of ['', 'alice', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy', 'a b.eth', `${'a'.repeat(252)}.eth`]) {
      expect(isNameLike(other), other).toBe(false)
    }
  })
})
