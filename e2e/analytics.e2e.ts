// Analytics end to end: the demo dapp asks nothing before the widget is used; opening the modal
// asks the real frame-host's /getAnalyticsConfig once, then POSTs a MODAL_OPEN event to /e, which frame-host stores (204 is answered
// only once the row is written; frame-host's own tests read the rows).
import type { Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()

let page: Page
const requests: URL[] = []

beforeAll(async () => {
  page = await (await chromium.newContext()).newPage()
  page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.origin === urls.frameHost && (url.pathname === '/e' || url.pathname === '/getAnalyticsConfig')) requests.push(url)
  })
  await page.goto(urls.demo)
})

describe('analytics', () => {
  it('stores a MODAL_OPEN event when the modal opens', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
    // Settle the page: nothing is asked before the widget is used.
    await page.waitForLoadState('networkidle')
    expect(requests).toEqual([])
    const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/e' && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const response = await stored
    expect(response.status()).toBe(204)
    const body = JSON.parse(response.request().postData() ?? '{}')
    expect(body).toMatchObject({
      url: `${urls.demo}/`,
      domain: 'localhost',
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    })
    expect(body.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(requests.filter((u) => u.pathname === '/getAnalyticsConfig')).toHaveLength(1)
  })
})
