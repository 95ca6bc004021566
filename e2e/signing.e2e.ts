// The embedded wallet signs like any EIP-1193 wallet, and only after a click inside its own
// frame: the real widget, frame, frame-host and devnet on two origins. viem checks every result.
import { openAccount, startExport, walletFrame } from '@oriel/stack/widget'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_RECIPIENT, demoTypedData } from '../demo/src/typedData'
import { approvalShown } from './support/approval'
import { loggedInDemo } from './support/fixtures'
import { record } from './support/recorder.mjs'

const urls = inject('urls')
const email = `signer+${Date.now()}@example.com`
const MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'
const chain = createPublicClient({ transport: http(urls.devnet) })
let context: BrowserContext
let page: Page
let recorder: Awaited<ReturnType<typeof record>>
let address: Hex
const demo = loggedInDemo(email, {
  prepare: async (context) => {
    recorder = await record(context)
  },
  network: 'Local Devnet',
})

beforeAll(() => {
  context = demo.context
  page = demo.page
  address = demo.address
})

const approveButton = () => walletFrame(page).getByRole('button', { name: 'Approve' })

describe('embedded wallet signing', () => {
  it('personal_sign after Approve in the frame verifies with viem; Reject gives 4001', async () => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    await approvalShown(page)
    // The frame shows the message as text, and who asks.
    await expect.poll(() => walletFrame(page).locator('.screen').textContent()).toContain(MESSAGE)
    await approveButton().click()
    const signature = (await page.getByTestId('demo-signature').textContent({ timeout: 20_000 })) as Hex
    expect(await chain.verifyMessage({ address, message: MESSAGE, signature })).toBe(true)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await approvalShown(page)
    await walletFrame(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByTestId('demo-error').textContent()).toMatch(/^4001: User rejected/)
  })

  it('the host page cannot approve: messages, synthetic clicks and an overlay get no signature', async () => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    await approvalShown(page)
    const box = (await approveButton().boundingBox())!

    // "Approve"-like messages to the frame window, and synthetic events on the iframe element.
    await page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-oriel-frame]')!
      for (const data of [{ type: 'approve' }, 'approve', { type: 'oriel:approve', approved: true }]) {
        iframe.contentWindow!.postMessage(data, '*')
      }
      iframe.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    // A decoy laid over the page takes the user's click: it lands on the host page.
    await page.evaluate(() => {
      const decoy = document.createElement('div')
      decoy.id = 'decoy'
      Object.assign(decoy.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(255,255,255,0.01)',
      })
      document.body.appendChild(decoy)
    })
    // Once the page has drawn the decoy, the frame knows it is covered and disarms; the click
    // then lands on the decoy.
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(false)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    // A see-through decoy that lets the click through: the frame sees it is covered, disarms,
    // and the click does nothing.
    await page.evaluate(() => {
      const decoy = document.getElementById('decoy')!
      decoy.style.pointerEvents = 'none'
    })
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(false)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(1_000)
    expect(await page.getByTestId('demo-signature').count()).toBe(0)
    expect(await walletFrame(page).locator('.screen').count()).toBe(1)

    // Without the decoy the frame re-arms only after 500 ms fully visible: a click right away
    // (a frame flashed in under the pointer) does nothing; the user's own click later signs.
    await page.evaluate(() => document.getElementById('decoy')!.remove())
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(200)
    expect(await page.getByTestId('demo-signature').count()).toBe(0)
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true)
    await approveButton().click()
    await page.getByTestId('demo-signature').waitFor({ timeout: 20_000 })
  })

  it('eth_signTypedData_v4 verifies with viem', async () => {
    await page.getByRole('button', { name: 'Sign typed data' }).click()
    await approvalShown(page)
    await expect.poll(() => walletFrame(page).locator('.screen').textContent()).toContain('Lumen')
    await approveButton().click()
    const signature = (await page.getByTestId('demo-typed-signature').textContent({ timeout: 20_000 })) as Hex
    const typed = demoTypedData(31337, address)
    expect(
      await chain.verifyTypedData({
        address,
        signature,
        domain: typed.domain,
        types: typed.types,
        primaryType: typed.primaryType,
        message: { ...typed.message, sell: { ...typed.message.sell, value: BigInt(typed.message.sell.value) }, buy: { ...typed.message.buy, value: BigInt(typed.message.buy.value) }, deadline: BigInt(typed.message.deadline) },
      }),
    ).toBe(true)
  })

  it('eth_sendTransaction from a funded embedded wallet lands on the devnet', async () => {
    await chain.request({ method: 'hardhat_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never })
    const before = await chain.getBalance({ address: DEMO_RECIPIENT })
    await page.getByRole('button', { name: 'Send transaction' }).click()
    await approvalShown(page)
    await expect.poll(() => walletFrame(page).locator('.screen').textContent()).toContain(DEMO_RECIPIENT)
    await approveButton().click()
    const hash = (await page.getByTestId('demo-tx-hash').textContent({ timeout: 30_000 })) as Hex
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: DEMO_RECIPIENT })).toBe(before + parseEther('0.001'))
  })

  it("the wallet's seed and private key never crossed a process boundary", async () => {
    // Reveal the phrase the way a user would (inside the frame), then derive the key from it.
    await openAccount(page)
    await startExport(page, email)
    await expect.poll(() => walletFrame(page).locator('.word').count(), { timeout: 20_000 }).toBe(12)
    const phrase = (await walletFrame(page).locator('.word').allTextContents()).join(' ')
    const account = mnemonicToAccount(phrase)
    expect(account.address.toLowerCase()).toBe(address.toLowerCase())
    const key = Buffer.from(account.getHdKey().privateKey!).toString('hex')
    const done = walletFrame(page).getByRole('button', { name: 'Done' })
    await expect.poll(() => done.isEnabled()).toBe(true)
    await done.click()

    const { messages, bodies } = await recorder.collect(context.pages())
    expect(messages.length).toBeGreaterThan(0)
    for (const text of [...messages, ...bodies]) {
      const lower = text.toLowerCase()
      expect(lower).not.toContain(key)
      expect(lower).not.toContain(Buffer.from(key, 'utf8').toString('hex'))
      expect(text).not.toContain(phrase)
      expect(lower).not.toContain(Buffer.from(phrase, 'utf8').toString('hex'))
    }
  })
})
