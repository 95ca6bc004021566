// What the browser tests start from, one helper each: a file's Chromium, a demo page logged in
// by email, and a demo page connected to the EIP-6963 test wallet. Opening the Account view and
// switching network are stack/widget.mjs's `openAccount` and `switchNetwork` (make screenshots
// drives the widget with them too).
//
// Plain helpers that register the file's hooks, not `test.extend` fixtures: a file's tests are
// one visitor's journey on one page, in order (log in, fund, send, then read Activity), which
// `beforeAll` state expresses as it is, where per-test fixtures would have to be file-scoped and
// every test's signature would change to receive them.
import { launchChromium } from '@oriel/stack/browser'
import { DEVNET_ACCOUNT, addTestWallet } from '@oriel/stack/wallets'
import { closeModal, loginByEmail, openAccount, pickWallet, switchNetwork } from '@oriel/stack/widget'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'

/**
 * One headless Chromium for the file's tests: launched before all, closed after all with every
 * context opened through `newContext` or `newPage`. `thirdPartyStorage` as `launchChromium`'s.
 */
export function chromiumForFile(options?: Parameters<typeof launchChromium>[0]) {
  const contexts: BrowserContext[] = []
  const file = {
    browser: undefined as unknown as Browser,
    /** A new browser profile (a new device), closed with the browser. */
    async newContext(contextOptions: BrowserContextOptions = {}) {
      const context = await file.browser.newContext(contextOptions)
      contexts.push(context)
      return context
    },
    /** A page at `url` (the demo unless given) in a new browser profile. */
    async newPage(url = inject('urls').demo, contextOptions: BrowserContextOptions = {}) {
      const page = await (await file.newContext(contextOptions)).newPage()
      await page.goto(url)
      return page
    },
  }
  beforeAll(async () => {
    file.browser = await launchChromium(options)
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await file.browser?.close()
  })
  return file
}

/** A demo page logged in by email, with its browser, profile and the embedded wallet's address. */
export type Demo = { browser: Browser; context: BrowserContext; page: Page; address: `0x${string}` }

type LoggedInOptions = {
  /** Runs on the new profile before the page opens (permissions, init scripts, routes). */
  prepare?: (context: BrowserContext) => Promise<unknown>
  /** Where the page starts: the demo's URL unless given. */
  url?: string
  /** After the login, the widget is switched to this network (e.g. `Local Devnet`), the modal closed. */
  network?: string
}

/**
 * Registers the file's hooks: before all, Chromium with one profile on the demo, logged in by
 * email as `email` (a new user each run), and on `network` if given; after a failed test, the
 * page's accessibility snapshot and its console errors on stderr; after all, the browser closed.
 * The returned object is filled before the first test.
 */
export function loggedInDemo(email: string, { prepare, url, network }: LoggedInOptions = {}): Demo {
  const demo = {} as Demo
  const consoleErrors: string[] = []
  beforeAll(async () => {
    demo.browser = await launchChromium()
    demo.context = await demo.browser.newContext()
    await prepare?.(demo.context)
    demo.page = await demo.context.newPage()
    demo.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await demo.page.goto(url ?? inject('urls').demo)
    await loginByEmail(demo.page, email)
    demo.address = (await demo.page.getByTestId('demo-address').textContent()) as `0x${string}`
    if (network) {
      // The wallet follows the widget to the network.
      await switchNetwork(demo.page, network)
      await closeModal(demo.page)
    }
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

/**
 * Moves `demo` to a new profile with the EIP-6963 test wallet (hardhat's account #0 on the
 * devnet), connects it from the Connect view and opens the Account view; the old profile is
 * closed. Returns the new page (also `demo.page`).
 */
export async function connectTestWallet(demo: Demo): Promise<Page> {
  await demo.context.close()
  demo.context = await demo.browser.newContext()
  await addTestWallet(demo.context, { rpcUrl: inject('urls').devnet })
  demo.page = await demo.context.newPage()
  await demo.page.goto(inject('urls').demo)
  await pickWallet(demo.page, 'Oriel Test Wallet')
  await demo.page.getByTestId('demo-address').filter({ hasText: DEVNET_ACCOUNT.address }).waitFor({ timeout: 15_000 })
  await openAccount(demo.page)
  return demo.page
}
