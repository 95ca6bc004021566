export type FormatWalletDeepLinkParameters = {
  /** The wallet's `mobile_link` from the wallet registry: a native scheme (`rainbow://`) or a universal link (`https://…`). */
  mobileLink: string
  /** The pairing's `wc:` URI. */
  uri: string
}

/**
 * The link that opens a wallet's app with a pairing: `{mobile_link}wc?uri={encoded uri}`. A native
 * scheme gets its `://`, a universal link its trailing `/`.
 *
 * @example
 * formatWalletDeepLink({ mobileLink: 'rainbow:', uri: 'wc:ab@2?symKey=c' }) // 'rainbow://wc?uri=wc%3Aab%402%3FsymKey%3Dc'
 * formatWalletDeepLink({ mobileLink: 'https://metamask.app.link', uri }) // 'https://metamask.app.link/wc?uri=…'
 */
export function formatWalletDeepLink({ mobileLink, uri }: FormatWalletDeepLinkParameters): string {
  const link = mobileLink.trim()
  const universal = /^https?:\/\//iu.test(link)
  let base: string
  if (universal) base = link.endsWith('/') ? link : `${link}/`
  else if (link.includes('://')) base = link
  else base = `${link.replace(/:*\/*$/u, '')}://`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}
