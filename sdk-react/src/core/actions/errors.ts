import type { EmbeddedWalletLoadErrorType } from '../errors/auth'
import type { BaseErrorType } from '../errors/base'
import type {
  FrameClosedErrorType,
  FrameReadyTimeoutErrorType,
  FrameRequestErrorType,
  FrameRequestTimeoutErrorType,
} from '../frame/errors'

/** What a call to the embedded wallet's frame can fail with: it did not load, answered an error, timed out or closed. */
export type EmbeddedWalletErrorType =
  | EmbeddedWalletLoadErrorType
  | FrameRequestErrorType
  | FrameRequestTimeoutErrorType
  | FrameReadyTimeoutErrorType
  | FrameClosedErrorType
  | BaseErrorType
