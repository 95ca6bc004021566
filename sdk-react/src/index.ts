// @oriel/react: the public API. A change here is a visible diff in `index.test.ts`.

export {
  createConfig,
  type Config,
  type CreateConfigErrorType,
  type CreateConfigParameters,
  type CreateConfigReturnType,
  type DefaultAccountTypes,
  type Metadata,
  type SIWXConfig,
  type SiweConfig,
} from './core/config/createConfig'
export type { ConnectMethod, Features, SocialProvider } from './core/config/features'
export type { SIWXAccount, SIWXSession } from './core/siwx/config'
export { formatSIWXMessage, InvalidSIWXMessageError, type InvalidSIWXMessageErrorType, type SIWXMessageData } from './core/siwx/message'
export { createFrameHostSIWX, type CreateFrameHostSIWXParameters } from './core/siwx/frameHost'
export {
  SignatureDeclinedError,
  SIWXNotEnabledError,
  type SignatureDeclinedErrorType,
  type SIWXNotEnabledErrorType,
} from './core/siwx/signIn'
export type { ResolvedThemeVariables, ThemeMode, ThemeVariables } from './core/config/theme'
export {
  base,
  bitcoin,
  bitcoinTestnet,
  ethereum,
  localDevnet,
  localSolana,
  polygon,
  solana,
  solanaDevnet,
  solanaTestnet,
  type CaipNetworkId,
  type ChainNamespace,
  type Network,
} from './core/networks'
export { isValidEmail, type IsValidEmailParameters, type IsValidEmailReturnType } from './core/validation/email'
export {
  evmChainIdToCoinType,
  isCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  parseEvmChainId,
  type CaipAddress,
  type ParseCaipAddressErrorType,
  type ParseCaipAddressReturnType,
  type ParseCaipNetworkIdErrorType,
  type ParseCaipNetworkIdReturnType,
} from './core/validation/caip'
export { isEvmAddress, type IsEvmAddressParameters } from './core/validation/address'
export { isSolanaAddress } from './core/validation/solanaAddress'
export type { Connection, Connector, ConnectorEvent, ConnectorType, NamespaceProviders } from './core/connectors/types'
export {
  MAX_SOLANA_MESSAGE_BYTES,
  MAX_SOLANA_TRANSACTION_BYTES,
  MAX_SOLANA_TRANSACTIONS,
  SOLANA_PREFLIGHT_COMMITMENTS,
  type SolanaMethod,
  type SolanaMethods,
  type SolanaProvider,
  type SolanaRequestArguments,
} from './core/connectors/solanaProvider'
export {
  MAX_BITCOIN_MESSAGE_BYTES,
  MAX_PSBT_BYTES,
  MAX_SIGN_INPUTS,
  type BitcoinAccountAddress,
  type BitcoinMethod,
  type BitcoinMethods,
  type BitcoinProvider,
  type BitcoinRequestArguments,
  type BitcoinSignInput,
} from './core/connectors/bitcoinProvider'
export type { ConnectionStatus, NamespaceConnection } from './core/connection/types'
export type { RecentWallet } from './core/connection/types'
export type { EIP1193Provider } from './core/wallets/eip6963'
export type { CloseModalOptions, OpenModalOptions } from './core/modal/modalStore'
export type { RouterData, ViewName } from './core/modal/views'
export type { OrielEvent, OrielEventName, OrielEventProperties } from './core/events/eventsStore'
export type { FrameState, FrameStatus } from './core/frame/client'
export type { AccountEntry, AccountStatus } from './core/account/accountStore'
export type { AccountType } from './codec/protocol.gen'

export {
  BaseError,
  ChainNotSupportedError,
  ConnectError,
  ConnectorNotFoundError,
  DisconnectError,
  InvalidCaip10AddressError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidChainIdError,
  NoAccountsError,
  SwitchChainError,
  EmailLoginThrottledError,
  EmbeddedWalletLoadError,
  InvalidEmailError,
  InvalidDefaultAccountTypeError,
  InvalidThemeModeError,
  InvalidThemeVariableError,
  NetworkNotFoundError,
  NoNetworksError,
  OrielProviderNotFoundError,
  ProjectIdNotConfiguredError,
  SiweSiwxConflictError,
  SocialLoginError,
  UnknownEventError,
  UnknownViewError,
  ConnectionDeclinedError,
  InvalidRelayUrlError,
  WalletConnectLoadError,
  InvalidWalletRequestError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletDisconnectedError,
  WalletRequestError,
  type InvalidWalletRequestErrorType,
  type UnsupportedMethodErrorType,
  type UserRejectedRequestErrorType,
  type WalletDisconnectedErrorType,
  type WalletRequestErrorType,
  type ConnectionDeclinedErrorType,
  type InvalidRelayUrlErrorType,
  type WalletConnectLoadErrorType,
  type BaseErrorParameters,
  type BaseErrorType,
  type ChainNotSupportedErrorType,
  type ConnectErrorType,
  type ConnectorNotFoundErrorType,
  type DisconnectErrorType,
  type InvalidCaip10AddressErrorType,
  type InvalidCaipAddressErrorType,
  type InvalidCaipNetworkIdErrorType,
  type InvalidChainIdErrorType,
  type NoAccountsErrorType,
  type SwitchChainErrorType,
  type EmailLoginThrottledErrorType,
  type EmbeddedWalletLoadErrorType,
  type InvalidEmailErrorType,
  type InvalidDefaultAccountTypeErrorType,
  type InvalidThemeModeErrorType,
  type InvalidThemeVariableErrorType,
  type NetworkNotFoundErrorType,
  type NoNetworksErrorType,
  type OrielProviderNotFoundErrorType,
  type ProjectIdNotConfiguredErrorType,
  type SiweSiwxConflictErrorType,
  type SocialLoginErrorType,
  type UnknownEventErrorType,
  type UnknownViewErrorType,
} from './core/errors/index'

// Actions: free functions over the client (`createOrielClient`), as in viem and wagmi.
export { connect, type ConnectActionErrorType, type ConnectParameters, type ConnectReturnType } from './core/actions/connect'
export {
  connectEmail,
  type ConnectEmailErrorType,
  type ConnectEmailParameters,
  type ConnectEmailReturnType,
} from './core/embedded/actions/connectEmail'
export {
  completeLogin,
  connectOtp,
  type CompleteLoginErrorType,
  type CompleteLoginReturnType,
  type ConnectOtpErrorType,
  type ConnectOtpParameters,
  type ConnectOtpReturnType,
} from './core/embedded/actions/connectOtp'
export {
  waitForDeviceApproval,
  type WaitForDeviceApprovalErrorType,
  type WaitForDeviceApprovalParameters,
  type WaitForDeviceApprovalReturnType,
} from './core/embedded/actions/waitForDeviceApproval'
export {
  connectSocial,
  type ConnectSocialErrorType,
  type ConnectSocialParameters,
  type ConnectSocialReturnType,
} from './core/actions/connectSocial'
export {
  connectFarcaster,
  type ConnectFarcasterErrorType,
  type ConnectFarcasterParameters,
  type ConnectFarcasterReturnType,
} from './core/farcaster/connectFarcaster'
export { getConnectedSocial, type ConnectedSocial } from './core/farcaster/social'
export {
  FarcasterAuthInitError,
  FarcasterLinkExpiredError,
  type FarcasterAuthInitErrorType,
  type FarcasterLinkExpiredErrorType,
} from './core/farcaster/errors'
export {
  connectWalletConnect,
  type ConnectWalletConnectErrorType,
  type ConnectWalletConnectReturnType,
} from './core/actions/connectWalletConnect'
export { disconnect, type DisconnectReturnType } from './core/actions/disconnect'
export {
  reconnect,
  type ReconnectErrorType,
  type ReconnectParameters,
  type ReconnectReturnType,
} from './core/actions/reconnect'
export {
  switchNetwork,
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
} from './core/actions/switchNetwork'
export {
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  type UpdateEmailErrorType,
  type UpdateEmailOtpErrorType,
  type UpdateEmailOtpParameters,
  type UpdateEmailParameters,
  type UpdateEmailPrimaryOtpReturnType,
  type UpdateEmailReturnType,
  type UpdateEmailSecondaryOtpReturnType,
} from './core/embedded/actions/updateEmail'
export {
  setPreferredAccountType,
  type SetPreferredAccountTypeErrorType,
  type SetPreferredAccountTypeParameters,
  type SetPreferredAccountTypeReturnType,
} from './core/embedded/actions/setPreferredAccountType'
export {
  getLoginNotKept,
  requestStorageAccess,
  type GetLoginNotKeptReturnType,
  type RequestStorageAccessErrorType,
  type RequestStorageAccessReturnType,
} from './core/embedded/actions/storageAccess'
export {
  getAccount,
  watchAccount,
  type GetAccountReturnType,
  type WatchAccountParameters,
  type WatchAccountReturnType,
} from './core/actions/getAccount'
export {
  getNetwork,
  watchNetwork,
  type GetNetworkReturnType,
  type WatchNetworkParameters,
  type WatchNetworkReturnType,
} from './core/actions/getNetwork'
export {
  getBalance,
  watchBalance,
  type GetBalanceReturnType,
  type WatchBalanceParameters,
  type WatchBalanceReturnType,
} from './core/actions/getBalance'
export {
  refreshBalance,
  type RefreshBalanceErrorType,
  type RefreshBalanceParameters,
  type RefreshBalanceReturnType,
} from './core/actions/refreshBalance'
export {
  getProvider,
  watchProvider,
  type GetNamespaceProviderReturnType,
  type GetProviderParameters,
  type GetProviderReturnType,
  type ProviderNamespace,
  type WatchNamespaceProviderParameters,
  type WatchProviderParameters,
  type WatchProviderReturnType,
} from './core/actions/getProvider'
export {
  getWalletInfo,
  watchWalletInfo,
  type GetWalletInfoReturnType,
  type WatchWalletInfoParameters,
  type WatchWalletInfoReturnType,
} from './core/actions/getWalletInfo'
export {
  getModal,
  watchModal,
  type GetModalReturnType,
  type WatchModalParameters,
  type WatchModalReturnType,
} from './core/actions/getModal'
export {
  closeModal,
  openModal,
  type CloseModalErrorType,
  type CloseModalParameters,
  type CloseModalReturnType,
  type OpenModalErrorType,
  type OpenModalParameters,
  type OpenModalReturnType,
} from './core/actions/openModal'
export {
  getTheme,
  setTheme,
  watchTheme,
  type GetThemeReturnType,
  type SetThemeErrorType,
  type SetThemeParameters,
  type SetThemeReturnType,
  type WatchThemeParameters,
  type WatchThemeReturnType,
} from './core/actions/getTheme'
export {
  getEmbeddedWalletStatus,
  watchEmbeddedWalletStatus,
  type GetEmbeddedWalletStatusReturnType,
  type WatchEmbeddedWalletStatusParameters,
  type WatchEmbeddedWalletStatusReturnType,
} from './core/actions/getEmbeddedWalletStatus'
export {
  getLastEvent,
  watchEvents,
  type GetLastEventReturnType,
  type WatchEventsParameters,
  type WatchEventsReturnType,
} from './core/actions/watchEvents'
export type { WatchParameters, WatchReturnType } from './core/actions/cache'
export type { EmbeddedConnector } from './core/embedded/connector'
export type { ReconnectParameters as ConnectorReconnectParameters } from './core/connectors/types'

export { OrielProvider, createOrielClient, type OrielProviderProps } from './react/OrielProvider'
export type { OrielClient } from './core/client/createClient'
export { ProviderRpcError, type EmbeddedProvider } from './core/embedded/provider'
export { ConnectButton, type ConnectButtonProps } from './react/ConnectButton'
export { OrielWidget, type OrielWidgetProps } from './react/OrielWidget'
export { useOrielModal, type UseOrielModalReturnType } from './react/hooks/useOrielModal'
export { useAccount, type UseAccountReturnType } from './react/hooks/useAccount'
export { useNetwork, type UseNetworkReturnType } from './react/hooks/useNetwork'
export { useBalance, type UseBalanceReturnType } from './react/hooks/useBalance'
export { useProvider, type UseProviderParameters, type UseProviderReturnType } from './react/hooks/useProvider'
export { useDisconnect, type UseDisconnectReturnType } from './react/hooks/useDisconnect'
export { useWalletInfo, type UseWalletInfoReturnType, type WalletInfo } from './react/hooks/useWalletInfo'
export { useOrielTheme, type UseOrielThemeReturnType } from './react/hooks/useOrielTheme'
export {
  useOrielEvents,
  type UseOrielEventsParameters,
  type UseOrielEventsReturnType,
} from './react/hooks/useOrielEvents'
export {
  useEmbeddedWalletStatus,
  type UseEmbeddedWalletStatusReturnType,
} from './react/hooks/useEmbeddedWalletStatus'
