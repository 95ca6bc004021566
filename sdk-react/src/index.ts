// @oriel/react: the public API. A change here is a visible diff in `index.test.ts`.

export {
  createConfig,
  type Config,
  type CreateConfigErrorType,
  type CreateConfigParameters,
  type CreateConfigReturnType,
  type Metadata,
  type SIWXConfig,
  type SiweConfig,
} from './core/config/createConfig'
export type { ConnectMethod, Features, SocialProvider } from './core/config/features'
export type { ThemeMode, ThemeVariables } from './core/config/theme'
export {
  base,
  bitcoin,
  bitcoinTestnet,
  ethereum,
  localDevnet,
  polygon,
  solana,
  solanaDevnet,
  solanaTestnet,
  type CaipNetworkId,
  type ChainNamespace,
  type Network,
} from './core/networks'
export { isValidEmail, type IsValidEmailParameters, type IsValidEmailReturnType } from './core/validation/email'
export type { CloseModalOptions, OpenModalOptions } from './core/modal/modalStore'
export type { RouterData, ViewName } from './core/modal/views'
export type { FrameState, FrameStatus } from './core/frame/client'
export type { AccountStatus } from './core/account/accountStore'

export {
  BaseError,
  EmailLoginThrottledError,
  EmbeddedWalletLoadError,
  InvalidEmailError,
  InvalidThemeModeError,
  NetworkNotFoundError,
  NoNetworksError,
  OrielProviderNotFoundError,
  ProjectIdNotConfiguredError,
  SiweSiwxConflictError,
  SocialLoginUnavailableError,
  type BaseErrorParameters,
  type BaseErrorType,
  type EmailLoginThrottledErrorType,
  type EmbeddedWalletLoadErrorType,
  type InvalidEmailErrorType,
  type InvalidThemeModeErrorType,
  type NetworkNotFoundErrorType,
  type NoNetworksErrorType,
  type OrielProviderNotFoundErrorType,
  type ProjectIdNotConfiguredErrorType,
  type SiweSiwxConflictErrorType,
  type SocialLoginUnavailableErrorType,
} from './core/errors/index'

export { OrielProvider, type OrielProviderProps } from './react/OrielProvider'
export { ConnectButton, type ConnectButtonProps } from './react/ConnectButton'
export { OrielWidget, type OrielWidgetProps } from './react/OrielWidget'
export { useOrielModal, type UseOrielModalReturnType } from './react/hooks/useOrielModal'
export { useAccount, type UseAccountReturnType } from './react/hooks/useAccount'
export {
  useEmbeddedWalletStatus,
  type UseEmbeddedWalletStatusReturnType,
} from './react/hooks/useEmbeddedWalletStatus'
