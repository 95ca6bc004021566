// Test fixture: frame-host's name service (frame-host/API.md "Names") over the global `fetch`,
// in memory: the suffix, lookups both ways (apiVersion 2), suggestions, and registrations whose
// message and personal_sign signature it checks as frame-host does (viem's verifyMessage). It
// also answers the balance and identity routes (test/balances.ts) the Account view reads.
import { verifyMessage, type Hex, type PrivateKeyAccount } from 'viem'
import { expect, vi } from 'vitest'
import { FrameRequestError } from '../core/frame/errors'
import { BALANCES } from './balances'
import { FakeFrameClient, TEST_USER } from './fakeFrameClient'

export const SUFFIX = 'oriel.id'

export type FakeNameRecord = { name: string; address: string; coinType: number; avatar?: string }

/** The fake's state: its records, what it refuses, and every request it got. */
export type FakeNames = {
  records: FakeNameRecord[]
  /** Answers every `/v1/profile/*` route with this status instead (500: frame-host failing). */
  failAll: number | undefined
  /** Answers the suggestions route with 500. */
  failSuggestions: boolean
  /** Answers the reverse route with 500. */
  failReverse: boolean
  /** The clock frame-host checks the timestamp against, seconds. */
  nowSeconds: () => number
  requests: { method: string; path: string; query: URLSearchParams; body: unknown }[]
}

const record = (r: FakeNameRecord) => ({
  name: r.name,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: {
    '60': { address: r.address, created_at: '2026-01-01T00:00:00.000Z' },
    [String(r.coinType)]: { address: r.address, created_at: '2026-01-01T00:00:00.000Z' },
  },
  attributes: r.avatar ? { avatar: r.avatar } : {},
})

const refused = (status: number, message: string) => Response.json({ error: { code: 'refused', message } }, { status })

/** Stubs the global `fetch` as frame-host with a name service; returns its state. */
export function stubNamesFetch(initial: FakeNameRecord[] = []): FakeNames {
  const fake: FakeNames = {
    records: [...initial],
    failAll: undefined,
    failSuggestions: false,
    failReverse: false,
    nowSeconds: () => Math.floor(Date.now() / 1000),
    requests: [],
  }
  const byName = (name: string) => fake.records.find((r) => r.name === name.toLowerCase())
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const { pathname, searchParams: query } = new URL(url)
    if (pathname.startsWith('/v1/account/')) return Response.json(BALANCES)
    if (pathname.startsWith('/v1/identity/')) {
      const mine = fake.records.find((r) => r.address.toLowerCase() === pathname.split('/')[3]!.toLowerCase())
      return Response.json({ name: mine?.name ?? null, avatar: mine?.avatar ?? null })
    }
    if (!pathname.startsWith('/v1/profile/')) return Response.json({ data: [], count: 0 })
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    fake.requests.push({ method: init?.method ?? 'GET', path: pathname, query, body })
    if (fake.failAll) return refused(fake.failAll, 'internal error')
    const [, , , route, arg] = pathname.split('/').map(decodeURIComponent)
    if (route === 'gateway') return Response.json({ suffix: SUFFIX, url: 'http://fh/v1/profile/ccip/{sender}/{data}.json', signer: '0x0' })
    if (route === 'account' && init?.method === 'POST') return register(fake, body)
    if (route === 'account') {
      if (!arg?.endsWith(`.${SUFFIX}`)) return refused(400, `Invalid name: expected a name ending in .${SUFFIX}`)
      const found = byName(arg)
      return found ? Response.json(record(found)) : Response.json([])
    }
    if (route === 'reverse') {
      if (fake.failReverse) return refused(500, 'internal error')
      const mine = fake.records.filter((r) => r.address.toLowerCase() === arg?.toLowerCase())
      return Response.json(mine.map(record))
    }
    if (route === 'suggestions') {
      if (fake.failSuggestions) return refused(500, 'internal error')
      const label = arg!.replace(`.${SUFFIX}`, '')
      const names = [label, `${label}1`, `${label}-id`, `${label}2`, `my${label}`, `${label}hq`].map((l) => `${l}.${SUFFIX}`)
      const [first, ...rest] = names
      return Response.json({
        suggestions: [
          { name: first, registered: byName(first!) !== undefined },
          ...rest
            .filter((n) => !byName(n))
            .slice(0, 4)
            .map((name) => ({ name, registered: false })),
        ],
      })
    }
    return refused(404, 'not found')
  })
  return fake
}

/** `POST /v1/profile/account`, checked in frame-host's order (the parts these tests reach). */
async function register(fake: FakeNames, body: { coin_type: number; address: string; message: string; signature: Hex }) {
  const chainId = body.coin_type - 0x80000000
  if (chainId <= 0 || chainId >= 0x80000000) return refused(400, 'Invalid chainId')
  const message = JSON.parse(body.message) as { name: string; attributes: Record<string, string>; timestamp: number }
  if (Object.keys(message).join() !== 'name,attributes,timestamp') return refused(400, 'Invalid registration message: keys')
  if (Math.abs(fake.nowSeconds() - message.timestamp) > 60) return refused(401, 'Registration message expired')
  const valid = await verifyMessage({ address: body.address as Hex, message: body.message, signature: body.signature })
  if (!valid) return refused(401, 'Invalid signature')
  if (fake.records.some((r) => r.name === message.name)) return refused(409, 'Name is already registered')
  if (fake.records.some((r) => r.address.toLowerCase() === body.address.toLowerCase())) return refused(409, 'Address already has a name')
  const added = { name: message.name, address: body.address, coinType: body.coin_type }
  fake.records.push(added)
  return Response.json({ success: true, account: record(added) })
}

/** What the fake frame does with a `personal_sign`: sign, or decline (4001) as a user's Reject. */
export type SigningFrame = {
  decline: boolean
  /** Awaited before the frame shows the request (the user has not seen it yet). */
  gate: Promise<void> | undefined
  views: string[][]
  signed: string[]
}

/**
 * Makes the next fake frames log in `account` and answer `personal_sign` as the real frame does
 * with the user's approval: it asks to be revealed (the modal shows ApproveTransaction), records
 * the modal's views at that moment, then signs with `account` (or declines) and hides again.
 */
export function signingFrame(account: PrivateKeyAccount, modalViews: () => string[]): SigningFrame {
  const state: SigningFrame = { decline: false, gate: undefined, views: [], signed: [] }
  let requestId = 100
  FakeFrameClient.onCreate = (fake) => {
    fake.user = { ...TEST_USER, address: account.address, accounts: [{ address: account.address, type: 'eoa' }] }
    fake.rpc = async (method, params) => {
      if (method === 'eth_getBalance') return '0x0'
      if (method !== 'personal_sign') throw new Error(`unexpected ${method}`)
      const [message, address] = params as [Hex, string]
      expect(address).toBe(account.address)
      await state.gate
      const id = ++requestId
      fake.setStatus({ ...fake.status, reveal: { requestId: id, purpose: 'Approval' } })
      await new Promise((r) => setTimeout(r, 0))
      state.views.push(modalViews())
      const { reveal: _, ...rest } = fake.status
      fake.setStatus(rest)
      if (state.decline) throw new FrameRequestError({ code: 'Aborted', message: 'Request was aborted', request: 'RpcRequest' })
      state.signed.push(message)
      return account.signMessage({ message: { raw: message } })
    }
  }
  return state
}
