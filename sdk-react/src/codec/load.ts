import { createCodec, type Codec } from './codec'
import * as bindings from './wasm/oriel_protocol.js'

let loading: Promise<Codec> | undefined

/**
 * Instantiates the codec's wasm once, on first use. This module is only reached through the
 * lazily loaded frame client, so neither the glue nor the wasm is in a dapp's initial chunk;
 * importing the glue statically lets the wasm fetch start as soon as that chunk runs.
 *
 * @example
 * const codec = await loadCodec()
 */
export function loadCodec(): Promise<Codec> {
  loading ??= bindings.default().then(() => createCodec(bindings))
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
