import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../../core/embedded/actions/connectOtp'
import type { CreateConfigParameters } from '../../../core/config/createConfig'
import { ethereum, localDevnet } from '../../../core/networks'
import { ANNOUNCE_EVENT } from '../../../core/wallets/eip6963'
import { stubFrameHostFetch } from '../../../test/balances'
import { FakeFrameClient, TEST_SMART_ACCOUNT, TEST_USER, resetFakeFrameClient } from '../../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../../test/renderWithOriel'
import { TestWallet } from '../../../test/testWallet'
import { ConnectButton } from '../../ConnectButton'

let unmount = () => {}

/** Opens the Account view from the ConnectButton (unmounted after the test, even when this fails). */
async function openFrom(utils: ReturnType<typeof renderWithOriel>) {
  unmount = utils.unmount
  fireEvent.click(utils.getByRole('button', { name: /^0x/ }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  // The modal's code loads on first use: slow on a busy machine.
  await ui.findByRole('button', { name: 'Disconnect' }, { timeout: 5000 })
  return ui
}

/** Logs in through the (fake) frame on eip155:1, then opens the Account view. */
async function openAccount(config: Partial<CreateConfigParameters> = {}) {
  const utils = renderWithOriel(<ConnectButton />, config)
  unmount = utils.unmount
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  const ui = await openFrom(utils)
  return { ...utils, ui, frame: FakeFrameClient.instances[0]! }
}

describe('Account view: account type', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
    // frame-host's balance route answers the Tokens list.
    stubFrameHostFetch()
  })
  afterEach(() => {
    unmount()
    unmount = () => {}
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('on a network with smart accounts, shows the type and switches to the smart account and back', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:1']
    }
    const { ui, client, frame, ...utils } = await openAccount({ defaultAccountTypes: { eip155: 'eoa' } })
    expect((await ui.findByTestId('account-type')).textContent).toBe('EOA')
    expect(ui.getByTestId('switch-account-type').textContent).toBe('Switch to Smart Account')

    const loading: boolean[] = []
    client.modal.subscribe(() => loading.push(client.modal.getSnapshot().loading))
    fireEvent.click(ui.getByTestId('switch-account-type'))
    await vi.waitFor(() => expect(ui.getByTestId('account-address').textContent).toBe(TEST_SMART_ACCOUNT))
    expect(loading).toContain(true)
    expect(client.modal.getSnapshot().loading).toBe(false)
    expect((await ui.findByTestId('account-type')).textContent).toBe('Smart account · not deployed yet')
    expect(ui.getByTestId('switch-account-type').textContent).toBe('Switch to EOA')
    expect(utils.getByRole('button', { name: '0x5a5a…5a5a' })).toBeTruthy()

    fireEvent.click(ui.getByTestId('switch-account-type'))
    await vi.waitFor(() => expect(ui.getByTestId('account-address').textContent).toBe(TEST_USER.address))
    expect((await ui.findByTestId('account-type')).textContent).toBe('EOA')
    // Asked once for this login and network, however often the view mounted.
    expect(frame.smartAccountNetworksAsked).toBe(1)
  })

  it('a deployed smart account shows no "not deployed yet"', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:1']
      fake.user = { ...fake.user, smartAccountDeployed: true }
    }
    const { ui } = await openAccount()
    expect((await ui.findByTestId('account-type')).textContent).toBe('Smart account')
    expect(ui.getByTestId('account-address').textContent).toBe(TEST_SMART_ACCOUNT)
  })

  it('a smart account deployed since the last read shows as deployed when the view opens again', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:1']
    }
    const { ui, client, frame, ...utils } = await openAccount()
    expect((await ui.findByTestId('account-type')).textContent).toBe('Smart account · not deployed yet')
    // Its first transaction went out: the wallet now finds its code.
    frame.user = { ...frame.user, smartAccountDeployed: true }
    const reads = frame.userCalls.length
    act(() => client.modal.close())
    const again = await openFrom({ ...utils, client, frame } as never)
    await vi.waitFor(() => expect(again.getByTestId('account-type').textContent).toBe('Smart account'))
    expect(frame.userCalls.length).toBe(reads + 1)
  })

  it("a failed switch shows the wallet's message and keeps the account", async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:1']
      fake.setPreferredAccount = async () => {
        throw new Error('Smart accounts are not enabled on eip155:1')
      }
    }
    const { ui } = await openAccount({ defaultAccountTypes: { eip155: 'eoa' } })
    fireEvent.click(await ui.findByTestId('switch-account-type'))
    expect((await ui.findByRole('alert')).textContent).toBe('Smart accounts are not enabled on eip155:1')
    expect(ui.getByTestId('account-address').textContent).toBe(TEST_USER.address)
    expect((await ui.findByTestId('account-type')).textContent).toBe('EOA')
  })

  it('on a network without smart accounts, shows neither the row nor the button', async () => {
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:31337']
    }
    const { ui, frame } = await openAccount()
    await vi.waitFor(() => expect(frame.smartAccountNetworksAsked).toBe(1))
    expect(ui.queryByTestId('account-type')).toBeNull()
    expect(ui.queryByTestId('switch-account-type')).toBeNull()
  })

  it('another wallet shows neither, and the frame is not asked', async () => {
    const wallet = new TestWallet({ accounts: ['0x00000000000000000000000000000000000000aa'], chainId: 31337 })
    const target = new EventTarget()
    target.addEventListener('eip6963:requestProvider', () =>
      target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail('Test Wallet', 'dev.oriel.test') })),
    )
    FakeFrameClient.onCreate = (fake) => {
      fake.smartAccountNetworks = ['eip155:31337']
    }
    const utils = renderWithOriel(
      <ConnectButton />,
      { networks: [ethereum, localDevnet] },
      { eip6963Target: () => target, injectedProvider: () => undefined },
    )
    unmount = utils.unmount
    await act(() => utils.client.connection.connect('dev.oriel.test'))
    expect(utils.client.account.getSnapshot()).toMatchObject({
      allAccounts: [{ address: '0x00000000000000000000000000000000000000aa', type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: undefined,
    })
    const ui = await openFrom(utils)
    expect(ui.queryByTestId('account-type')).toBeNull()
    expect(ui.queryByTestId('switch-account-type')).toBeNull()
    expect(FakeFrameClient.instances.every((fake) => fake.smartAccountNetworksAsked === 0)).toBe(true)
  })
})
