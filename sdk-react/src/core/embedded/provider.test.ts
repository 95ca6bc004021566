import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient, TEST_USER, loadFakeFrameClient, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { createAccountStore } from '../account/accountStore'
import { FrameRequestError } from '../frame/errors'
import { createEmbeddedWallet } from './embeddedWallet'
import { ProviderRpcError, createEmbeddedProvider } from './provider'

function setup() {
  const embedded = createEmbeddedWallet({ frameHostUrl: 'http://frame.test', projectId: 'demo', onAlert: vi.fn(), load: loadFakeFrameClient })
  const account = createAccountStore()
  const onNotAllowed = vi.fn()
  // The embedded wallet's connector hands the provider the account while it is connected through it.
  const connected = {
    getSnapshot: () => {
      const state = account.getSnapshot()
      return state.status === 'connected' && state.address ? state : undefined
    },
    subscribe: account.subscribe,
  }
  const provider = createEmbeddedProvider({ embedded, account: connected, onNotAllowed })
  const connect = (chain = 1) =>
    account.setState({
      address: TEST_USER.address,
      caipAddress: `eip155:${chain}:${TEST_USER.address}`,
      status: 'connected',
      namespace: 'eip155',
      connectorId: 'AUTH',
      user: TEST_USER,
    })
  const frame = () => FakeFrameClient.instances.at(-1)!
  return { provider, account, connect, frame, onNotAllowed }
}

afterEach(() => {
  resetFakeFrameClient()
  vi.useRealTimers()
})

describe('embedded EIP-1193 provider', () => {
  it('answers accounts and chain from the widget state', async () => {
    const { provider, connect } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
    connect(8453)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([TEST_USER.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('sends everything else to the frame and parses the JSON result', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.rpc = async () => '0x10'
    }
    const { provider, connect, frame } = setup()
    connect()
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(frame().rpcCalls).toEqual([{ method: 'eth_blockNumber', params: [] }])
  })

  it('maps frame errors to EIP-1193 codes and toasts a refused method after 300 ms', async () => {
    vi.useFakeTimers()
    const { provider, connect, frame, onNotAllowed } = setup()
    connect()
    const refused = provider.request({ method: 'eth_sign', params: ['0x', '0x'] })
    const caught = refused.catch((e: unknown) => e)
    await vi.waitFor(() => expect(FakeFrameClient.instances.length).toBe(1))
    const error = (await caught) as ProviderRpcError
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect([error.code, error.message]).toEqual([4200, 'Requested RPC call is not allowed'])
    expect(onNotAllowed).not.toHaveBeenCalled()
    vi.advanceTimersByTime(300)
    expect(onNotAllowed).toHaveBeenCalledWith('Action not allowed')

    frame().rpc = async (method) => {
      throw new FrameRequestError({ code: { Rpc: 4001 }, message: 'User rejected the request.', request: method })
    }
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', TEST_USER.address] })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('refuses calls while disconnected without loading the frame', async () => {
    const { provider } = setup()
    await expect(provider.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({ code: 4900 })
    expect(FakeFrameClient.instances).toHaveLength(0)
  })

  it('emits accountsChanged, chainChanged, connect and disconnect', () => {
    const { provider, account, connect } = setup()
    const events: unknown[] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect']) {
      provider.on(name, (arg) => events.push([name, arg instanceof Error ? (arg as ProviderRpcError).code : arg]))
    }
    connect(1)
    connect(8453)
    account.setState({ address: undefined, caipAddress: undefined, status: 'disconnected', connectorId: undefined, user: undefined })
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [TEST_USER.address]],
      ['chainChanged', '0x2105'],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
  })
})
