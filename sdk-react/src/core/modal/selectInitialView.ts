import type { RouterData, ViewName } from './views'

export type SelectInitialViewParameters = {
  /** The view passed to `open({ view })`. */
  requestedView?: ViewName | undefined
  requestedData?: RouterData | undefined
  /** The connected address, if any. */
  address?: string | undefined
  isMobile: boolean
  /** No chain adapter is configured (pairing is then the only way to connect). */
  noAdapters: boolean
}

export type SelectInitialViewReturnType = { view: ViewName; data?: RouterData | undefined }

/**
 * Picks the view the modal opens on (spec §2):
 * 1. with no adapters and no connected address: AllWallets on mobile, else the basic pairing view;
 * 2. otherwise the requested view;
 * 3. otherwise Account when an address is connected;
 * 4. otherwise Connect.
 *
 * @example
 * selectInitialView({ isMobile: false, noAdapters: false, address: '0xabc…' }) // { view: 'Account' }
 */
export function selectInitialView(parameters: SelectInitialViewParameters): SelectInitialViewReturnType {
  const { requestedView, requestedData, address, isMobile, noAdapters } = parameters
  if (noAdapters && !address) return { view: isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic' }
  if (requestedView) return { view: requestedView, data: requestedData }
  if (address) return { view: 'Account' }
  return { view: 'Connect' }
}
