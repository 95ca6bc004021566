import { afterEach, describe, expect, it, vi } from 'vitest'
import { testFrameHost } from '../../test/frameHost'
import { FrameHostRequestError, FrameHostUnreachableError, HttpStatusError, InvalidFrameHostResponseError } from '../frameHost/errors'
import { createTestClient } from '../../test/testClient'
import { createNamesApiClient, parseNameRecord, readNameSuffix } from './client'

const ADA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const RECORD = {
  name: 'alice.oriel.id',
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { '60': { address: ADA, created_at: '2026-01-01T00:00:00.000Z' }, '2147514985': { address: ADA, created_at: 'x' } },
  attributes: { avatar: 'https://img.test/a.png' },
}

/** A client whose fetch answers `answer` and records every request. */
function clientAnswering(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const requests: { url: URL; init?: RequestInit | undefined }[] = []
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url: new URL(url), init })
    return answer(new URL(url), init)
  }) as unknown as typeof globalThis.fetch
  return { api: createNamesApiClient(testFrameHost(fetch, 'http://fh/')), requests }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('createNamesApiClient', () => {
  it('looks a name up with apiVersion 2: its record, or null for []', async () => {
    const { api, requests } = clientAnswering((url) => Response.json(url.pathname.includes('alice') ? RECORD : []))
    expect(await api.lookupName('alice.oriel.id')).toEqual({
      name: 'alice.oriel.id',
      addresses: { '60': { address: ADA }, '2147514985': { address: ADA } },
      attributes: { avatar: 'https://img.test/a.png' },
    })
    expect(await api.lookupName('bob1.oriel.id')).toBeNull()
    expect(requests[0]!.url.pathname).toBe('/v1/profile/account/alice.oriel.id')
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ projectId: 'demo', st: 'appkit', sv: 'oriel-react-0.1.0', apiVersion: '2' })
  })

  it('reads the suffix once from the gateway route, and again after a failure', async () => {
    let fail = true
    const requests: URL[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(new URL(url))
      if (fail) return new Response('down', { status: 400 })
      return Response.json({ suffix: 'oriel.id', url: 'http://fh/v1/profile/ccip/{sender}/{data}.json', signer: '0x0' })
    })
    const { client } = createTestClient()
    await expect(readNameSuffix(client)).rejects.toBeInstanceOf(HttpStatusError)
    fail = false
    expect(await readNameSuffix(client)).toBe('oriel.id')
    expect(await readNameSuffix(client)).toBe('oriel.id')
    expect(requests.map((r) => r.pathname)).toEqual(['/v1/profile/gateway', '/v1/profile/gateway'])
  })

  it('asks suggestions for the label in the zone, and the names of an address', async () => {
    const { api, requests } = clientAnswering((url) =>
      url.pathname.startsWith('/v1/profile/suggestions/')
        ? Response.json({ suggestions: [{ name: 'alice.oriel.id', registered: true }, { name: 'alice1.oriel.id', registered: false }] })
        : Response.json([RECORD]),
    )
    expect(await api.suggestions('alice', 'oriel.id')).toEqual([
      { name: 'alice.oriel.id', registered: true },
      { name: 'alice1.oriel.id', registered: false },
    ])
    expect(requests[0]!.url.searchParams.get('zone')).toBe('oriel.id')
    expect((await api.namesForAddress(ADA)).map((r) => r.name)).toEqual(['alice.oriel.id'])
    expect(requests[1]!.url.pathname).toBe(`/v1/profile/reverse/${ADA}`)
    expect(requests[1]!.url.searchParams.get('apiVersion')).toBe('2')
  })

  it('posts a registration as { coin_type, address, message, signature } and answers the record', async () => {
    const { api, requests } = clientAnswering(() => Response.json({ success: true, account: RECORD }))
    const registration = { coinType: 2147514985, address: ADA, message: '{"name":"alice.oriel.id"}', signature: '0xabc' }
    expect((await api.register(registration)).name).toBe('alice.oriel.id')
    expect(requests[0]!.init?.method).toBe('POST')
    expect(JSON.parse(String(requests[0]!.init?.body))).toEqual({
      coin_type: 2147514985,
      address: ADA,
      message: '{"name":"alice.oriel.id"}',
      signature: '0xabc',
    })
  })

  it("turns frame-host's refusals, failures and garbage into typed errors", async () => {
    const refusal = clientAnswering(() => Response.json({ error: { code: 'conflict', message: 'Name is already registered' } }, { status: 409 }))
    const error = await refusal.api.register({ coinType: 60, address: ADA, message: '{}', signature: '0x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameHostRequestError)
    expect((error as FrameHostRequestError).shortMessage).toBe('Name is already registered')
    expect((error as FrameHostRequestError).status).toBe(409)

    const down = createNamesApiClient(
      testFrameHost(
        (async () => {
          throw new TypeError('Failed to fetch')
        }) as unknown as typeof fetch,
        'http://fh',
      ),
    )
    await expect(down.lookupName('alice.oriel.id')).rejects.toBeInstanceOf(FrameHostUnreachableError)
    await expect(clientAnswering(() => new Response('<html>')).api.lookupName('a.oriel.id')).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
    await expect(clientAnswering(() => Response.json({ suggestions: 'x' })).api.suggestions('alice', 'oriel.id')).rejects.toBeInstanceOf(
      InvalidFrameHostResponseError,
    )
    await expect(clientAnswering(() => Response.json({ suffix: 'Bad Suffix' })).api.getSuffix()).rejects.toBeInstanceOf(InvalidFrameHostResponseError)
  })
})

describe('parseNameRecord', () => {
  it('refuses records that are not the documented shape', () => {
    for (const bad of [
      null,
      [],
      { name: 1 },
      { ...RECORD, addresses: { '60': { address: '0x12' } } },
      { ...RECORD, addresses: { sixty: { address: ADA } } },
      { ...RECORD, attributes: { avatar: 3 } },
      { ...RECORD, addresses: null },
    ]) {
      expect(() => parseNameRecord(bad), JSON.stringify(bad)).toThrow(InvalidFrameHostResponseError)
    }
  })
})
