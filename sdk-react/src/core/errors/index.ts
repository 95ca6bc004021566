export { BaseError, getErrorMessage, type BaseErrorParameters, type BaseErrorType } from './base'
export {
  InvalidDefaultAccountTypeError,
  InvalidThemeModeError,
  InvalidThemeVariableError,
  NetworkNotFoundError,
  NoNetworksError,
  ProjectIdNotConfiguredError,
  SiweSiwxConflictError,
  type InvalidDefaultAccountTypeErrorType,
  type InvalidThemeModeErrorType,
  type InvalidThemeVariableErrorType,
  type NetworkNotFoundErrorType,
  type NoNetworksErrorType,
  type ProjectIdNotConfiguredErrorType,
  type SiweSiwxConflictErrorType,
} from './config'
export { OrielProviderNotFoundError, type OrielProviderNotFoundErrorType } from './provider'
export {
  DisconnectError,
  EmailLoginThrottledError,
  EmbeddedWalletLoadError,
  InvalidEmailError,
  type DisconnectErrorType,
  type EmailLoginThrottledErrorType,
  type EmbeddedWalletLoadErrorType,
  type InvalidEmailErrorType,
} from './auth'
export { SocialLoginError, type SocialLoginErrorType } from './social'
export {
  ChainNotSupportedError,
  ConnectError,
  ConnectorNotFoundError,
  NoAccountsError,
  SwitchChainError,
  type ChainNotSupportedErrorType,
  type ConnectErrorType,
  type ConnectorNotFoundErrorType,
  type NoAccountsErrorType,
  type SwitchChainErrorType,
} from './connection'
export {
  InvalidCaip10AddressError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidChainIdError,
  type InvalidCaip10AddressErrorType,
  type InvalidCaipAddressErrorType,
  type InvalidCaipNetworkIdErrorType,
  type InvalidChainIdErrorType,
} from './caip'
export { UnknownEventError, UnknownViewError, type UnknownEventErrorType, type UnknownViewErrorType } from './modal'
export {
  ConnectionDeclinedError,
  InvalidRelayUrlError,
  NoSessionAccountsError,
  PairingCancelledError,
  WalletConnectLoadError,
  type ConnectionDeclinedErrorType,
  type InvalidRelayUrlErrorType,
  type NoSessionAccountsErrorType,
  type PairingCancelledErrorType,
  type WalletConnectLoadErrorType,
} from './walletconnect'
export {
  ERROR_FETCHING_NAME_SUGGESTIONS,
  ERROR_FETCHING_NAMES_FOR_ADDRESS,
  ERROR_RESOLVING_NAME,
  InvalidNameError,
  NameSuggestionsError,
  NamesForAddressError,
  NamesNotSupportedError,
  RegisterNameError,
  ResolveNameError,
  errorRegisteringName,
  type InvalidNameErrorType,
  type NameSuggestionsErrorType,
  type NamesForAddressErrorType,
  type NamesNotSupportedErrorType,
  type RegisterNameErrorType,
  type ResolveNameErrorType,
} from './names'
export {
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
} from './wallet'
