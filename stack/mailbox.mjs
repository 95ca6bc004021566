// Reads frame-host's dev mailbox (`GET /dev/mailbox?to=`, dev mode only), as a person would read
// their inbox. frame-host is the test profile's unless `frameHost` names another.
import { TEST_URLS } from './ports.mjs'

/** Messages to `to`, newest first. */
export async function inbox(to, { frameHost = TEST_URLS.frameHost } = {}) {
  const response = await fetch(`${frameHost}/dev/mailbox?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`)
  return response.json()
}

/** Waits for the newest message to `to` whose text matches `pattern`, sent after `since`. */
export async function waitForMail(to, pattern, { since = 0, timeoutMs = 10_000, frameHost = TEST_URLS.frameHost } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = (await inbox(to, { frameHost }))
      .filter((m) => Date.parse(m.sent_at) >= since - 1000)
      .map((m) => m.text.match(pattern))
      .find(Boolean)
    if (match) return match
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
