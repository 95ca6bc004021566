import { afterEach, describe, expect, it, vi } from 'vitest'
import { SUFFIX, stubNamesFetch } from '../../test/names'
import { createTestClient, freshEachTest } from '../../test/testClient'
import { InvalidNameError, NamesForAddressError, ResolveNameError } from '../errors/names'
import { checkNameAvailability, getNamesForAddress } from './availability'

freshEachTest()
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('checkNameAvailability', () => {
  it('a free name is available under the suffix frame-host names', async () => {
    stubNamesFetch()
    const { client } = createTestClient()
    expect(await checkNameAvailability(client, 'Alice')).toEqual({ status: 'available', name: `alice.${SUFFIX}` })
  })

  it('a taken name comes with the free alternatives frame-host suggests', async () => {
    stubNamesFetch([
      { name: `alice.${SUFFIX}`, address: BOB, coinType: 60 },
      { name: `alice-id.${SUFFIX}`, address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', coinType: 60 },
    ])
    const { client } = createTestClient()
    expect(await checkNameAvailability(client, 'alice')).toEqual({
      status: 'taken',
      name: `alice.${SUFFIX}`,
      suggestions: [`alice1.${SUFFIX}`, `alice2.${SUFFIX}`, `myalice.${SUFFIX}`, `alicehq.${SUFFIX}`],
      suggestionsError: undefined,
    })
  })

  it("keeps 'Error fetching name suggestions' when they cannot be read, still saying the name is taken", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const names = stubNamesFetch([{ name: `alice.${SUFFIX}`, address: BOB, coinType: 60 }])
    names.failSuggestions = true
    const { client } = createTestClient()
    const answer = await checkNameAvailability(client, 'alice')
    expect(answer).toMatchObject({ status: 'taken', suggestions: [] })
    expect(answer.status === 'taken' && answer.suggestionsError?.shortMessage).toBe('Error fetching name suggestions')
    expect(logged).toHaveBeenCalled()
  })

  it("refuses a label against the rules without asking, and a failed lookup is 'Error resolving name'", async () => {
    const names = stubNamesFetch()
    const { client } = createTestClient()
    await expect(checkNameAvailability(client, 'abc')).rejects.toBeInstanceOf(InvalidNameError)
    expect(names.requests).toEqual([])
    names.failAll = 500
    const error = await checkNameAvailability(client, 'alice').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResolveNameError)
    expect((error as ResolveNameError).shortMessage).toBe('Error resolving name')
  })
})

describe('getNamesForAddress', () => {
  it("answers an address's names, and 'Error fetching names for address' on failure", async () => {
    const names = stubNamesFetch([{ name: `bobby.${SUFFIX}`, address: BOB, coinType: 60 }])
    const { client } = createTestClient()
    expect((await getNamesForAddress(client, BOB.toLowerCase())).map((r) => r.name)).toEqual([`bobby.${SUFFIX}`])
    expect(await getNamesForAddress(client, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toEqual([])
    names.failReverse = true
    const error = await getNamesForAddress(client, BOB).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NamesForAddressError)
    expect((error as NamesForAddressError).shortMessage).toBe('Error fetching names for address')
  })
})
