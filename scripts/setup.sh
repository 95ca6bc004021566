#!/usr/bin/env bash
# Installs what building and testing Oriel needs, skipping whatever is already in place:
# npm packages from the lockfile, the wasm32 target, the pinned wasm-bindgen CLI, and with
# --browser, Chromium from Debian for the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.100 # must equal the `wasm-bindgen = "=..."` pin in Cargo.toml

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  step "wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  step "chromium from Debian (for the browser tests)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi
