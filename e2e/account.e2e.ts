// The Account view's native balance and the Receive view, end to end: log in by email, move to
// the devnet, fund the embedded wallet there, and read the balance through the wallet's own
// provider (the frame's RPC); then Receive shows the address as QR code and text and copies it.
import { switchNetwork } from '@oriel/stack/widget'
import { getAddress } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { fund } from '../devnet/deploy.mjs'
import { loggedInDemo } from './support/fixtures'
import { record } from './support/recorder.mjs'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const email = `account+${Date.now()}@example.com`
/** One browser, one page, logged in and funded for all the tests (they run in sequence). */
const run = loggedInDemo(email, {
  prepare: async (context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.demo })
    await record(context)
  },
})

beforeAll(async () => {
  await fund(urls.devnet, contracts, getAddress(run.address))
})

describe('Account', () => {
  it('shows the funded native balance on the devnet, truncated to 3 decimals', async () => {
    await switchNetwork(run.page, 'Local Devnet')
    await expect.poll(() => run.page.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('10.000 ETH')
  })

  it('a notification takes the footer’s place and lies over no control (issue 18 §3)', async () => {
    await run.page.getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => run.page.getByRole('status').textContent()).toBe('Address copied')
    const overlaps = await run.page.evaluate(() => {
      const root = document.querySelector('oriel-modal')?.shadowRoot
      const snack = root?.querySelector('.snackbar')?.getBoundingClientRect()
      if (!root || !snack) return ['no snackbar']
      const hit = (r: DOMRect) => r.left < snack.right && snack.left < r.right && r.top < snack.bottom && snack.top < r.bottom
      // A control of the scrolling body counts where it shows: the body clips what is scrolled away.
      const body = root.querySelector('.body')?.getBoundingClientRect()
      const shown = (el: HTMLElement) => {
        const r = el.getBoundingClientRect()
        if (!body || !el.closest('.body')) return r
        const top = Math.max(r.top, body.top)
        const bottom = Math.min(r.bottom, body.bottom)
        return new DOMRect(r.left, top, r.width, Math.max(0, bottom - top))
      }
      return Array.from(root.querySelectorAll<HTMLElement>('.card button, .card a, .card input, .card [tabindex="0"]'))
        .filter((el) => el.getClientRects().length > 0 && shown(el).height > 0 && hit(shown(el)))
        .map((el) => el.getAttribute('aria-label') ?? el.textContent)
    })
    expect(overlaps).toEqual([])
    expect(await run.page.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(true)
  })

  it('Receive shows the address as text and QR code, copies it, and Back returns', async () => {
    await run.page.getByRole('button', { name: 'Receive', exact: true }).click()
    await expect.poll(() => run.page.getByTestId('receive-address').textContent(), { timeout: 10_000 }).toBe(run.address)
    const qr = run.page.getByRole('img', { name: `QR code of the address ${run.address}` })
    await qr.waitFor()
    expect(await run.page.getByTestId('receive-qr').getAttribute('data-uri')).toBe(run.address)
    expect(await run.page.getByRole('listitem').filter({ hasText: 'Local Devnet' }).count()).toBe(1)
    await run.page.getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => run.page.getByRole('status').textContent()).toBe('Address copied')
    expect(await run.page.evaluate(() => navigator.clipboard.readText())).toBe(run.address)
    await run.page.getByRole('button', { name: 'Back' }).click()
    await run.page.getByTestId('account-balance').waitFor()
  })
})
