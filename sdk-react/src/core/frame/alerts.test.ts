import { describe, expect, it, vi } from 'vitest'
import { ProtocolVersionMismatchError } from '../../codec/codec'
import { EmbeddedWalletLoadError } from '../errors/auth'
import { alertFor, reportOnce } from './alerts'
import { FrameReadyTimeoutError, FrameRequestError, FrameRequestTimeoutError } from './errors'

describe('frame alerts', () => {
  it('reports each alert id once, and a reporter wrapped again shares its set', () => {
    const onAlert = vi.fn()
    const report = reportOnce(onAlert)
    expect(reportOnce(report)).toBe(report)
    const timeout = { id: 'iframe_request_timeout', message: 'Embedded Wallet Request Timed Out' } as const
    report(timeout)
    reportOnce(report)(timeout)
    report({ id: 'iframe_load_failed', message: 'Unable to load email login dependency' })
    expect(onAlert.mock.calls.map(([alert]) => alert.id)).toEqual(['iframe_request_timeout', 'iframe_load_failed'])
  })

  it('picks the alert by the error class, never by its text', () => {
    const mismatch = new ProtocolVersionMismatchError(new Error('protocol version mismatch: host speaks [1], frame speaks [2]'))
    expect(alertFor(mismatch)).toEqual({ id: 'version_mismatch', message: 'protocol version mismatch: host speaks [1], frame speaks [2]' })
    // The same words in another error are just a load failure.
    expect(alertFor(new EmbeddedWalletLoadError({ cause: mismatch })).id).toBe('iframe_load_failed')
    expect(alertFor(new FrameRequestTimeoutError({ request: 'GetUser', timeoutMs: 30_000 }))).toEqual({
      id: 'iframe_request_timeout',
      message: 'Embedded Wallet Request Timed Out',
    })
    expect(alertFor(new FrameReadyTimeoutError({ frameUrl: 'http://frame.test/frame', timeoutMs: 20_000 }))).toEqual({
      id: 'iframe_load_failed',
      message: 'Unable to load email login dependency',
    })
    expect(alertFor(new FrameRequestError({ code: 'BadMessage', message: 'The frame did not start with Ready', request: 'handshake' }))).toEqual({
      id: 'iframe_load_failed',
      message: 'The frame did not start with Ready',
    })
    expect(alertFor(new TypeError('protocol version mismatch'))).toEqual({
      id: 'iframe_load_failed',
      message: 'Unable to load email login dependency',
    })
  })
})
