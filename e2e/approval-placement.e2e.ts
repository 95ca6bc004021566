// Where the approval appears (issue 18 §1 and §2): the wallet frame, a separate origin laid over
// the widget's room by coordinates, is drawn inside the card's body from the first frame it
// shows, on a desktop window and on a phone, and the header names the kind of request. Every
// painted frame is sampled just after it is painted, from the click until the frame's screen
// has been up for a while.
import { loginByEmail } from '@oriel/stack/widget'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()

/** One painted frame: the iframe's visible box (after its clip-path), the card body's box. */
type Sample = { shown: boolean; frame: Box; body: Box }
type Box = { top: number; left: number; bottom: number; right: number }

/** Clicks `button` and samples every painted frame until the frame has shown for 600 ms. */
function samplePaintedFrames(page: Page, button: string): Promise<Sample[]> {
  return page.evaluate(
    (label) =>
      new Promise<Sample[]>((resolve, reject) => {
        const samples: Sample[] = []
        let shownAt = 0
        const channel = new MessageChannel()
        // Just after a frame is painted (a task queued from its animation-frame callback), the
        // layout and the animations still hold the values that frame was painted with.
        channel.port1.onmessage = () => {
          const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-oriel-frame]')
          const body = document.querySelector('oriel-modal')?.shadowRoot?.querySelector('.card .body')
          if (iframe && body) {
            const s = iframe.style
            const top = Number.parseFloat(s.top)
            const left = Number.parseFloat(s.left)
            const box = { top, left, bottom: top + Number.parseFloat(s.height), right: left + Number.parseFloat(s.width) }
            const inset = /^inset\((-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px\)$/.exec(s.clipPath)
            const clip = inset ? inset.slice(1).map(Number) : [0, 0, 0, 0]
            const frame = s.clipPath === 'inset(50%)'
              ? { top, left, bottom: top, right: left }
              : { top: box.top + clip[0]!, right: box.right - clip[1]!, bottom: box.bottom - clip[2]!, left: box.left + clip[3]! }
            const b = body.getBoundingClientRect()
            const shown = s.opacity === '1'
            samples.push({ shown, frame, body: { top: b.top, left: b.left, bottom: b.bottom, right: b.right } })
            if (shown && !shownAt) shownAt = performance.now()
          }
          if (shownAt && performance.now() - shownAt > 600) resolve(samples)
          else if (samples.length > 2000) reject(new Error('the frame never showed'))
          else requestAnimationFrame(() => channel.port2.postMessage(0))
        }
        const target = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === label)
        if (!target) return reject(new Error(`no button ${label}`))
        target.click()
        requestAnimationFrame(() => channel.port2.postMessage(0))
      }),
    button,
  )
}

/** Whether `inner` lies within `outer`, give or take a pixel of rounding. */
const within = (inner: Box, outer: Box) =>
  inner.top >= outer.top - 1 && inner.left >= outer.left - 1 && inner.bottom <= outer.bottom + 1 && inner.right <= outer.right + 1

async function loggedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(urls.demo)
  await loginByEmail(page, `placement+${Date.now()}@example.com`)
  return page
}

describe('the approval', () => {
  it.each([
    ['a desktop window', { viewport: { width: 1280, height: 800 } }],
    [
      'a phone',
      {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    ],
  ])('is drawn inside the card body from its first shown frame on %s, titled by its kind', async (_, options) => {
    const context = await chromium.newContext(options)
    try {
      const page = await loggedIn(context)
      const samples = await samplePaintedFrames(page, 'Sign message')
      const shown = samples.filter((s) => s.shown)
      expect(shown.length).toBeGreaterThan(10)
      const outside = shown.filter((s) => !within(s.frame, s.body))
      expect(outside).toEqual([])
      // And it is the whole room once settled, not a clipped sliver.
      const last = shown.at(-1)!
      expect(last.frame.bottom - last.frame.top).toBeGreaterThan(300)
      const title = page.locator('oriel-modal [role="dialog"] h2')
      expect(await title.textContent()).toBe('Sign Message')
      const reject = page.frames().find((f) => f.url().startsWith(`${urls.frameHost}/frame`))!.getByRole('button', { name: 'Reject' })
      await reject.click()
      await page.locator('oriel-modal [role="dialog"]').waitFor({ state: 'detached' })
    } finally {
      await context.close()
    }
  })
})
