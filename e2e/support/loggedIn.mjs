// A demo page logged in by email, shared by the tests of one file, as most account tests start.
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './browser.mjs'
import { loginByEmail } from './emailLogin.mjs'
import { urls } from './servers.mjs'

/**
 * Registers the file's hooks: before all, Chromium with one context on the demo, logged in as
 * `email` (a new user each run); after a failed test, the page's accessibility snapshot and
 * its console errors on stderr; after all, the browser closed. The returned object is filled before the first test.
 * @param {string} email
 * @returns {{ browser: import('playwright-core').Browser, context: import('playwright-core').BrowserContext, page: import('playwright-core').Page, address: `0x${string}` }}
 */
export function loggedInDemo(email) {
  const demo = /** @type {any} */ ({})
  /** @type {string[]} */
  const consoleErrors = []
  beforeAll(async () => {
    demo.browser = await launchChromium()
    demo.context = await demo.browser.newContext()
    demo.page = await demo.context.newPage()
    demo.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await demo.page.goto(urls.demo)
    await loginByEmail(demo.page, email)
    demo.address = await demo.page.getByTestId('demo-address').textContent()
  })
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && demo.page) {
      console.error(`${task.name}: the page at failure:\n${await demo.page.locator('body').ariaSnapshot({ timeout: 5_000 })}`)
      console.error(`its console errors:\n${consoleErrors.join('\n')}`)
    }
  })
  afterAll(async () => {
    await demo.context?.close()
    await demo.browser?.close()
  })
  return demo
}
