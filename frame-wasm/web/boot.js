// Starts the Oriel frame: instantiates the wasm module, whose start function does the rest.
// This and the generated glue are the only scripts the frame page runs (CSP: script-src 'self').
import init from './oriel_frame.js'

init({ module_or_path: new URL('./oriel_frame_bg.wasm', import.meta.url) }).catch((error) => {
  console.error('oriel frame: the wasm module failed to start', error)
})
