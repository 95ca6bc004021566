import { hexToString, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SUFFIX, signingFrame, stubNamesFetch } from '../../test/names'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { identityKey, persistIdentities, type Identity } from '../account/identity'
import { createQueryClient } from '../query/queryClient'
import { RegisterNameError } from '../errors/names'
import { storage } from '../storage/storage'
import { getNameRegistrationStore } from './nameStore'
import { registerAccountName, registrationMessage } from './register'

freshEachTest()
afterEach(() => {
  FakeFrameClient.onCreate = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ADA = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = 1_767_225_600_000
const views = (client: ReturnType<typeof createTestClient>['client']) => () => client.modal.getSnapshot().history.map((e) => e.view)

/** A client logged in as ADA by email on Ethereum (the fake frame's chain), on Account → RegisterAccountName. */
async function onRegistration() {
  const names = stubNamesFetch()
  names.nowSeconds = () => NOW / 1000
  const { client } = createTestClient()
  const frame = signingFrame(ADA, views(client))
  const { unmount } = await logInRecordingEvents(client)
  client.modal.reset('Account')
  client.modal.push('RegisterAccountName')
  return { client, names, frame, unmount }
}

describe('registrationMessage', () => {
  it("is JSON.stringify of name, attributes and timestamp, in that order (frame-host/API.md 'Names')", () => {
    expect(registrationMessage({ name: 'alice.oriel.id', attributes: {}, timestamp: 1767225600 })).toBe(
      '{"name":"alice.oriel.id","attributes":{},"timestamp":1767225600}',
    )
  })
})

describe('registerAccountName (spec §4 name registration)', () => {
  it('shows the success view, signs in the wallet over it, registers with the chain’s coin type and sets the profile name', async () => {
    const { client, names, frame, unmount } = await onRegistration()
    const record = await registerAccountName(client, { name: `alice.${SUFFIX}`, now: () => NOW })

    // The success view came first; the wallet's approval covered it, then went.
    expect(frame.views).toEqual([['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'ApproveTransaction']])
    expect(views(client)()).toEqual(['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess'])
    const message = `{"name":"alice.${SUFFIX}","attributes":{},"timestamp":${NOW / 1000}}`
    expect(frame.signed.map((hex) => hexToString(hex as Hex))).toEqual([message])
    const post = names.requests.find((r) => r.method === 'POST')!
    expect(post.path).toBe('/v1/profile/account')
    expect(Object.fromEntries(post.query)).toMatchObject({ projectId: 'demo', st: 'appkit' })
    // 0x80000000 | 1: Ethereum's ENSIP-11 coin type; frame-host verified the signature.
    expect(post.body).toMatchObject({ coin_type: 2147483649, address: ADA.address, message })
    expect(record).toMatchObject({ name: `alice.${SUFFIX}` })
    expect(client.account.getSnapshot().profileName).toBe(`alice.${SUFFIX}`)
    // Kept as the address's identity in localStorage (a new page finds it).
    const reloaded = createQueryClient({ now: () => 0 })
    persistIdentities(reloaded, storage)
    expect(reloaded.get<Identity>(identityKey(ADA.address))?.data).toEqual({ name: `alice.${SUFFIX}`, avatar: null })
    expect(getNameRegistrationStore(client).getSnapshot()).toMatchObject({ status: 'success', name: `alice.${SUFFIX}` })
    unmount()
  })

  it("declined in the wallet: back to RegisterAccountName with 'Error registering name {name}'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { client, names, frame, unmount } = await onRegistration()
    frame.decline = true
    const error = await registerAccountName(client, { name: `alice.${SUFFIX}`, now: () => NOW }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RegisterNameError)
    expect((error as RegisterNameError).shortMessage).toBe(`Error registering name alice.${SUFFIX}`)
    expect(views(client)()).toEqual(['Account', 'RegisterAccountName'])
    expect(client.snackbar.getSnapshot()).toMatchObject({ open: true, variant: 'error', message: `Error registering name alice.${SUFFIX}` })
    expect(getNameRegistrationStore(client).getSnapshot()).toMatchObject({ status: 'error', error: 'Signature declined' })
    expect(names.requests.some((r) => r.method === 'POST')).toBe(false)
    expect(client.account.getSnapshot().profileName).toBeUndefined()
    expect(logged).toHaveBeenCalledWith(`oriel: registering alice.${SUFFIX} failed`, expect.anything())
    unmount()
  })

  it("refused by frame-host (taken meanwhile, expired): back with the reason kept", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { client, names, unmount } = await onRegistration()
    names.records.push({ name: `alice.${SUFFIX}`, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', coinType: 60 })
    await expect(registerAccountName(client, { name: `alice.${SUFFIX}`, now: () => NOW })).rejects.toBeInstanceOf(RegisterNameError)
    expect(getNameRegistrationStore(client).getSnapshot()).toMatchObject({ status: 'error', error: 'Name is already registered' })
    expect(views(client)()).toEqual(['Account', 'RegisterAccountName'])
    // A signature older than frame-host's window.
    await expect(registerAccountName(client, { name: `bob1.${SUFFIX}`, now: () => NOW - 600_000 })).rejects.toBeInstanceOf(RegisterNameError)
    expect(getNameRegistrationStore(client).getSnapshot().error).toBe('Registration message expired')
    unmount()
  })

  it("refuses chain ids of 2^31 and above ('Invalid chainId') and names of another suffix, before any signature", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { client, frame, unmount } = await onRegistration()
    client.account.setState({ caipAddress: `eip155:${2 ** 31}:${ADA.address}` })
    await expect(registerAccountName(client, { name: `alice.${SUFFIX}` })).rejects.toBeInstanceOf(RegisterNameError)
    expect(getNameRegistrationStore(client).getSnapshot().error).toBe('Invalid chainId')
    expect(client.snackbar.getSnapshot().message).toBe(`Error registering name alice.${SUFFIX}`)
    unmount()
    const other = await onRegistration()
    await expect(registerAccountName(other.client, { name: 'alice.eth' })).rejects.toBeInstanceOf(RegisterNameError)
    await expect(registerAccountName(other.client, { name: `ab.${SUFFIX}` })).rejects.toBeInstanceOf(RegisterNameError)
    expect(getNameRegistrationStore(other.client).getSnapshot().error).toBe('Invalid name: at least 4 characters')
    expect(frame.signed).toEqual([])
    expect(views(other.client)()).toEqual(['Account', 'RegisterAccountName'])
    other.unmount()
  })
})
