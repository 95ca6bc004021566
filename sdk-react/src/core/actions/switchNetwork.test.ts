import { describe, expect, it, vi } from 'vitest'
import { FakeFrameClient, TEST_USER } from '../../test/fakeFrameClient'
import { createTestClient as setup, freshEachTest } from '../../test/testClient'
import { base, ethereum, solana } from '../networks'
import { connectOtp } from '../embedded/actions/connectOtp'
import { getNetwork } from './getNetwork'
import { switchNetwork } from './switchNetwork'

describe('switchNetwork with the embedded wallet', () => {
  freshEachTest()

  it('moves the wallet in its frame, within a namespace and across to solana', async () => {
    const { client } = setup({ networks: [ethereum, base, solana] })
    await connectOtp(client, { otp: '123456' })
    const request = vi.spyOn(FakeFrameClient.instances[0]!, 'request')

    await switchNetwork(client, { network: base })
    expect(request).toHaveBeenCalledWith({ SwitchNetwork: { chainId: 'eip155:8453' } })
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', caipAddress: `eip155:8453:${TEST_USER.address}` })
    expect(getNetwork(client).caipNetworkId).toBe('eip155:8453')

    await switchNetwork(client, { network: solana })
    expect(request).toHaveBeenCalledWith({ SwitchNetwork: { chainId: solana.caipNetworkId } })
    expect(client.account.getSnapshot()).toMatchObject({ status: 'connected', namespace: 'solana', connectorId: 'AUTH' })
    expect(client.connection.getSnapshot()).toMatchObject({ current: 'solana', status: 'connected' })
    expect(Object.keys(client.connection.getSnapshot().connections)).toEqual(['solana'])
    expect(getNetwork(client).caipNetworkId).toBe(solana.caipNetworkId)
    expect(localStorage.getItem('@oriel/embedded/last_used_chain_id')).toBe(solana.caipNetworkId)
  })
})
