import { lazy, type ComponentType } from 'react'
import type { ViewName } from '../../core/modal/views'
import { ConnectView } from './ConnectView'
import type { ViewProps } from './types'

// Connect ships in the initial chunk; every other view is its own lazily loaded chunk.
const PlaceholderView = lazy(() => import('./PlaceholderView'))
const WhatIsAWalletView = lazy(() => import('./WhatIsAWalletView'))
const AccountView = lazy(() => import('./AccountView'))
const EmailVerifyOtpView = lazy(() => import('./EmailVerifyOtpView'))
const EmailVerifyDeviceView = lazy(() => import('./EmailVerifyDeviceView'))
const UpdateEmailView = lazy(() => import('./UpdateEmailView'))

/** The component of each view. Views not built yet show a placeholder under their title. */
export const VIEW_COMPONENTS: Readonly<Record<ViewName, ComponentType<ViewProps>>> = {
  Connect: ConnectView,
  Account: AccountView,
  AllWallets: PlaceholderView,
  ConnectingWalletConnectBasic: PlaceholderView,
  ConnectingWalletConnect: PlaceholderView,
  ConnectingExternal: PlaceholderView,
  ConnectingSiwe: PlaceholderView,
  ConnectingFarcaster: PlaceholderView,
  SIWXSignMessage: PlaceholderView,
  UnsupportedChain: PlaceholderView,
  ApproveTransaction: PlaceholderView,
  RegisterAccountName: PlaceholderView,
  RegisterAccountNameSuccess: PlaceholderView,
  Swap: PlaceholderView,
  EmailVerifyOtp: EmailVerifyOtpView,
  EmailVerifyDevice: EmailVerifyDeviceView,
  UpdateEmail: UpdateEmailView,
  WhatIsAWallet: WhatIsAWalletView,
}
