// Sign In With Farcaster end to end: the demo dapp (origin A) shows ConnectingFarcaster's sign-in
// link, the demo Farcaster client (its own origin, holding the devnet account's custody key) opens
// it, shows what is asked and approves: it signs the FIP-11 message and posts it to frame-host's
// relay (origin B), which checks it against the devnet's IdRegistry; the widget ends connected as
// the fid's user, named after its username, with its picture. A second browser is the same user.
import { openAccount } from '@oriel/stack/widget'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { FARCASTER_FID, FARCASTER_PROFILE } from '../devnet/farcaster.mjs'
import { seriousViolations } from './support/axe'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const devnetContracts = inject('devnetContracts')
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const dappHost = new URL(urls.demo).host

const newPage = (url: string) => chromium.newPage(url)

/** Opens the widget's Farcaster sign-in; the link ConnectingFarcaster shows (and copies). */
async function farcasterLink(dapp: Page): Promise<string> {
  await dapp.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.demo })
  await dapp.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await dapp.getByRole('button', { name: 'Continue with Farcaster' }).click()
  const qr = dapp.getByTestId('farcaster-qr')
  await qr.waitFor({ timeout: 20_000 })
  await dapp.getByText('Waiting for you to approve in Farcaster…').waitFor()
  await dapp.getByRole('button', { name: 'Copy link' }).click()
  await dapp.getByText('Link copied').waitFor()
  const link = await dapp.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(await qr.getAttribute('data-uri'))
  return link
}

/** The demo Farcaster client approves `link`, pasted into it. */
async function approve(link: string): Promise<Page> {
  const client = await newPage(urls.farcaster)
  await client.getByLabel('Sign-in link').fill(link)
  await client.getByRole('button', { name: 'Open' }).click()
  await client.getByRole('heading', { name: `Sign in to ${dappHost}?` }).waitFor({ timeout: 20_000 })
  await client.getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => client.getByTestId('farcaster-status').textContent()).toBe(`Signed in to ${dappHost}`)
  return client
}

/** The wallet frame inside `page`. */
const frameOf = (page: Page) => page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame`))!

/**
 * A returning fid's new device gets a session but not the wallet (issue 38 M-3): the sign-in ends
 * with frame-host's words for it, and ConnectingFarcaster offers a new link. No address.
 */
async function notApproved(page: Page) {
  const alert = page.getByRole('alert').filter({ hasText: 'This device is not approved for this account yet' })
  await alert.getByRole('button', { name: 'Get a new link' }).waitFor({ timeout: 30_000 })
  expect(await page.getByTestId('demo-address').textContent()).toBe('')
}

/**
 * The account has no email to send an approval link to: its device `existing`, which holds the
 * wallet, approves `newcomer` (`POST /auth/v1/devices/{deviceId}/approve` with its session, as
 * a device-list screen would; read from the frames' storage, as only a test harness can).
 */
async function approveFrom(existing: Page, newcomer: Page) {
  // The frame keeps its device and session per embedding site (issue 38 I-1).
  const site = new URL(urls.demo).origin
  const deviceId = await frameOf(newcomer).evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!).deviceId as string,
    `oriel/device/${site}`,
  )
  const status = await frameOf(existing).evaluate(async ([id, key]) => {
    const { accessToken } = JSON.parse(localStorage.getItem(key!)!)
    const response = await fetch(`/auth/v1/devices/${id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'demo' }),
    })
    return response.status
  }, [deviceId, `oriel/session/demo/${site}`])
  expect(status).toBe(204)
}

describe('Sign In With Farcaster', () => {
  let dapp: Page
  let firstAddress = ''

  it('the widget shows a sign-in link for the dapp, on the Farcaster client page, for this channel', async () => {
    dapp = await newPage(urls.demo)
    const link = await farcasterLink(dapp)
    const url = new URL(link)
    expect(url.origin).toBe(urls.farcaster)
    expect(url.searchParams.get('channelToken')).toMatch(/^[0-9a-f]{64}$/)
    expect(url.searchParams.get('domain')).toBe(dappHost)
    expect(url.searchParams.get('siweUri')).toBe(urls.demo)
    expect(url.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
    expect(devnetContracts.farcaster.fid).toBe(FARCASTER_FID)
    // No serious or critical axe violations on ConnectingFarcaster.
    expect(await seriousViolations(dapp)).toEqual([])

    // The client page shows what is asked, and approves.
    const client = await approve(link)
    expect(await client.getByTestId('farcaster-username').textContent()).toBe(`@${FARCASTER_PROFILE.username}`)

    // The widget connects: the modal closes and the dapp has the embedded wallet's address.
    const address = dapp.getByTestId('demo-address').filter({ hasText: ADDRESS })
    await address.waitFor({ timeout: 30_000 })
    firstAddress = (await address.textContent())!
  })

  it('the Account view shows the fid’s username and picture', async () => {
    await openAccount(dapp)
    expect(await dapp.getByTestId('account-name').textContent()).toBe(FARCASTER_PROFILE.username)
    expect(await dapp.getByTestId('account-social').textContent()).toBe(`@${FARCASTER_PROFILE.username}`)
    await expect.poll(() => dapp.getByTestId('account-avatar').getAttribute('src')).toBe(`${urls.farcaster}/pfp.svg`)
    expect(await dapp.getByTestId('account-address').textContent()).toBe(firstAddress)
    await dapp.keyboard.press('Escape')
  })

  it('a reload keeps the login, and the name', async () => {
    await dapp.reload()
    await dapp.getByTestId('demo-address').filter({ hasText: firstAddress }).waitFor({ timeout: 30_000 })
    await openAccount(dapp)
    expect(await dapp.getByTestId('account-name').textContent()).toBe(FARCASTER_PROFILE.username)
    await dapp.keyboard.press('Escape')
  })

  it('the same fid from another browser is the same user, with the same address once the first device approves it', async () => {
    const other = await newPage(urls.demo)
    await approve(await farcasterLink(other))
    await notApproved(other)
    await approveFrom(dapp, other)
    // Signing in again with a new link now opens the wallet.
    await other.getByRole('button', { name: 'Get a new link' }).click()
    await other.getByTestId('farcaster-qr').waitFor({ timeout: 20_000 })
    await other.getByRole('button', { name: 'Copy link' }).click()
    await approve(await other.evaluate(() => navigator.clipboard.readText()))
    await other.getByTestId('demo-address').filter({ hasText: firstAddress }).waitFor({ timeout: 30_000 })
  })

  it('opened again (as a scanned link opens the page), a used link is refused', async () => {
    const page = await newPage(urls.demo)
    const link = await farcasterLink(page)
    await approve(link)
    // The login went through (a returning fid's new device: a session, the wallet after approval).
    await notApproved(page)
    const client = await newPage(link)
    await expect.poll(() => client.getByTestId('farcaster-status').textContent()).toBe('Error: This sign-in was already answered')
  })
})
