import type { ComponentType } from 'react'
import type { ViewName } from '../../core/modal/views'
import { ConnectView } from './ConnectView'
import { type LazyView, lazyView } from './lazyView'
import type { ViewProps } from './types'

// Connect ships in the initial chunk; every other view is its own lazily loaded chunk.
const WhatIsAWalletView = lazyView(() => import('./WhatIsAWalletView'))
const AccountView = lazyView(() => import('./AccountView'))
const AllWalletsView = lazyView(() => import('./AllWalletsView'))
const EmailVerifyOtpView = lazyView(() => import('./EmailVerifyOtpView'))
const EmailVerifyDeviceView = lazyView(() => import('./EmailVerifyDeviceView'))
const UpdateEmailView = lazyView(() => import('./UpdateEmailView'))
const ConnectingWalletConnectView = lazyView(() => import('./ConnectingWalletConnectView'))
const ConnectingWalletConnectBasicView = lazyView(() => import('./ConnectingWalletConnectBasicView'))
const ConnectingExternalView = lazyView(() => import('./ConnectingExternalView'))
const ConnectingFarcasterView = lazyView(() => import('./ConnectingFarcasterView'))
const UnsupportedChainView = lazyView(() => import('./UnsupportedChainView'))
const NetworksView = lazyView(() => import('./NetworksView'))
const ExportWalletView = lazyView(() => import('./ExportWalletView'))
const StorageAccessView = lazyView(() => import('./StorageAccessView'))
const ApproveTransactionView = lazyView(() => import('./ApproveTransactionView'))
const SIWXSignMessageView = lazyView(() => import('./SIWXSignMessageView'))
const ReceiveView = lazyView(() => import('./ReceiveView'))
const SendView = lazyView(() => import('./SendView'))
const SwapView = lazyView(() => import('./SwapView'))
const RegisterAccountNameView = lazyView(() => import('./names/RegisterAccountNameView'))
const BuyView = lazyView(() => import('./BuyView'))

/** The component of each view. */
export const VIEW_COMPONENTS: Readonly<Record<ViewName, ComponentType<ViewProps>>> = {
  Connect: ConnectView,
  Account: AccountView.Component,
  AllWallets: AllWalletsView.Component,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView.Component,
  ConnectingWalletConnect: ConnectingWalletConnectView.Component,
  ConnectingExternal: ConnectingExternalView.Component,
  ConnectingSiwe: SIWXSignMessageView.Component,
  ConnectingFarcaster: ConnectingFarcasterView.Component,
  SIWXSignMessage: SIWXSignMessageView.Component,
  UnsupportedChain: UnsupportedChainView.Component,
  ApproveTransaction: ApproveTransactionView.Component,
  RegisterAccountName: RegisterAccountNameView.Component,
  RegisterAccountNameSuccess: RegisterAccountNameView.Component,
  Swap: SwapView.Component,
  EmailVerifyOtp: EmailVerifyOtpView.Component,
  EmailVerifyDevice: EmailVerifyDeviceView.Component,
  UpdateEmail: UpdateEmailView.Component,
  Networks: NetworksView.Component,
  ExportWallet: ExportWalletView.Component,
  StorageAccess: StorageAccessView.Component,
  WhatIsAWallet: WhatIsAWalletView.Component,
  Receive: ReceiveView.Component,
  Send: SendView.Component,
  Buy: BuyView.Component,
}

/** The lazily loaded views the page's own buttons open, to fetch ahead of showing them. */
const PRELOADABLE: Partial<Record<ViewName, LazyView<ViewProps>>> = { Account: AccountView }

/**
 * Fetches `view`'s chunk ahead of showing it (on pointer-over or focus of what opens it), so it
 * paints in the frame after the click, without a spinner. A failed fetch only warns: showing
 * the view fetches it again, and reports a failure there.
 */
export async function preloadView(view: ViewName): Promise<void> {
  try {
    await PRELOADABLE[view]?.preload()
  } catch (error) {
    console.warn(`oriel: fetching the ${view} view ahead failed`, error)
  }
}
