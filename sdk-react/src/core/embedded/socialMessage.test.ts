import { describe, expect, it } from 'vitest'
import { readSocialDone } from './socialMessage'

const ok = { type: 'oriel:social-done', version: 1, provider: 'google', ok: true }
const failed = (error: unknown) => ({ ...ok, ok: false, error })

describe('readSocialDone', () => {
  it('reads the callback page’s two answers', () => {
    expect(readSocialDone(ok, 'google')).toEqual({ ok: true })
    expect(readSocialDone(failed({ code: 'access_denied', message: 'Sign-in with Google was declined' }), 'google')).toEqual({
      ok: false,
      message: 'Sign-in with Google was declined',
    })
    expect(readSocialDone(failed({ code: 'expired', message: 'a\u0000b\nc' }), 'google')).toEqual({ ok: false, message: 'abc' })
    expect(readSocialDone(failed({ code: 'expired', message: 'x'.repeat(500) }), 'google')).toEqual({ ok: false, message: 'x'.repeat(200) })
    expect(readSocialDone(failed({ code: 'provider_error', message: '  ' }), 'google')).toEqual({
      ok: false,
      message: 'The sign-in failed: start again',
    })
  })

  it('refuses anything else', () => {
    for (const data of [
      null,
      undefined,
      'oriel:social-done',
      [ok],
      {},
      { ...ok, provider: 'github' },
      { ...ok, type: 'oriel:social-result' },
      { ...ok, version: 2 },
      { ...ok, version: '1' },
      { ...ok, ok: 'true' },
      { ...ok, result: 'ab'.repeat(32) },
      { ...ok, error: { code: 'access_denied', message: 'no' } },
      failed(undefined),
      failed('declined'),
      failed({ code: 'teapot', message: 'no' }),
      failed({ code: 'access_denied' }),
      failed({ code: 'access_denied', message: 42 }),
      failed({ code: 'access_denied', message: 'no', detail: 'x' }),
    ]) {
      expect(readSocialDone(data, 'google')).toBeUndefined()
    }
  })
})
