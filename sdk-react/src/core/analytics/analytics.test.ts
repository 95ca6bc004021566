import { afterEach, describe, expect, it, vi } from 'vitest'
import { ALERTS } from '../alerts/alertStore'
import { createClient } from '../client/createClient'
import { createConfig } from '../config/createConfig'
import { createEventsStore } from '../events/eventsStore'
import { ethereum } from '../networks'
import { testFrameHost } from '../../test/frameHost'
import { createQueryClient } from '../query/queryClient'
import { startAnalytics, MAX_PENDING_EVENTS, type AnalyticsEventBody } from './analytics'

type Call = { url: URL; init: RequestInit | undefined }

/** A fake frame-host: `/getAnalyticsConfig` answers `config` (after `gate`), `/e` answers `eStatus`. */
function setup({
  config = () => Response.json({ isAnalyticsEnabled: true }),
  eStatus = 204,
  address = 'eip155:1:0x8ba1f109551bD432803012645Ac136ddd64DBA72' as string | undefined,
} = {}) {
  const calls: Call[] = []
  let gate: () => void = () => {}
  const held = new Promise<void>((release) => {
    gate = release
  })
  let uuid = 0
  const events = createEventsStore({ now: () => 1_700_000_000_000 })
  const onForbidden = vi.fn()
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push({ url, init })
    if (url.pathname === '/getAnalyticsConfig') {
      await held
      return config()
    }
    return new Response(null, { status: eStatus })
  }) as typeof globalThis.fetch
  const stop = startAnalytics({
    frameHost: testFrameHost(fetch, 'http://127.0.0.1:8787/'),
    query: createQueryClient({ now: () => 0 }),
    events,
    getAddress: () => address,
    onForbidden,
    location: () => ({ href: 'http://localhost:5173/shop?x=1', hostname: 'localhost' }),
    randomUUID: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}`,
  })
  const posts = () => calls.filter((c) => c.url.pathname === '/e')
  const bodies = () => posts().map((c) => JSON.parse(String(c.init?.body)) as AnalyticsEventBody)
  return { calls, events, onForbidden, stop, release: () => gate(), posts, bodies }
}

afterEach(() => vi.restoreAllMocks())

describe('analytics', () => {
  it('asks the project setting once, at the first event, then POSTs each event with keepalive as text', async () => {
    const t = setup()
    t.release()
    await new Promise((r) => setTimeout(r, 10))
    expect(t.calls).toHaveLength(0)
    t.events.emit('MODAL_OPEN', { connected: false })
    t.events.emit('SEARCH_WALLET', { search: 'rain' })
    await vi.waitFor(() => expect(t.posts()).toHaveLength(2))
    const config = t.calls[0]!.url
    expect(config.origin + config.pathname).toBe('http://127.0.0.1:8787/getAnalyticsConfig')
    expect(Object.fromEntries(config.searchParams)).toEqual({ projectId: 'demo', st: 'appkit', sv: 'oriel-react-0.1.0' })
    const post = t.posts()[0]!
    expect(post.url.pathname).toBe('/e')
    expect(post.url.searchParams.get('projectId')).toBe('demo')
    expect(post.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' })
    expect(typeof post.init?.body).toBe('string')
    expect(post.init?.headers).toBeUndefined()
    expect(t.bodies()).toEqual([
      {
        eventId: '00000000-0000-4000-8000-000000000001',
        url: 'http://localhost:5173/shop?x=1',
        domain: 'localhost',
        timestamp: 1_700_000_000_000,
        props: {
          type: 'track',
          event: 'MODAL_OPEN',
          address: 'eip155:1:0x8ba1f109551bD432803012645Ac136ddd64DBA72',
          properties: { connected: false },
        },
      },
      expect.objectContaining({ props: expect.objectContaining({ event: 'SEARCH_WALLET', properties: { search: 'rain' } }) }),
    ])
    expect(t.calls.filter((c) => c.url.pathname === '/getAnalyticsConfig')).toHaveLength(1)
    t.stop()
    t.events.emit('MODAL_CLOSE')
    await new Promise((r) => setTimeout(r, 0))
    expect(t.posts()).toHaveLength(2)
  })

  it('keeps events that happen before the answer and sends them once analytics is on', async () => {
    const t = setup({ address: '' })
    for (let i = 0; i < MAX_PENDING_EVENTS + 5; i++) t.events.emit('MODAL_OPEN', { connected: false })
    t.events.emit('DISCONNECT_SUCCESS')
    expect(t.posts()).toHaveLength(0)
    t.release()
    await vi.waitFor(() => expect(t.posts()).toHaveLength(MAX_PENDING_EVENTS))
    expect(t.bodies()[0]!.props).toEqual({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
  })

  it.each([
    ['the project has it off', () => Response.json({ isAnalyticsEnabled: false })],
    ['frame-host fails', () => new Response('boom', { status: 500 })],
    ['the answer is not JSON', () => new Response('<html>', { status: 200 })],
    [
      'frame-host is unreachable',
      () => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('sends nothing when %s', async (_, config) => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const t = setup({ config })
    t.events.emit('MODAL_OPEN', { connected: false })
    t.release()
    await vi.waitFor(() => expect(console.debug).toHaveBeenCalledTimes(_ === 'the project has it off' ? 0 : 1))
    await new Promise((r) => setTimeout(r, 10))
    t.events.emit('MODAL_CLOSE', { connected: false })
    await new Promise((r) => setTimeout(r, 10))
    expect(t.posts()).toHaveLength(0)
    expect(t.onForbidden).not.toHaveBeenCalled()
  })

  it('a 403 of the config shows the allow-list alert and sends nothing', async () => {
    const t = setup({ config: () => Response.json({ error: { code: 'forbidden', message: 'Origin not allowed' } }, { status: 403 }) })
    t.events.emit('MODAL_OPEN', { connected: false })
    t.release()
    await vi.waitFor(() => expect(t.onForbidden).toHaveBeenCalledTimes(1))
    t.events.emit('MODAL_CLOSE', { connected: false })
    await new Promise((r) => setTimeout(r, 10))
    expect(t.posts()).toHaveLength(0)
  })

  it('a 403 of an event shows the alert once and stops sending', async () => {
    const t = setup({ eStatus: 403 })
    t.release()
    await new Promise((r) => setTimeout(r, 10))
    t.events.emit('MODAL_OPEN', { connected: false })
    t.events.emit('MODAL_CLOSE', { connected: false })
    await vi.waitFor(() => expect(t.onForbidden).toHaveBeenCalledTimes(1))
    t.events.emit('SWITCH_NETWORK', { network: 'eip155:1' })
    await new Promise((r) => setTimeout(r, 10))
    expect(t.posts()).toHaveLength(2)
    expect(t.onForbidden).toHaveBeenCalledTimes(1)
  })

  it('logs an event frame-host refuses for another reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const t = setup({ eStatus: 429 })
    t.release()
    await new Promise((r) => setTimeout(r, 10))
    t.events.emit('SEND_INITIATED', { network: 'eip155:1' })
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('oriel: analytics event SEND_INITIATED refused: HTTP 429'))
    expect(t.onForbidden).not.toHaveBeenCalled()
  })
})

describe('the client', () => {
  it('starts analytics on mount, asks nothing before the first event, and a 403 opens the Invalid App Configuration alert', async () => {
    const urls: string[] = []
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input))
      return Response.json({ error: { code: 'forbidden', message: 'Origin not allowed' } }, { status: 403 })
    }) as typeof globalThis.fetch
    const config = createConfig({ projectId: 'demo', networks: [ethereum] })
    const client = createClient({ config, fetch, isMobile: () => false })
    expect(urls).toEqual([])
    const unmount = client.mount()
    await new Promise((r) => setTimeout(r, 10))
    expect(urls).toEqual([])
    client.events.emit('MODAL_OPEN', { connected: false })
    await vi.waitFor(() => expect(client.alerts.getSnapshot().alert).toEqual(ALERTS.invalidAppConfiguration))
    expect(urls.map((u) => new URL(u).pathname)).toEqual(['/getAnalyticsConfig'])
    unmount()
  })

  it('sends nothing with the analytics feature off', async () => {
    const fetch = vi.fn(async () => Response.json({ isAnalyticsEnabled: true })) as unknown as typeof globalThis.fetch
    const config = createConfig({ projectId: 'demo', networks: [ethereum], features: { analytics: false } })
    const client = createClient({ config, fetch, isMobile: () => false })
    const unmount = client.mount()
    client.events.emit('MODAL_OPEN', { connected: false })
    await new Promise((r) => setTimeout(r, 10))
    expect(fetch).not.toHaveBeenCalled()
    unmount()
  })
})
