// Test helper: the SDK's frame-host client over a test's `fetch`, retrying at once (the spec's
// waits of 1 s and 2 s would only slow the tests down).
import { createFrameHost, type FrameHost } from '../core/frameHost/transport'

/** A frame-host client of project `demo` at `baseUrl`, over `fetch` (default: the global one, read on each call). */
export function testFrameHost(fetch?: typeof globalThis.fetch, baseUrl = 'http://127.0.0.1:8787/'): FrameHost {
  return createFrameHost({ baseUrl, projectId: 'demo', fetch, retryDelay: () => 0 })
}
