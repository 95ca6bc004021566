export { BaseError, getErrorMessage, type BaseErrorParameters, type BaseErrorType } from './base'
export {
  InvalidThemeModeError,
  NetworkNotFoundError,
  NoNetworksError,
  ProjectIdNotConfiguredError,
  SiweSiwxConflictError,
  type InvalidThemeModeErrorType,
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
  SocialLoginUnavailableError,
  type DisconnectErrorType,
  type EmailLoginThrottledErrorType,
  type EmbeddedWalletLoadErrorType,
  type InvalidEmailErrorType,
  type SocialLoginUnavailableErrorType,
} from './auth'
