import type { ComponentType } from 'react'
import type { ViewName } from '../../core/modal/views'
import { ConnectView } from './ConnectView'
import { type LazyView, lazyView } from './lazyView'
import type { ViewProps } from './types'

// Connect ships in the initial chunk; every other view is its own lazily loaded chunk.
const LAZY_VIEWS = {
  WhatIsAWallet: lazyView(() => import('./WhatIsAWalletView')),
  Account: lazyView(() => import('./AccountView')),
  AllWallets: lazyView(() => import('./AllWalletsView')),
  EmailVerifyOtp: lazyView(() => import('./EmailVerifyOtpView')),
  EmailVerifyDevice: lazyView(() => import('./EmailVerifyDeviceView')),
  UpdateEmail: lazyView(() => import('./UpdateEmailView')),
  ConnectingWalletConnect: lazyView(() => import('./ConnectingWalletConnectView')),
  ConnectingWalletConnectBasic: lazyView(() => import('./ConnectingWalletConnectBasicView')),
  ConnectingExternal: lazyView(() => import('./ConnectingExternalView')),
  ConnectingFarcaster: lazyView(() => import('./ConnectingFarcasterView')),
  UnsupportedChain: lazyView(() => import('./UnsupportedChainView')),
  Networks: lazyView(() => import('./NetworksView')),
  ExportWallet: lazyView(() => import('./ExportWalletView')),
  StorageAccess: lazyView(() => import('./StorageAccessView')),
  ApproveTransaction: lazyView(() => import('./ApproveTransactionView')),
  SIWXSignMessage: lazyView(() => import('./SIWXSignMessageView')),
  Receive: lazyView(() => import('./ReceiveView')),
  Send: lazyView(() => import('./SendView')),
  Swap: lazyView(() => import('./SwapView')),
  RegisterAccountName: lazyView(() => import('./names/RegisterAccountNameView')),
  Buy: lazyView(() => import('./BuyView')),
} satisfies Partial<Record<ViewName, LazyView<ViewProps>>>

/** Views shown by another view's component. */
const ALIASES = {
  ConnectingSiwe: LAZY_VIEWS.SIWXSignMessage,
  RegisterAccountNameSuccess: LAZY_VIEWS.RegisterAccountName,
}

const LAZY: Readonly<Record<Exclude<ViewName, 'Connect'>, LazyView<ViewProps>>> = { ...LAZY_VIEWS, ...ALIASES }

/** The component of each view. */
export const VIEW_COMPONENTS: Readonly<Record<ViewName, ComponentType<ViewProps>>> = {
  Connect: ConnectView,
  ...(Object.fromEntries(Object.entries(LAZY).map(([view, lazy]) => [view, lazy.Component])) as Record<
    Exclude<ViewName, 'Connect'>,
    ComponentType<ViewProps>
  >),
}

/**
 * Fetches `view`'s chunk ahead of showing it (on pointer-over or focus of what opens it), so it
 * paints in the frame after the click, without a spinner. A view that ships in the initial
 * chunk needs nothing. A failed fetch only warns: showing the view fetches it again, and
 * reports a failure there.
 */
export async function preloadView(view: ViewName): Promise<void> {
  if (view === 'Connect') return
  try {
    await LAZY[view].preload()
  } catch (error) {
    console.warn(`oriel: fetching the ${view} view ahead failed`, error)
  }
}
