// The embedded wallet's account types (spec §3, §4, §6): every request answered with the user
// (the login's code, GetUser) asks for the preferred type of an eip155 network (the kept choice, else the configured default), and a switch keeps
// the choice before the user is read again.
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeFrameClient, TEST_SMART_ACCOUNT, TEST_USER, loadFakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { connectOtp } from './actions/connectOtp'
import { disconnect } from '../actions/disconnect'
import { reconnect } from '../actions/reconnect'
import { setPreferredAccountType } from './actions/setPreferredAccountType'
import { getSmartAccountEnabledNetworks } from './actions/smartAccounts'
import { switchNetwork } from '../actions/switchNetwork'
import { createClient } from '../client/createClient'
import { createConfig, type CreateConfigParameters } from '../config/createConfig'
import { base, ethereum, solana } from '../networks'

const PREFERRED_KEY = '@oriel/embedded/preferred_account_types'

function setup(parameters: Partial<CreateConfigParameters> = {}) {
  const config = createConfig({ projectId: 'demo', networks: [ethereum, base, solana], ...parameters })
  const client = createClient({ config, loadFrameClient: loadFakeFrameClient, isMobile: () => false })
  const frame = () => {
    const fake = FakeFrameClient.instances.at(-1)
    if (!fake) throw new Error('no frame created')
    return fake
  }
  return { client, frame }
}

describe('embedded wallet connector: account types', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('connects on the default account type, smartAccount unless configured', async () => {
    const { client, frame } = setup()
    await connectOtp(client, { otp: '123456' })
    expect(frame().userCalls).toEqual([{ chainId: 'eip155:1', preferredAccountType: 'smartAccount' }])

    resetFakeFrameClient()
    const eoa = setup({ defaultAccountTypes: { eip155: 'eoa' } })
    await connectOtp(eoa.client, { otp: '123456' })
    expect(eoa.frame().userCalls).toEqual([{ chainId: 'eip155:1', preferredAccountType: 'eoa' }])
  })

  it('asks for the kept choice over the default; a value edited by hand is ignored', async () => {
    localStorage.setItem(PREFERRED_KEY, JSON.stringify({ eip155: 'eoa' }))
    const { client, frame } = setup()
    await connectOtp(client, { otp: '123456' })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: 'eip155:1', preferredAccountType: 'eoa' })

    await disconnect(client)
    localStorage.setItem(PREFERRED_KEY, JSON.stringify({ eip155: 'payment' }))
    await connectOtp(client, { otp: '123456' })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: 'eip155:1', preferredAccountType: 'smartAccount' })

    await disconnect(client)
    localStorage.setItem(PREFERRED_KEY, '{not json')
    await connectOtp(client, { otp: '123456' })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: 'eip155:1', preferredAccountType: 'smartAccount' })
  })

  it('reconnects on the preferred type', async () => {
    localStorage.setItem('@oriel/embedded/login_used', 'true')
    localStorage.setItem(PREFERRED_KEY, JSON.stringify({ eip155: 'eoa' }))
    FakeFrameClient.onCreate = (fake) => {
      fake.connected = true
    }
    const { client, frame } = setup()
    await reconnect(client, { connectorIds: ['AUTH'] })
    expect(client.account.getSnapshot().status).toBe('connected')
    expect(frame().userCalls).toEqual([{ chainId: 'eip155:1', preferredAccountType: 'eoa' }])
  })

  it("without a network, asks the frame's active one, then again on the preferred type when it differs", async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.connected = true
    }
    const { client, frame } = setup()
    await client.embedded.ensureReady()
    // TEST_USER is on its EOA; the default is the smart account.
    await client.embeddedConnector.reconnect()
    expect(frame().userCalls).toEqual([
      { chainId: undefined, preferredAccountType: undefined },
      { chainId: 'eip155:1', preferredAccountType: 'smartAccount' },
    ])

    frame().userCalls = []
    localStorage.setItem(PREFERRED_KEY, JSON.stringify({ eip155: 'eoa' }))
    await client.embeddedConnector.reconnect()
    expect(frame().userCalls).toEqual([{ chainId: undefined, preferredAccountType: undefined }])
  })

  it('switches network on the preferred type of eip155, and sends none for solana', async () => {
    const { client, frame } = setup({ defaultAccountTypes: { eip155: 'eoa' } })
    await connectOtp(client, { otp: '123456' })
    await switchNetwork(client, { network: base })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: 'eip155:8453', preferredAccountType: 'eoa' })
    await switchNetwork(client, { network: solana })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: solana.caipNetworkId, preferredAccountType: undefined })
  })

  it('a switch keeps the choice before reading the user again, so the new type sticks', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:1']
    }
    const { client, frame } = setup({ defaultAccountTypes: { eip155: 'eoa' } })
    await connectOtp(client, { otp: '123456' })
    expect(client.account.getSnapshot().address).toBe(TEST_USER.address)

    await setPreferredAccountType(client, { accountType: 'smartAccount' })
    expect(frame().userCalls.at(-1)).toEqual({ chainId: 'eip155:1', preferredAccountType: 'smartAccount' })
    expect(JSON.parse(localStorage.getItem(PREFERRED_KEY)!)).toEqual({ eip155: 'smartAccount' })
    expect(client.account.getSnapshot()).toMatchObject({
      address: TEST_SMART_ACCOUNT,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [
        { address: TEST_USER.address, type: 'eoa' },
        { address: TEST_SMART_ACCOUNT, type: 'smartAccount' },
      ],
    })

    await setPreferredAccountType(client, { accountType: 'eoa' })
    expect(client.account.getSnapshot()).toMatchObject({ address: TEST_USER.address, preferredAccountType: 'eoa' })
    expect(JSON.parse(localStorage.getItem(PREFERRED_KEY)!)).toEqual({ eip155: 'eoa' })
  })

  it('asks for the smart-account networks once per login', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:31337']
    }
    const { client, frame } = setup()
    await connectOtp(client, { otp: '123456' })
    expect(await getSmartAccountEnabledNetworks(client)).toEqual(['eip155:31337'])
    expect(await getSmartAccountEnabledNetworks(client)).toEqual(['eip155:31337'])
    expect(frame().smartAccountNetworksAsked).toBe(1)
    await disconnect(client)
    await connectOtp(client, { otp: '123456' })
    await getSmartAccountEnabledNetworks(client)
    expect(frame().smartAccountNetworksAsked).toBe(2)
  })
})
