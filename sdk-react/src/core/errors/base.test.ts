import { describe, expect, it } from 'vitest'
import { BaseError, getErrorMessage } from './base'
import { SiweSiwxConflictError } from './config'

describe('BaseError', () => {
  it('keeps the short message and builds a detailed message', () => {
    const error = new BaseError('Something broke', {
      details: 'the details',
      docsPath: '/docs',
      metaMessages: ['meta'],
    })
    expect(error.shortMessage).toBe('Something broke')
    expect(error.message).toBe(
      'Something broke\n\nmeta\n\nDetails: the details\nDocs: /docs\nVersion: @oriel/react@0.1.0',
    )
    expect(error.name).toBe('OrielError')
  })

  it('takes details from the cause', () => {
    const error = new BaseError('outer', { cause: new Error('inner') })
    expect(error.details).toBe('inner')
    expect(error.cause).toBeInstanceOf(Error)
  })

  it('walks the cause chain', () => {
    const root = new Error('root')
    const middle = new SiweSiwxConflictError()
    Object.defineProperty(middle, 'cause', { value: root })
    const top = new BaseError('top', { cause: middle })
    expect(top.walk()).toBe(root)
    expect(top.walk((e) => e instanceof SiweSiwxConflictError)).toBe(middle)
    expect(top.walk(() => false)).toBeNull()
  })

  it('subclasses are tagged by name', () => {
    const error = new SiweSiwxConflictError()
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('SiweSiwxConflictError')
  })

  it('getErrorMessage prefers the short message', () => {
    expect(getErrorMessage(new BaseError('short', { details: 'long' }))).toBe('short')
    expect(getErrorMessage(new Error('plain'))).toBe('plain')
    expect(getErrorMessage('nope')).toBe('Something went wrong')
  })
})
