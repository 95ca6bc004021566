import { describe, expect, it } from 'vitest'
import cases from '../../../../fixtures/email/cases.json'
import invalid from '../../../../fixtures/email/invalid.json'
import valid from '../../../../fixtures/email/valid.json'
import { isValidEmail } from './email'

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie", 'x@a-b.io'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  )

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'ada@exa mple.com',
    ' ada@example.com',
    'ada.@example.com',
    'a..b@example.com',
    'ada@-example.com',
    'ada@example.c',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false))
})

// One rule for the SDK, the frame and frame-host: the vectors `oriel_protocol::email` is held
// to (protocol/tests/email.rs).
describe('isValidEmail, with the protocol crate', () => {
  it.each(valid)('accepts %j', (email) => expect(isValidEmail(email)).toBe(true))
  it.each(invalid)('rejects %j', (email) => expect(isValidEmail(email)).toBe(false))
  // Addresses near the rule's edges, with the crate's answers (protocol/tests/email.rs).
  it.each(cases as [string, boolean][])('answers %j as the crate does (%s)', (email, valid) => expect(isValidEmail(email)).toBe(valid))
})
