import { connect, createConfig as createWagmiConfig, disconnect, getAccount, signMessage } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeFrameClient, TEST_USER, loadFakeFrameClient, resetFakeFrameClient } from '../test/fakeFrameClient'
import { createClient } from '../core/client/createClient'
import { createConfig } from '../core/config/createConfig'
import { ethereum } from '../core/networks'
import { oriel } from './oriel'
import { connectOtp } from '../core/embedded/actions/connectOtp'

function setup() {
  const client = createClient({
    config: createConfig({ projectId: 'demo', networks: [ethereum] }),
    loadFrameClient: loadFakeFrameClient,
    isMobile: () => false,
  })
  const wagmi = createWagmiConfig({
    chains: [mainnet],
    connectors: [oriel({ client })],
    transports: { [mainnet.id]: http('http://127.0.0.1:9') },
  })
  return { client, wagmi, connector: wagmi.connectors[0]! }
}

describe('the wagmi connector', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('connects a logged-in embedded wallet and signs through the frame', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.rpc = async (method) => (method === 'personal_sign' ? `0x${'11'.repeat(65)}` : null)
    }
    const { client, wagmi, connector } = setup()
    await client.embedded.ensureReady()
    await connectOtp(client, { otp: '123456' })

    const result = await connect(wagmi, { connector })
    expect(result.accounts).toEqual([TEST_USER.address])
    expect(result.chainId).toBe(1)
    expect(getAccount(wagmi).status).toBe('connected')

    const signature = await signMessage(wagmi, { message: 'hello' })
    expect(signature).toBe(`0x${'11'.repeat(65)}`)
    const call = FakeFrameClient.instances[0]!.rpcCalls[0]!
    const [message, from] = call.params as [string, string]
    expect([call.method, message, from.toLowerCase()]).toEqual(['personal_sign', '0x68656c6c6f', TEST_USER.address.toLowerCase()])

    await disconnect(wagmi)
    expect(client.account.getSnapshot().status).toBe('disconnected')
  })

  it('opens the widget to log in, and rejects when the user closes it', async () => {
    const { client, wagmi, connector } = setup()
    const pending = connect(wagmi, { connector })
    await new Promise((r) => setTimeout(r, 0))
    expect(client.modal.getSnapshot()).toMatchObject({ open: true })
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Connect')
    client.modal.close()
    await expect(pending).rejects.toThrow('User rejected')
  })
})
