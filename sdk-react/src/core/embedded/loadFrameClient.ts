/** The frame client module, loaded on demand so it stays out of the initial chunk. */
export type FrameClientModule = typeof import('../frame/client')

/** Loads `core/frame/client` with a dynamic import (a separate chunk in dapp builds). */
export function loadFrameClient(): Promise<FrameClientModule> {
  return import('../frame/client')
}
