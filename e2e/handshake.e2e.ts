// The foundation, end to end: the demo dapp (origin A) opens the real widget, which loads the
// real frame from frame-host (origin B) and completes the handshake; other origins get nothing.
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
let context: BrowserContext

afterEach(async () => {
  await context?.close()
})

/** A fresh browser profile on `url`, recording every console line of every frame. */
async function open(url: string): Promise<{ page: Page; logs: string[] }> {
  context = await chromium.newContext()
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  await page.goto(url)
  return { page, logs }
}

/** Opens the modal in the demo and waits until the frame reports ready. */
async function openWidget(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.getByRole('dialog').waitFor()
  const status = page.getByTestId('frame-status')
  await status.filter({ hasText: /^ready/ }).waitFor({ timeout: 20_000 })
  return status
}

const ORIEL_FRAME = 'iframe[data-oriel-frame]'

describe('the handshake', () => {
  it('loads the frame from its own origin and negotiates protocol v2', async () => {
    const { page, logs } = await open(urls.demo)
    expect(await page.locator(ORIEL_FRAME).count()).toBe(0) // nothing before the modal opens

    const status = await openWidget(page)
    expect(await status.textContent()).toBe('ready · protocol v2 · build 0.1.0')
    expect(Number(await page.getByTestId('frame-ready-ms').textContent())).toBeGreaterThan(0)

    const frame = page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame?projectId=demo`))
    expect(frame, 'the frame is loaded from frame-host').toBeDefined()
    expect(new URL(frame!.url()).origin).not.toBe(new URL(page.url()).origin)
    expect(await page.locator(ORIEL_FRAME).getAttribute('src')).toBe(`${urls.frameHost}/frame?projectId=demo`)
    // The frame's inline boot script runs by its hash in the CSP, and nothing is refused.
    expect(logs.filter((l) => l.includes('Content Security Policy'))).toEqual([])
  })

  it('answers a request made through the widget', async () => {
    const { page } = await open(urls.demo)
    await openWidget(page)
    await page.getByLabel('Email').fill(`handshake+${Date.now()}@example.com`)
    await page.getByLabel('Email').press('Enter')
    // The frame asked frame-host, which emailed a sign-up link: the widget waits for it.
    await page.getByText('Approve this device').first().waitFor()
  })
})

describe('isolation', () => {
  it('a page on an origin that is not allowed cannot render the frame', async () => {
    const frameUrl = encodeURIComponent(`${urls.frameHost}/frame?projectId=demo`)
    const { page, logs } = await open(`${urls.other}/embed.html?frame=${frameUrl}`)
    await expect
      .poll(() => logs.some((l) => l.includes('frame-ancestors')), { timeout: 10_000 })
      .toBe(true)
    const frame = await (await page.$('#oriel'))!.contentFrame()
    expect(frame!.url()).not.toContain('/frame?projectId=demo')
    expect(logs.some((l) => l.startsWith('oriel frame'))).toBe(false) // the frame never ran
  })

  it('a port offered from another origin gets no reply', async () => {
    const { page, logs } = await open(urls.demo)
    await openWidget(page)
    const result = await page.evaluate(
      (src) =>
        new Promise<{ offered: number; replies: number }>((resolve) => {
          addEventListener('message', (e) => e.data?.attacker && resolve(e.data.attacker))
          const attacker = document.createElement('iframe')
          attacker.src = src
          document.body.append(attacker)
        }),
      `${urls.other}/attacker.html`,
    )
    expect(result.offered).toBeGreaterThan(0)
    expect(result.replies).toBe(0)
    await expect
      .poll(() => logs.some((l) => l.includes('ignored a port offered by a window other than the parent')))
      .toBe(true)
  })

  it('a second port from the parent itself is ignored, and the first channel keeps working', async () => {
    const { page, logs } = await open(urls.demo)
    await openWidget(page)
    const replies = await page.evaluate(
      ([selector, frameOrigin]) =>
        new Promise<number>((resolve) => {
          const frame = document.querySelector<HTMLIFrameElement>(selector)!
          const channel = new MessageChannel()
          let count = 0
          channel.port1.onmessage = () => count++
          frame.contentWindow!.postMessage({ type: 'oriel:connect' }, frameOrigin, [channel.port2])
          channel.port1.postMessage(new Uint8Array([1, 1, 10]))
          setTimeout(() => resolve(count), 1500)
        }),
      [ORIEL_FRAME, urls.frameHost] as const,
    )
    expect(replies).toBe(0)
    expect(logs.some((l) => l.includes('ignored a second port'))).toBe(true)

    await page.getByLabel('Email').fill(`second-port+${Date.now()}@example.com`)
    await page.getByLabel('Email').press('Enter')
    await page.getByText('Approve this device').first().waitFor()
  })
})
