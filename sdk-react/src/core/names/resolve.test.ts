import { afterEach, describe, expect, it, vi } from 'vitest'
import { SUFFIX, stubNamesFetch } from '../../test/names'
import { createTestClient, freshEachTest } from '../../test/testClient'
import { ResolveNameError } from '../errors/names'
import { base, ethereum, localDevnet, solana } from '../networks'
import { editSend, getSendStore } from '../send/sendStore'
import { ensNetworkFor, universalResolverOf } from './ens'
import { resolveReceiverName } from './receiver'
import { NAME_CACHE_MS, resolveName } from './resolve'

freshEachTest()
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const connected = (namespace: 'eip155' | 'solana' = 'eip155') =>
  ({ status: 'connected', namespace, address: BOB, caipAddress: `${namespace}:1:${BOB}` }) as const

describe('resolveName', () => {
  it("resolves a name of frame-host's suffix from frame-host, in any case, with its avatar", async () => {
    const names = stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: BOB, coinType: 60, avatar: 'https://img.test/b.png' }])
    const { client } = createTestClient()
    expect(await resolveName(client, ` Bobby.${SUFFIX.toUpperCase()} `)).toEqual({
      name: `bobby.${SUFFIX}`,
      address: BOB,
      avatar: 'https://img.test/b.png',
    })
    expect(names.requests.map((r) => r.path)).toEqual(['/v1/profile/gateway', `/v1/profile/account/bobby.${SUFFIX}`])
  })

  it('reuses an answer for 5 minutes (spec §9), across clients (localStorage)', async () => {
    const names = stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: BOB, coinType: 60 }])
    let now = 1_000
    const { client } = createTestClient({}, () => now)
    await resolveName(client, `bobby.${SUFFIX}`)
    now += NAME_CACHE_MS - 1
    await resolveName(createTestClient({}, () => now).client, `bobby.${SUFFIX}`)
    expect(names.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))).toHaveLength(1)
    now += 1
    await resolveName(client, `bobby.${SUFFIX}`)
    expect(names.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))).toHaveLength(2)
  })

  it("is 'Error resolving name' for an unregistered name, a failing frame-host, a Solana account, and ENS with no ENS network", async () => {
    const names = stubNamesFetch()
    const { client } = createTestClient({ networks: [base] })
    const reasons: string[] = []
    const fail = async (name: string) => {
      const error = await resolveName(client, name).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResolveNameError)
      expect((error as ResolveNameError).shortMessage).toBe('Error resolving name')
      reasons.push((error as ResolveNameError).details)
    }
    await fail(`nobody.${SUFFIX}`)
    await fail('vitalik.eth')
    names.failAll = 500
    await fail(`bobby.${SUFFIX}`)
    client.account.setState(connected('solana'))
    await fail(`bobby.${SUFFIX}`)
    expect(reasons).toEqual([
      `nobody.${SUFFIX} is not registered.`,
      'No configured network has ENS.',
      expect.stringContaining('internal error (http://127.0.0.1:8787/v1/profile/account/') as unknown as string,
      'Names resolve to EVM addresses only.',
    ])
  })
})

describe('the ENS network', () => {
  it("is the active network when it has ENS's universal resolver, else the first configured one that has", () => {
    const devnet = { ...localDevnet, contracts: { ensUniversalResolver: { address: '0x00000000000000000000000000000000000000e5' as const } } }
    expect(universalResolverOf(ethereum)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(universalResolverOf(base)).toBeUndefined()
    expect(universalResolverOf(solana)).toBeUndefined()
    expect(universalResolverOf(devnet)).toBe('0x00000000000000000000000000000000000000e5')
    expect(ensNetworkFor(devnet, [ethereum, devnet])).toBe(devnet)
    expect(ensNetworkFor(base, [base, ethereum, devnet])).toBe(ethereum)
    expect(ensNetworkFor(base, [base, solana])).toBeUndefined()
  })
})

describe('resolveReceiverName (the Send view receiver)', () => {
  it('resolves a name typed as receiver into the send store, drops a stale answer and leaves addresses alone', async () => {
    stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: BOB, coinType: 60 }])
    const { client } = createTestClient()
    client.account.setState(connected())
    const store = getSendStore(client)
    editSend(client, { receiver: BOB })
    await resolveReceiverName(client)
    expect(store.getSnapshot().receiverName).toBeUndefined()

    editSend(client, { receiver: `bobby.${SUFFIX}` })
    const pending = resolveReceiverName(client, { delayMs: 5 })
    expect(store.getSnapshot().receiverName).toEqual({ status: 'resolving', name: `bobby.${SUFFIX}` })
    await pending
    expect(store.getSnapshot().receiverName).toEqual({ status: 'resolved', name: `bobby.${SUFFIX}`, address: BOB, image: undefined })

    // Typed on: the answer for the earlier text is dropped.
    editSend(client, { receiver: `nobody.${SUFFIX}` })
    const late = resolveReceiverName(client)
    editSend(client, { receiver: `nobody.${SUFFIX}x` })
    await late
    expect(store.getSnapshot().receiverName).toBeUndefined()

    vi.spyOn(console, 'error').mockImplementation(() => {})
    await resolveReceiverName(client)
    expect(store.getSnapshot().receiverName).toEqual({ status: 'error', name: `nobody.${SUFFIX}x`, error: 'Error resolving name' })
  })
})
