// Issue 41: a page the project does not allow learns it when the modal opens, from the real
// frame-host: the demo's own build, served on 127.0.0.1 instead of the allowed localhost origin,
// shows the spec's "Invalid App Configuration" alert and names the origin and the setting in the
// console, instead of waiting for the frame's load to time out.
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()

describe('a page the project does not allow', () => {
  it('shows Invalid App Configuration when the modal opens and says what to add', async () => {
    const foreign = urls.demo.replace('//localhost:', '//127.0.0.1:')
    const page = await (await chromium.newContext()).newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(foreign)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid App Configuration' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain(`${foreign} is not on project “demo”'s allow-list`)
    expect(errors).toContain(
      `oriel: ${foreign} is not an allowed origin of project "demo" at ${urls.frameHost}. ` +
        `Add "${foreign}" to that project's allowed_origins in frame-host's config.`,
    )
  })

  it('shows no such alert on the allowed origin', async () => {
    const page = await chromium.newPage()
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/projects/v1/origins')
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    expect(await (await asked).json()).toMatchObject({ originAllowed: true })
    await page.getByRole('textbox', { name: /email/i }).first().waitFor()
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid App Configuration' }).count()).toBe(0)
  })
})
