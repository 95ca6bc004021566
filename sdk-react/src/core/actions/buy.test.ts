import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { CHECKOUT, purchase, quoteOf, stubOnrampFetch } from '../../test/onramp'
import { createTestClient, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { ethereum } from '../networks'
import { editBuy, getBuyStore } from '../onramp/buyStore'
import { CHECKOUT_CLOSED } from '../onramp/watchPurchase'
import { cancelPurchase, getBuyQuote, inspectBuy, loadOnrampOptions, startPurchase } from './buy'

freshEachTest()

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A logged-in client on Ethereum with the on-ramp options read and 50 USD of ETH in the form. */
async function buyClient() {
  const onramp = stubOnrampFetch()
  const { client } = createTestClient({ networks: [ethereum] })
  const balanceReads: string[] = []
  FakeFrameClient.onCreate = (fake) => {
    fake.rpc = async (method) => {
      balanceReads.push(method)
      return '0x14d1120d7b160000'
    }
  }
  const { unmount } = await logInRecordingEvents(client)
  await loadOnrampOptions(client)
  editBuy(client, { currency: 'eth-id', amount: '50' })
  const address = client.account.getSnapshot().address!
  return { client, onramp, unmount, address, balanceReads, state: () => getBuyStore(client).getSnapshot() }
}

/** A popup as the view opens it. */
function fakePopup() {
  return { closed: false, opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() } as unknown as Window & {
    location: { replace: ReturnType<typeof vi.fn> }
    close: ReturnType<typeof vi.fn>
  }
}

const fast = { watch: { intervalMs: 5 } }

describe('buying with a card', () => {
  it("checks the form against the provider's options: the network for the chain, the method's limits", async () => {
    const { client, unmount } = await buyClient()
    expect(inspectBuy(client)).toMatchObject({ currency: { symbol: 'ETH' }, network: { name: 'ethereum' }, amountError: undefined })
    editBuy(client, { amount: '7500.01' })
    expect(inspectBuy(client)?.amountError).toBe('At most 7,500.00 USD by card')
    editBuy(client, { method: 'ach_bank_account' })
    expect(inspectBuy(client)?.amountError).toBeUndefined()
    unmount()
  })

  it('falls back to the sample options, then an estimate, when frame-host cannot be reached (spec §7)', async () => {
    const { client, onramp, unmount } = await buyClient()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    onramp.options = undefined
    await loadOnrampOptions(client, { force: true })
    const { options } = getBuyStore(client).getSnapshot()
    expect(options.status === 'ready' && options.options.sample).toBe(true)
    editBuy(client, { currency: 'ETH', amount: '50' })
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed')
    })
    const quote = await getBuyQuote(client, inspectBuy(client)!)
    expect(quote).toMatchObject({ estimated: true, purchaseAmount: undefined, coinbaseFee: { amount: '1.00' }, paymentTotal: { amount: '50.00' } })
    unmount()
  })

  it('opens the checkout in the popup cut off from the page, then follows the purchase until it is delivered', async () => {
    const { client, onramp, unmount, address, balanceReads, state } = await buyClient()
    onramp.purchases = [purchase('old', 'success', address, `0x${'11'.repeat(32)}`)]
    const popup = fakePopup()
    const url = await startPurchase(client, { popup, quote: await getBuyQuote(client, inspectBuy(client)!), ...fast })
    expect(url).toBe(CHECKOUT)
    expect(popup.opener).toBeNull()
    expect(popup.location.replace).toHaveBeenCalledWith(CHECKOUT)
    expect(state()).toMatchObject({ step: 'waiting', url: CHECKOUT, popup: true })
    const body = onramp.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body
    expect(body).toMatchObject({ quoteId: 'q-1', presetFiatAmount: '50', defaultNetwork: 'ethereum', partnerUserId: address })
    // The earlier purchase is not this one; a new pending one shows, then its delivery ends the watch.
    await new Promise((r) => setTimeout(r, 20))
    expect(state().step).toBe('waiting')
    onramp.purchases = [purchase('new', 'pending', address), ...onramp.purchases]
    await vi.waitFor(() => expect(state().purchase?.id).toBe('new'))
    expect(state().step).toBe('waiting')
    const reads = balanceReads.length
    onramp.purchases = [purchase('new', 'success', address, `0x${'22'.repeat(32)}`), ...onramp.purchases.slice(1)]
    await vi.waitFor(() => expect(state().step).toBe('done'))
    expect(client.snackbar.getSnapshot()).toMatchObject({ message: 'Bought 0.01638333 ETH', variant: 'success' })
    await vi.waitFor(() => expect(balanceReads.length).toBeGreaterThan(reads))
    unmount()
  })

  it('a failed purchase, a closed checkout, a refused checkout and a cancel each end in plain words', async () => {
    const { client, onramp, unmount, address, state } = await buyClient()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await startPurchase(client, { popup: fakePopup(), quote: quoteOf('50') as never, ...fast })
    onramp.purchases = [purchase('f', 'failed', address)]
    await vi.waitFor(() => expect(state()).toMatchObject({ step: 'failed', error: 'The purchase failed: Oriel Sandbox did not deliver it' }))

    editBuy(client, {})
    const closing = fakePopup()
    await startPurchase(client, { popup: closing, ...fast })
    Object.assign(closing, { closed: true })
    await vi.waitFor(() => expect(state()).toMatchObject({ step: 'idle', error: CHECKOUT_CLOSED }))

    onramp.refuseUrl = [502, 'Oriel Sandbox could not open a checkout: try again later']
    const refused = fakePopup()
    await expect(startPurchase(client, { popup: refused, ...fast })).rejects.toThrow()
    expect(refused.close).toHaveBeenCalled()
    expect(state()).toMatchObject({ step: 'idle', error: 'Oriel Sandbox could not open a checkout: try again later' })

    onramp.refuseUrl = undefined
    await startPurchase(client, { popup: null, ...fast })
    expect(state()).toMatchObject({ step: 'waiting', popup: false, url: CHECKOUT })
    cancelPurchase(client)
    expect(state()).toMatchObject({ step: 'idle', url: undefined })
    editBuy(client, { amount: '5' })
    await expect(startPurchase(client, { popup: null })).rejects.toThrow('At least 10.00 USD by card')
    unmount()
  })
})
