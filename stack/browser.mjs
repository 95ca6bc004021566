// Debian's Chromium, driven by playwright-core (a test tool's own browser download is not
// possible here). Flags keep it from reaching the network on its own.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { chromium } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

// Playwright turns off ThirdPartyStoragePartitioning, which Chrome ships on. Without it a
// cross-site iframe (our wallet frame) gets no storage at all, unlike in users' browsers. Put
// Playwright's list back without that one feature.
const require = createRequire(import.meta.url)
const switches = require(
  join(dirname(require.resolve('playwright-core/package.json')), 'lib/server/chromium/chromiumSwitches.js'),
)
const defaultDisable = switches.chromiumSwitches(false).find((s) => s.startsWith('--disable-features='))
const disable = defaultDisable.replace(/(=|,)ThirdPartyStoragePartitioning(?=,|$)/, '$1').replace('=,', '=')

/**
 * Headless Chromium. `thirdPartyStorage: 'blocked'` keeps Playwright's own switches, under which
 * a cross-site iframe gets no storage at all, as in a browser that blocks third-party cookies
 * (Chrome's setting, Brave, strict privacy modes).
 *
 * @param {{ thirdPartyStorage?: 'partitioned' | 'blocked' }} [options]
 */
export function launchChromium({ thirdPartyStorage = 'partitioned' } = {}) {
  const partitioned = thirdPartyStorage === 'partitioned'
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: partitioned ? [...CHROMIUM_ARGS, disable] : CHROMIUM_ARGS,
    ignoreDefaultArgs: partitioned ? [defaultDisable] : [],
  })
}
