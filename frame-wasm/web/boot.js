// Starts the Oriel frame. The wasm is compiled while the JS glue loads (the page preloads both),
// then instantiated; its start function does the rest (reads the config, announces the frame to
// its parent). This and the generated glue are the only scripts the frame page runs (CSP:
// script-src 'self' 'wasm-unsafe-eval'). frame-host serves the wasm as application/wasm, which
// streaming compilation needs.
// The marks are read by `make bench` (scripts/bench.mjs) to say where the frame's time goes.
performance.mark('oriel:boot')
// The page preloads its stylesheet rather than linking it, so that it never holds this script back.
for (const link of document.querySelectorAll('link[rel="preload"][as="style"]')) link.rel = 'stylesheet'
const compiled = WebAssembly.compileStreaming(fetch(new URL('./oriel_frame_bg.wasm', import.meta.url))).then(
  (module) => {
    performance.mark('oriel:wasm-compiled')
    return module
  },
)
Promise.all([import('./oriel_frame.js'), compiled])
  .then(([glue, module]) => glue.default({ module_or_path: module }))
  .then(() => performance.mark('oriel:wasm-started'))
  .catch((error) => {
    console.error('oriel frame: the wasm module failed to start', error)
  })
