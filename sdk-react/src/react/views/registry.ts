import { lazy, type ComponentType } from 'react'
import type { ViewName } from '../../core/modal/views'
import { ConnectView } from './ConnectView'
import type { ViewProps } from './types'

// Connect ships in the initial chunk; every other view is its own lazily loaded chunk.
const WhatIsAWalletView = lazy(() => import('./WhatIsAWalletView'))
const AccountView = lazy(() => import('./AccountView'))
const AllWalletsView = lazy(() => import('./AllWalletsView'))
const EmailVerifyOtpView = lazy(() => import('./EmailVerifyOtpView'))
const EmailVerifyDeviceView = lazy(() => import('./EmailVerifyDeviceView'))
const UpdateEmailView = lazy(() => import('./UpdateEmailView'))
const ConnectingWalletConnectView = lazy(() => import('./ConnectingWalletConnectView'))
const ConnectingWalletConnectBasicView = lazy(() => import('./ConnectingWalletConnectBasicView'))
const ConnectingExternalView = lazy(() => import('./ConnectingExternalView'))
const ConnectingFarcasterView = lazy(() => import('./ConnectingFarcasterView'))
const UnsupportedChainView = lazy(() => import('./UnsupportedChainView'))
const NetworksView = lazy(() => import('./NetworksView'))
const ExportWalletView = lazy(() => import('./ExportWalletView'))
const StorageAccessView = lazy(() => import('./StorageAccessView'))
const ApproveTransactionView = lazy(() => import('./ApproveTransactionView'))
const SIWXSignMessageView = lazy(() => import('./SIWXSignMessageView'))
const ReceiveView = lazy(() => import('./ReceiveView'))
const SendView = lazy(() => import('./SendView'))
const SwapView = lazy(() => import('./SwapView'))
const RegisterAccountNameView = lazy(() => import('./names/RegisterAccountNameView'))
const BuyView = lazy(() => import('./BuyView'))

/** The component of each view. Views not built yet show a placeholder under their title. */
export const VIEW_COMPONENTS: Readonly<Record<ViewName, ComponentType<ViewProps>>> = {
  Connect: ConnectView,
  Account: AccountView,
  AllWallets: AllWalletsView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingSiwe: SIWXSignMessageView,
  ConnectingFarcaster: ConnectingFarcasterView,
  SIWXSignMessage: SIWXSignMessageView,
  UnsupportedChain: UnsupportedChainView,
  ApproveTransaction: ApproveTransactionView,
  RegisterAccountName: RegisterAccountNameView,
  RegisterAccountNameSuccess: RegisterAccountNameView,
  Swap: SwapView,
  EmailVerifyOtp: EmailVerifyOtpView,
  EmailVerifyDevice: EmailVerifyDeviceView,
  UpdateEmail: UpdateEmailView,
  Networks: NetworksView,
  ExportWallet: ExportWalletView,
  StorageAccess: StorageAccessView,
  WhatIsAWallet: WhatIsAWalletView,
  Receive: ReceiveView,
  Send: SendView,
  Buy: BuyView,
}
