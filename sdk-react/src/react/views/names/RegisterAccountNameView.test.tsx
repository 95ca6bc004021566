import { act, fireEvent, within } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../../core/embedded/actions/connectOtp'
import { FakeFrameClient } from '../../../test/fakeFrameClient'
import { SUFFIX, signingFrame, stubNamesFetch, type FakeNameRecord } from '../../../test/names'
import { getShadowRoot, renderWithOriel } from '../../../test/renderWithOriel'
import { freshEachTest } from '../../../test/testClient'
import { preloadView } from '../registry'

freshEachTest()
// The views' chunks load before the tests, so a test's waits measure the view, not the load.
beforeAll(() => Promise.all([preloadView('Account'), preloadView('RegisterAccountName'), preloadView('RegisterAccountNameSuccess')]))
const mounted: (() => void)[] = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
  FakeFrameClient.onCreate = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ADA = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** Logs ADA in by email (frame-host with the name service of test/names.ts) and opens Account. */
async function account(records: FakeNameRecord[] = []) {
  const names = stubNamesFetch(records)
  const utils = renderWithOriel(<span />)
  const frame = signingFrame(ADA, () => utils.client.modal.getSnapshot().history.map((e) => e.view))
  mounted.push(utils.unmount)
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  act(() => utils.client.modal.open())
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('button', { name: 'Disconnect' })
  return { ...utils, ui, names, frame }
}

/** From Account, opens RegisterAccountName. */
async function chooseName(records: FakeNameRecord[] = []) {
  const utils = await account(records)
  fireEvent.click(await utils.ui.findByRole('button', { name: 'Choose a name' }))
  expect(await utils.ui.findByRole('heading', { name: 'Choose Name' })).toBeTruthy()
  const input = (await utils.ui.findByRole('textbox', { name: 'Name' })) as HTMLInputElement
  await utils.ui.findByTestId('name-suffix')
  return { ...utils, input }
}

const lookups = (names: ReturnType<typeof stubNamesFetch>) => names.requests.filter((r) => r.path.startsWith('/v1/profile/account/')).map((r) => r.path)

describe('RegisterAccountName view', () => {
  it('is offered on Account to an eip155 account without a name, and not once it has one', async () => {
    const { ui } = await chooseName()
    expect(ui.getByTestId('name-suffix').textContent).toBe(`.${SUFFIX}`)
    for (const unmount of mounted.splice(0)) unmount()
    localStorage.clear()
    const named = await account([{ name: `adaada.${SUFFIX}`, address: ADA.address, coinType: 60 }])
    await vi.waitFor(() => expect(named.ui.getByTestId('account-name').textContent).toBe(`adaada.${SUFFIX}`))
    expect(named.ui.queryByRole('button', { name: 'Choose a name' })).toBeNull()
  })

  it('checks the rules as you type, then availability once typing stops (500 ms)', async () => {
    const { ui, input, names } = await chooseName()
    fireEvent.change(input, { target: { value: 'al' } })
    expect(ui.getByText('Invalid name: at least 4 characters')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: 'al.ice' } })
    expect(ui.getByText('Invalid name: only letters, digits and hyphens')).toBeTruthy()
    for (const value of ['alic', 'alice', 'Alice1']) fireEvent.change(input, { target: { value } })
    const register = ui.getByRole('button', { name: 'Register' }) as HTMLButtonElement
    expect(register.disabled).toBe(true)
    await vi.waitFor(() => expect(ui.getByTestId('name-status').textContent).toBe(`alice1.${SUFFIX} is available`))
    // One lookup, for the text typed last.
    expect(lookups(names)).toEqual([`/v1/profile/account/alice1.${SUFFIX}`])
    expect((ui.getByRole('button', { name: `Register alice1.${SUFFIX}` }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('a taken name lists free names; picking one checks it', async () => {
    const { ui, input } = await chooseName([
      { name: `alice.${SUFFIX}`, address: OTHER, coinType: 60 },
      { name: `alice1.${SUFFIX}`, address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', coinType: 60 },
    ])
    fireEvent.change(input, { target: { value: 'alice' } })
    await vi.waitFor(() => expect(ui.getByTestId('name-status').textContent).toBe(`alice.${SUFFIX} is taken`))
    const list = ui.getByRole('region', { name: 'Available names' })
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(
      [`alice-id.${SUFFIX}`, `alice2.${SUFFIX}`, `myalice.${SUFFIX}`, `alicehq.${SUFFIX}`].map((n) => `${n}AVAILABLE`),
    )
    fireEvent.click(within(list).getByRole('button', { name: /^myalice\./ }))
    expect(input.value).toBe('myalice')
    await vi.waitFor(() => expect(ui.getByTestId('name-status').textContent).toBe(`myalice.${SUFFIX} is available`))
  })

  it("says 'Error fetching name suggestions' and 'Error fetching names for address' when frame-host fails them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { ui, input, names } = await account([{ name: `alice.${SUFFIX}`, address: OTHER, coinType: 60 }]).then(async (utils) => {
      utils.names.failSuggestions = true
      utils.names.failReverse = true
      fireEvent.click(await utils.ui.findByRole('button', { name: 'Choose a name' }))
      return { ...utils, input: (await utils.ui.findByRole('textbox', { name: 'Name' })) as HTMLInputElement }
    })
    expect(await ui.findByText('Error fetching names for address')).toBeTruthy()
    fireEvent.change(input, { target: { value: 'alice' } })
    expect(await ui.findByText('Error fetching name suggestions')).toBeTruthy()
    expect(ui.getByTestId('name-status').textContent).toBe(`alice.${SUFFIX} is taken`)
    names.failAll = 500
    fireEvent.change(input, { target: { value: 'alice7' } })
    expect(await ui.findByText('Error resolving name')).toBeTruthy()
  })

  it('an address that registered a name already is told so', async () => {
    const { ui, client, names } = await account()
    names.records.push({ name: `adaada.${SUFFIX}`, address: ADA.address, coinType: 60 })
    act(() => client.modal.push('RegisterAccountName'))
    expect((await ui.findByText(/already has the name/)).textContent).toBe(`This address already has the name adaada.${SUFFIX}.`)
    expect(ui.queryByRole('textbox', { name: 'Name' })).toBeNull()
  })

  it('registers: the success view while the wallet signs, then the name in the Account header', async () => {
    const { ui, input, names, frame, client } = await chooseName()
    fireEvent.change(input, { target: { value: 'AdaLovelace' } })
    const register = await ui.findByRole('button', { name: `Register adalovelace.${SUFFIX}` })
    let show = () => {}
    frame.gate = new Promise((resolve) => (show = resolve))
    fireEvent.click(register)
    const lead = () => getShadowRoot().querySelector('[data-view="RegisterAccountNameSuccess"] .lead')?.textContent
    await vi.waitFor(() => expect(lead()).toBe(`Registering adalovelace.${SUFFIX}`))
    show()
    await vi.waitFor(() => expect(ui.getByTestId('registered-name').textContent).toBe(`adalovelace.${SUFFIX}`))
    expect(frame.views).toEqual([['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'ApproveTransaction']])
    expect(names.records.map((r) => r.name)).toEqual([`adalovelace.${SUFFIX}`])
    fireEvent.click(ui.getByRole('button', { name: 'Back to Account' }))
    await vi.waitFor(() => expect(ui.getByTestId('account-name').textContent).toBe(`adalovelace.${SUFFIX}`))
    expect(ui.queryByRole('button', { name: 'Choose a name' })).toBeNull()
    expect(client.account.getSnapshot().profileName).toBe(`adalovelace.${SUFFIX}`)
  })

  it("declined in the wallet: back on the form with 'Error registering name {name}' and the reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { ui, input, frame, client } = await chooseName()
    frame.decline = true
    fireEvent.change(input, { target: { value: 'adalovelace' } })
    fireEvent.click(await ui.findByRole('button', { name: `Register adalovelace.${SUFFIX}` }))
    expect(await ui.findByText(`Error registering name adalovelace.${SUFFIX}: Signature declined`)).toBeTruthy()
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('RegisterAccountName')
    expect(client.snackbar.getSnapshot()).toMatchObject({ variant: 'error', message: `Error registering name adalovelace.${SUFFIX}` })
    expect((ui.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('adalovelace')
    await vi.waitFor(() => expect(ui.getByTestId('name-status').textContent).toBe(`adalovelace.${SUFFIX} is available`))
  })
})
