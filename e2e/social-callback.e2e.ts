// Social login's hand-off in a real browser, before the frame and SDK use it: the demo dapp
// (origin A) embeds the wallet frame (frame-host, origin B) and opens the provider in a popup;
// the local identity provider (oidc.mjs) signs a user in and sends the popup to frame-host's
// callback page, whose script posts the one-time result to the frame only (target origin B)
// and a notice without it to the dapp page (target origin A), then closes the popup.
import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const DEVICE = randomBytes(16).toString('hex')
let context: BrowserContext

afterEach(async () => {
  await context?.close()
})

type Received = { origin: string; data: Record<string, unknown> }

/** Records every message `target` receives from now on. */
async function record(target: Page | Frame) {
  await target.evaluate(() => {
    const w = window as unknown as { received: unknown[] }
    w.received = []
    addEventListener('message', (e) => {
      if (typeof e.data === 'object' && e.data && 'type' in e.data) w.received.push({ origin: e.origin, data: e.data })
    })
  })
}

function received(target: Page | Frame): Promise<Received[]> {
  return target.evaluate(() => (window as unknown as { received: Received[] }).received)
}

/** The demo page with its wallet frame loaded, both recording messages. */
async function demoWithFrame() {
  context = await chromium.newContext()
  const page = await context.newPage()
  await page.goto(urls.demo)
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.getByTestId('frame-status').filter({ hasText: /^ready/ }).waitFor({ timeout: 20_000 })
  const frame = page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame?`))
  if (!frame) throw new Error('the wallet frame did not load')
  await record(page)
  await record(frame)
  return { page, frame }
}

/** Starts a login as the frame would; the verifier stays here. */
async function start(provider: string) {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const response = await fetch(`${urls.frameHost}/auth/v1/social/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'demo', provider, deviceId: DEVICE, origin: urls.demo, challenge }),
  })
  expect(response.status).toBe(200)
  const { uri, loginId } = (await response.json()) as { uri: string; loginId: string }
  expect(uri.startsWith(`${urls.oidc}/${provider}/auth?`)).toBe(true)
  return { uri, loginId, verifier }
}

/** Opens `uri` in a popup from the dapp page and presses `button` at the provider. */
async function signInPopup(page: Page, uri: string, button: RegExp) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((u) => {
      window.open(u, 'oriel-social', 'width=480,height=720')
    }, uri),
  ])
  // The callback page may close the popup before the click returns: wait from before it.
  const closed = popup.waitForEvent('close', { timeout: 10_000 })
  await popup.getByRole('button', { name: button }).click()
  await closed
}

describe('the social login callback page', () => {
  it('hands the result to the frame only, and tells the dapp page it ended', async () => {
    const { page, frame } = await demoWithFrame()
    const login = await start('github')
    await signInPopup(page, login.uri, /Continue as Ada Lovelace/)

    const inFrame = await received(frame)
    expect(inFrame).toHaveLength(1)
    expect(inFrame[0]!.origin).toBe(urls.frameHost)
    expect(inFrame[0]!.data).toMatchObject({ type: 'oriel:social-result', version: 1, loginId: login.loginId, provider: 'github' })
    const result = inFrame[0]!.data['result'] as string
    expect(result).toMatch(/^[0-9a-f]{64}$/)
    expect(await received(page)).toEqual([
      { origin: urls.frameHost, data: { type: 'oriel:social-done', version: 1, provider: 'github', ok: true } },
    ])

    const redeem = await fetch(`${urls.frameHost}/auth/v1/social/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'demo', deviceId: DEVICE, result, verifier: login.verifier }),
    })
    expect(redeem.status).toBe(200)
    const session = (await redeem.json()) as { social: unknown }
    expect(session.social).toEqual({ provider: 'github', username: 'ada', email: 'ada@example.com', emailVerified: true })
  })

  it('tells both that the user declined', async () => {
    const { page, frame } = await demoWithFrame()
    const login = await start('google')
    await signInPopup(page, login.uri, /Deny access/)

    const error = { code: 'access_denied', message: 'Sign-in with Google was declined' }
    expect(await received(frame)).toEqual([
      {
        origin: urls.frameHost,
        data: { type: 'oriel:social-result', version: 1, loginId: login.loginId, provider: 'google', error },
      },
    ])
    expect(await received(page)).toEqual([
      { origin: urls.frameHost, data: { type: 'oriel:social-done', version: 1, provider: 'google', ok: false, error } },
    ])
  })
})
