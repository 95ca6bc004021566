// Names, end to end (issue 14): the embedded wallet, logged in by email, finds a taken name and
// its suggestions, registers `test<random>` with the signature approved in the frame, and the
// Account header shows it; viem resolves it on the devnet through the devnet's universal
// resolver and CCIP-read (frame-host's gateway); a browser wallet then sends devnet ETH to the
// name from the Send view and it lands at the address; an ENS name of the devnet resolves there too.
import { fillSend, frameOnShow, openAccount, readRequest, switchNetwork } from '@oriel/stack/widget'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, toCoinType, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getEnsAddress, normalize } from 'viem/ens'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { setEnsAddress } from '../devnet/ens.mjs'
import { connectTestWallet, loggedInDemo } from './support/fixtures'
import { seriousViolations } from './support/axe'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const chain = createPublicClient({ transport: http(urls.devnet) })
const suffix = 'oriel.id'
const random = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
/** Registered over HTTP by another address before the widget asks for it. */
const taken = `taken${random}`
/** What the embedded wallet registers in the widget. */
const mine = `test${random}`
const demo = loggedInDemo(`names+${random}@example.com`)
let page: Page
let address: Hex

beforeAll(() => {
  page = demo.page
  address = demo.address
})

const dialog = () => page.getByRole('dialog')
const walletFrame = (): Frame => page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame`))!
const approveButton = () => walletFrame().getByRole('button', { name: 'Approve' })
const nameField = () => dialog().getByRole('textbox', { name: 'Name' })

/** Registers `label` for a fresh address through frame-host's HTTP API, as the SDK does. */
async function registerOverHttp(label: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name: `${label}.${suffix}`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(`${urls.frameHost}/v1/profile/account?projectId=demo&st=appkit&sv=e2e`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: Number(toCoinType(contracts.chainId)),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return account.address
}

describe('names in the widget (embedded wallet)', () => {
  it('Account offers a name; a taken one lists free ones to pick', async () => {
    await registerOverHttp(taken)
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await switchNetwork(page, 'Local Devnet')
    expect(await dialog().getByTestId('account-name').textContent()).toBe(`${address.slice(0, 6)}…${address.slice(-4)}`)
    await dialog().getByRole('button', { name: 'Choose a name' }).click()
    await dialog().getByRole('heading', { name: 'Choose Name' }).waitFor()
    expect(await dialog().getByTestId('name-suffix').textContent()).toBe(`.${suffix}`)

    await nameField().fill('ab')
    await expect.poll(() => dialog().locator('.field-error').textContent()).toBe('Invalid name: at least 4 characters')
    await nameField().fill(taken)
    await expect.poll(() => dialog().getByTestId('name-status').textContent(), { timeout: 10_000 }).toBe(`${taken}.${suffix} is taken`)
    const suggestions = dialog().getByRole('region', { name: 'Available names' })
    await expect.poll(() => suggestions.getByRole('button').allTextContents()).toEqual(
      [`${taken}1`, `${taken}-id`, `${taken}2`, `my${taken}`].map((label) => `${label}.${suffix}AVAILABLE`),
    )
    expect(await seriousViolations(page)).toEqual([])
    await suggestions.getByRole('button', { name: new RegExp(`^${taken}-id\\.`) }).click()
    expect(await nameField().inputValue()).toBe(`${taken}-id`)
    await expect.poll(() => dialog().getByTestId('name-status').textContent(), { timeout: 10_000 }).toBe(`${taken}-id.${suffix} is available`)
  })

  it('registers test<random> with the signature approved in the frame; the Account header shows it', async () => {
    await nameField().fill(mine)
    const register = dialog().getByRole('button', { name: `Register ${mine}.${suffix}` })
    await register.waitFor({ timeout: 10_000 })
    await register.click()
    // The success view first, then the frame's approval over it, showing the message signed.
    await walletFrame().locator('.screen').waitFor({ timeout: 20_000 })
    await frameOnShow(page)
    await expect.poll(() => walletFrame().locator('.screen').textContent()).toContain(`"name":"${mine}.${suffix}"`)
    await readRequest(walletFrame())
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true)
    await approveButton().click()
    await expect.poll(() => dialog().getByTestId('registered-name').textContent(), { timeout: 20_000 }).toBe(`${mine}.${suffix}`)
    await dialog().getByRole('button', { name: 'Back to Account' }).click()
    await expect.poll(() => dialog().getByTestId('account-name').textContent()).toBe(`${mine}.${suffix}`)
    expect(await dialog().getByRole('button', { name: 'Choose a name' }).count()).toBe(0)

    // frame-host keeps it for the address, and its identity route answers it.
    const identity = await fetch(`${urls.frameHost}/v1/identity/${address}?projectId=demo`).then((r) => r.json())
    expect(identity).toEqual({ name: `${mine}.${suffix}`, avatar: null })
    // A reload reads the header from the identity (cached 5 min in the page's storage).
    await page.reload()
    await page.getByTestId('demo-address').filter({ hasText: address }).waitFor({ timeout: 20_000 })
    await openAccount(page)
    await expect.poll(() => dialog().getByTestId('account-name').textContent(), { timeout: 10_000 }).toBe(`${mine}.${suffix}`)
  })

  it('viem resolves it on the devnet through the universal resolver and CCIP-read', async () => {
    const resolved = await getEnsAddress(chain, {
      name: normalize(`${mine}.${suffix}`),
      universalResolverAddress: contracts.ens.universalResolver,
    })
    expect(resolved).toBe(address)
  })
})

describe('sending to a name (browser wallet)', () => {
  it('the Send view resolves the name, shows the address, and the ETH lands there', async () => {
    page = await connectTestWallet(demo)
    const before = await chain.getBalance({ address })

    const view = await fillSend(page, { token: 'Ether', amount: '0.25', to: `${mine}.${suffix}` })
    await expect.poll(() => view.getByTestId('send-receiver-address').textContent(), { timeout: 10_000 }).toBe(address)
    expect(await view.getByTestId('send-receiver-profile').textContent()).toBe(`${mine}.${suffix}`)
    await expect.poll(() => view.getByTestId('send-fee').textContent(), { timeout: 10_000 }).toMatch(/^~0\.\d+ ETH/)
    expect(await seriousViolations(page)).toEqual([])
    await view.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog().locator('[data-view="Account"]').waitFor({ timeout: 30_000 })
    expect(await chain.getBalance({ address })).toBe(before + parseEther('0.25'))
  })

  it('an ENS name of the devnet resolves through its universal resolver; an unknown name says so', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const ens = await setEnsAddress(urls.devnet, contracts, `ens${random}.eth`, receiver)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    const view = dialog().locator('[data-view="Send"]')
    await view.getByLabel('To', { exact: true }).fill(ens)
    await expect.poll(() => view.getByTestId('send-receiver-address').textContent(), { timeout: 10_000 }).toBe(receiver)
    await view.getByLabel('To', { exact: true }).fill(`nobody${random}.${suffix}`)
    await expect.poll(() => view.locator('.field-error').textContent(), { timeout: 10_000 }).toBe('Error resolving name')
  })
})
