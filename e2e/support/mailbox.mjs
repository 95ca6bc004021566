// Reads frame-host's dev mailbox, as a person would read their inbox.
import { urls } from './servers.mjs'

/** Messages to `to`, newest first. */
export async function inbox(to) {
  const response = await fetch(`${urls.frameHost}/dev/mailbox?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`)
  return response.json()
}

/** Waits for the newest message to `to` whose text matches `pattern`, sent after `since`. */
export async function waitForMail(to, pattern, { since = 0, timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = (await inbox(to))
      .filter((m) => Date.parse(m.sent_at) >= since - 1000)
      .map((m) => m.text.match(pattern))
      .find(Boolean)
    if (match) return match
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
