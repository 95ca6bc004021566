#!/usr/bin/env bash
# Builds the two wasm modules with the size-first `wasm-release` profile:
#   the frame        -> dist/frame/ (served by frame-host under /frame/assets/)
#   the host codec   -> sdk-react/src/codec/wasm/ (loaded lazily by @oriel/react)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
out="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release"

# The crates are plain rlibs in Cargo.toml (a cdylib there gets an unhashed file name, which
# builds with other features then overwrite); ask for the cdylib only here.
wasm() { cargo rustc --quiet --lib --target wasm32-unknown-unknown --profile wasm-release --crate-type cdylib "$@"; }
wasm -p oriel-frame
wasm -p oriel-protocol --features codec-wasm

rm -rf dist/frame sdk-react/src/codec/wasm
mkdir -p dist/frame
wasm-bindgen --target web --no-typescript --out-dir dist/frame "$out/oriel_frame.wasm"
cp frame-wasm/web/boot.js frame-wasm/web/frame.css dist/frame/
wasm-bindgen --target web --out-dir sdk-react/src/codec/wasm "$out/oriel_protocol.wasm"
echo "wasm: dist/frame/oriel_frame_bg.wasm $(wc -c < dist/frame/oriel_frame_bg.wasm) bytes," \
  "codec $(wc -c < sdk-react/src/codec/wasm/oriel_protocol_bg.wasm) bytes"
