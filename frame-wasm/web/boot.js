// Starts the Oriel frame. frame-host writes this script into the frame page as an inline module,
// allowed by its SHA-256 in the page's CSP, so it runs as soon as the page is parsed: the wasm
// (preloaded by the page) then compiles while it downloads and the JS glue loads, and is
// instantiated once both are in; its start function does the rest (reads the config, announces
// the frame to its parent). This and the generated glue are the only scripts the frame page
// runs (CSP: script-src 'self' 'wasm-unsafe-eval' and this script's hash). frame-host serves the
// wasm as application/wasm, which streaming compilation needs. scripts/build-wasm.sh replaces the
// two file names below with the built files' paths under /frame/assets/.
// The marks are read by `make bench` (scripts/bench.mjs) to say where the frame's time goes.
performance.mark('oriel:boot')
// The page preloads its stylesheet rather than linking it, so that it never holds this script back.
for (const link of document.querySelectorAll('link[rel="preload"][as="style"]')) link.rel = 'stylesheet'
const compiled = WebAssembly.compileStreaming(fetch('./oriel_frame_bg.wasm')).then((module) => {
  performance.mark('oriel:wasm-compiled')
  return module
})
Promise.all([import('./oriel_frame.js'), compiled])
  .then(([glue, module]) => glue.default({ module_or_path: module }))
  .then(() => performance.mark('oriel:wasm-started'))
  .catch((error) => {
    console.error('oriel frame: the wasm module failed to start', error)
  })
