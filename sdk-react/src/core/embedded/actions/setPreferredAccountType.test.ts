import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient, loadFakeFrameClient, resetFakeFrameClient } from '../../../test/fakeFrameClient'
import { createClient } from '../../client/createClient'
import { createConfig } from '../../config/createConfig'
import { ethereum } from '../../networks'
import { connectOtp } from './connectOtp'
import { setPreferredAccountType } from './setPreferredAccountType'

async function loggedIn() {
  const config = createConfig({ projectId: 'demo', networks: [ethereum] })
  const client = createClient({ config, loadFrameClient: loadFakeFrameClient, isMobile: () => false })
  await client.embedded.ensureReady()
  await connectOtp(client, { otp: '123456' })
  return client
}

describe('preferred account type (spec §4)', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('shows loading, updates the wallet, reconnects, stores the choice and tracks it', async () => {
    const client = await loggedIn()
    const seen: string[] = []
    client.events.on((e) => seen.push(`${e.name} ${JSON.stringify(e.properties)}`))
    const loading: boolean[] = []
    client.modal.subscribe(() => loading.push(client.modal.getSnapshot().loading))
    const getUser = vi.spyOn(FakeFrameClient.instances[0]!, 'getUser')

    await setPreferredAccountType(client, { accountType: 'eoa' })

    expect(loading).toEqual([true, false])
    expect(getUser).toHaveBeenCalledTimes(1)
    expect(client.account.getSnapshot().user?.preferredAccountType).toBe('eoa')
    expect(JSON.parse(localStorage.getItem('@oriel/embedded/preferred_account_types')!)).toEqual({ eip155: 'eoa' })
    expect(seen).toContain('SET_PREFERRED_ACCOUNT_TYPE {"accountType":"eoa","network":"eip155:1"}')
  })

  it("a type the network cannot serve fails with the wallet's message and changes nothing", async () => {
    const client = await loggedIn()
    const seen: string[] = []
    client.events.on((e) => seen.push(e.name))
    await expect(setPreferredAccountType(client, { accountType: 'smartAccount' })).rejects.toThrow('Smart accounts are not enabled on eip155:1')
    expect(client.modal.getSnapshot().loading).toBe(false)
    expect(localStorage.getItem('@oriel/embedded/preferred_account_types')).toBeNull()
    expect(seen).not.toContain('SET_PREFERRED_ACCOUNT_TYPE')
  })
})
