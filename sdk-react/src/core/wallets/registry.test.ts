import { describe, expect, it } from 'vitest'
import { FrameHostUnreachableError, HttpStatusError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { testFrameHost } from '../../test/frameHost'
import { createWalletRegistryClient, parseWallets } from './registry'

function client(answer: (url: string) => Response | Promise<Response>) {
  const urls: string[] = []
  const registry = createWalletRegistryClient(
    testFrameHost((async (input: RequestInfo | URL) => {
      urls.push(String(input))
      return answer(String(input))
    }) as typeof fetch),
  )
  return { registry, urls }
}

describe('wallet registry client', () => {
  it('sends projectId, st, sv and every filter', async () => {
    const { registry, urls } = client(() => Response.json({ data: [], count: 0 }))
    await registry.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      search: '  rain ',
      badgeType: 'certified',
    })
    const url = new URL(urls[0] ?? '')
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8787/getWallets')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      st: 'appkit',
      sv: 'oriel-react-0.1.0',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      search: 'rain',
      badge_type: 'certified',
    })
  })

  it('leaves out empty filters', async () => {
    const { registry, urls } = client(() => Response.json({ data: [], count: 0 }))
    await registry.getWallets({ include: [], search: ' ' })
    expect([...new URL(urls[0] ?? '').searchParams.keys()]).toEqual(['projectId', 'st', 'sv', 'page'])
  })

  it("throws 'HTTP status code: {status}' on a non-OK answer, with the service's message as details", async () => {
    const { registry } = client(() =>
      Response.json({ error: { code: 'invalid_params', message: 'Invalid page: 0' } }, { status: 400 }),
    )
    const error = await registry.getWallets().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 400')
    expect((error as HttpStatusError).status).toBe(400)
    expect((error as HttpStatusError).details).toContain('Invalid page: 0')
  })

  it('reports an unreachable service and a malformed answer', async () => {
    const down = client(() => Promise.reject(new TypeError('fetch failed')))
    await expect(down.registry.getWallets()).rejects.toBeInstanceOf(FrameHostUnreachableError)
    const odd = client(() => Response.json({ wallets: [] }))
    await expect(odd.registry.getWallets()).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
    const text = client(() => new Response('<html>', { status: 200 }))
    await expect(text.registry.getWallets()).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
    expect(() => parseWallets({ data: [{ id: 'x' }], count: 1 })).toThrow('Invalid wallet list response')
  })

  it('builds image URLs with the project', () => {
    const { registry } = client(() => Response.json({}))
    expect(registry.getWalletImageUrl('ab-12')).toBe(
      'http://127.0.0.1:8787/getWalletImage/ab-12?projectId=demo&st=appkit&sv=oriel-react-0.1.0',
    )
  })
})
