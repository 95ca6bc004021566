import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../core/embedded/actions/connectOtp'
import { FrameRequestError } from '../../core/frame/errors'
import { ethereum } from '../../core/networks'
import type { SIWXConfig, SIWXSession } from '../../core/siwx/config'
import { FakeFrameClient, TEST_USER } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'
import { freshEachTest } from '../../test/testClient'

freshEachTest()
const mounted: (() => void)[] = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
  FakeFrameClient.onCreate = undefined
  vi.restoreAllMocks()
})

/** A dapp requiring sign-in, whose verifier accepts every signature. */
function siwx(verified: SIWXSession[]): SIWXConfig {
  return {
    statement: 'Sign in to Lumen',
    getNonce: async () => 'n0nce1234',
    verify: async (session) => {
      verified.push(session)
      return session
    },
    getSessions: async () => [],
    revoke: async () => {},
  }
}

async function connectWithSignIn(sign: (params: unknown) => Promise<unknown>, prepare?: (fake: FakeFrameClient) => void) {
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method, params) => (method === 'personal_sign' ? sign(params) : null)
    prepare?.(fake)
  }
  const verified: SIWXSession[] = []
  const utils = renderWithOriel(<span />, { networks: [ethereum], siwx: siwx(verified), metadata: { name: 'Lumen', description: '', url: 'https://lumen.app', icons: [] } })
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  // The sign-in flow's code loads after mount; it then opens the modal.
  const ui = within((await vi.waitFor(getShadowRoot)) as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Sign' })
  return { ...utils, ui, verified }
}

describe('SIWXSignMessage', () => {
  it('opens for a new connection, signs the message with the wallet and closes once verified', async () => {
    const { ui, client, verified } = await connectWithSignIn(async () => '0xsigned')
    expect(ui.getByRole('heading').textContent).toBe('Sign In')
    expect(ui.getByText('Lumen').tagName).toBe('STRONG')
    fireEvent.click(ui.getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(client.modal.getSnapshot().open).toBe(false))
    expect(verified).toHaveLength(1)
    expect(verified[0]!.message).toContain(`wants you to sign in with your Ethereum account:\n${TEST_USER.address}\n\nSign in to Lumen\n`)
    expect(verified[0]!.signature).toBe('0xsigned')
    expect(client.signIn?.getSnapshot().status).toBe('signed-in')
  })

  it('warns a smart account that the app might not support it (spec §6)', async () => {
    const { ui } = await connectWithSignIn(
      async () => '0xsigned',
      (fake) => {
        fake.smartAccountNetworks = ['eip155:1']
      },
    )
    expect(ui.getByText('This application might not support Smart Accounts')).toBeTruthy()
  })

  it('does not warn an EOA, even one whose preference is a smart account on a network without them', async () => {
    const { ui } = await connectWithSignIn(
      async () => '0xsigned',
      (fake) => {
        fake.user = { ...fake.user, preferredAccountType: 'smartAccount' }
      },
    )
    expect(ui.queryByText('This application might not support Smart Accounts')).toBeNull()
  })

  it('a declined signature shows "Signature declined" and the view cannot be closed; Cancel disconnects', async () => {
    const decline = async () => {
      throw new FrameRequestError({ code: { Rpc: 4001 }, message: 'User rejected the request.', request: 'RpcRequest' })
    }
    const { ui, client } = await connectWithSignIn(decline)
    fireEvent.click(ui.getByRole('button', { name: 'Sign' }))
    expect((await ui.findByRole('alert')).textContent).toBe('Signature declined')
    act(() => void client.modal.dismiss())
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('SIWXSignMessage')
    expect(client.modal.getSnapshot().open).toBe(true)
    fireEvent.click(ui.getByRole('button', { name: 'Cancel and disconnect' }))
    await vi.waitFor(() => expect(client.account.getSnapshot().status).toBe('disconnected'))
    expect(client.modal.getSnapshot().open).toBe(false)
  })

  it('a dapp with siweConfig gets the same flow under ConnectingSiwe, its backend deciding', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.rpc = async (method) => (method === 'personal_sign' ? '0xsigned' : null)
    }
    const checked: { message: string; signature: string }[] = []
    const siweConfig = {
      getNonce: async () => 'n0nce1234',
      verifyMessage: async (input: { message: string; signature: string }) => {
        checked.push(input)
        return true
      },
    }
    const utils = renderWithOriel(<span />, { networks: [ethereum], siweConfig })
    mounted.push(utils.unmount)
    await act(() => connectOtp(utils.client, { otp: '123456' }))
    const ui = within((await vi.waitFor(getShadowRoot)) as unknown as HTMLElement)
    fireEvent.click(await ui.findByRole('button', { name: 'Sign' }))
    expect(utils.client.modal.getSnapshot().history.at(-1)?.view).toBe('ConnectingSiwe')
    await vi.waitFor(() => expect(utils.client.modal.getSnapshot().open).toBe(false))
    expect(checked[0]?.signature).toBe('0xsigned')
    expect(checked[0]?.message).toMatch(/^http:\/\/localhost(:\d+)? wants you to sign in with your Ethereum account:/)
  })
})
