import { createCodec, type Codec } from './codec'

let loading: Promise<Codec> | undefined

/**
 * Loads the codec's wasm once, on first use (a separate chunk and asset in dapp builds).
 *
 * @example
 * const codec = await loadCodec()
 */
export function loadCodec(): Promise<Codec> {
  loading ??= import('./wasm/oriel_protocol.js').then(async (bindings) => {
    await bindings.default()
    return createCodec(bindings)
  })
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
