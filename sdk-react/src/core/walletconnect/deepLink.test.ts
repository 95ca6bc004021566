import { describe, expect, it } from 'vitest'
import { formatWalletDeepLink } from './deepLink'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'
const encoded = 'wc%3A7f6e%402%3Frelay-protocol%3Dirn%26symKey%3D587d'

describe('formatWalletDeepLink', () => {
  it('appends wc?uri= to a universal link, adding the slash', () => {
    expect(formatWalletDeepLink({ mobileLink: 'https://metamask.app.link', uri })).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(formatWalletDeepLink({ mobileLink: 'https://link.trustwallet.com/', uri })).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  it('completes a native scheme to scheme://', () => {
    expect(formatWalletDeepLink({ mobileLink: 'rainbow:', uri })).toBe(`rainbow://wc?uri=${encoded}`)
    expect(formatWalletDeepLink({ mobileLink: 'rainbow', uri })).toBe(`rainbow://wc?uri=${encoded}`)
    expect(formatWalletDeepLink({ mobileLink: 'zerion://', uri })).toBe(`zerion://wc?uri=${encoded}`)
  })
})
