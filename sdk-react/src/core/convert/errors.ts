import { FrameHostError, type FrameHostService } from '../frameHost/errors'

/** Spec §8: the network has no exchange (frame-host's 400 for a network that is not a swap network). */
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'
/** Spec §8: frame-host reads no gas price for the network. */
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price'

/** The convert API: its failures' words, and the refusals whose words the Swap view shows (400, 429). */
export const CONVERT_SERVICE: FrameHostService = {
  name: 'convert',
  unreachable: 'Could not reach the swap service',
  invalid: 'Invalid answer from the swap service',
  explains: (status) => status === 400 || status === 429,
}

export type SwapsNotSupportedErrorType = SwapsNotSupportedError & { name: 'SwapsNotSupportedError' }
/** The network has no exchange to swap on (spec §8: 'Network not supported for Swaps'). */
export class SwapsNotSupportedError extends FrameHostError {
  override name = 'SwapsNotSupportedError'
  constructor({ network, status }: { network: string; status?: number | undefined }) {
    super(SWAPS_NOT_SUPPORTED, { service: CONVERT_SERVICE, status, details: `No exchange on ${network}.` })
  }
}

export type GasPriceNotSupportedErrorType = GasPriceNotSupportedError & { name: 'GasPriceNotSupportedError' }
/** frame-host has no RPC endpoint for the network (spec §8: 'Network not supported for Gas Price'). */
export class GasPriceNotSupportedError extends FrameHostError {
  override name = 'GasPriceNotSupportedError'
  constructor({ network, status }: { network: string; status?: number | undefined }) {
    super(GAS_PRICE_NOT_SUPPORTED, { service: CONVERT_SERVICE, status, details: `No gas price for ${network}.` })
  }
}
