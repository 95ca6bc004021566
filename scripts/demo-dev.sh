#!/usr/bin/env bash
# `make demo-dev`: the hot-reload loop for working on the SDK or the demo. Like `make demo`, but
# the dapp and the demo wallet run as Vite dev servers, each with its own dependency-optimizer
# cache (see their vite configs), so neither invalidates the other's. Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"

cargo build --quiet -p oriel-frame-host

pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup INT TERM EXIT

# Social login at the local identity provider (port 8700): frame-host's [social.*] tables for it.
mkdir -p .data
node --input-type=module -e "import { frameHostSocialToml } from './e2e/support/oidc.mjs'; \
  process.stdout.write(frameHostSocialToml('http://127.0.0.1:8700') + '\n')" > .data/social.toml
node e2e/support/oidc.mjs --port 8700 --frame-host http://127.0.0.1:8787 &
pids+=($!)
ORIEL_LISTEN=127.0.0.1:8787 ORIEL_FRAME_DIR=dist/frame ORIEL_DATA_DIR=.data ORIEL_CONFIG=.data/social.toml \
  "$CARGO_TARGET_DIR/debug/oriel-frame-host" &
pids+=($!)
node e2e/support/relay.mjs --port 8600 &
pids+=($!)
node e2e/support/devnet.mjs 8545 .data/devnet-contracts.json &
pids+=($!)
VITE_ORIEL_FRAME_HOST=http://127.0.0.1:8787 VITE_ORIEL_WC_RELAY=ws://127.0.0.1:8600 \
  VITE_ORIEL_DEVNET_RPC=http://127.0.0.1:8545 node node_modules/vite/bin/vite.js demo --clearScreen false &
pids+=($!)
VITE_ORIEL_WC_RELAY=ws://127.0.0.1:8600 node node_modules/vite/bin/vite.js --config demo/wallet/vite.config.ts --clearScreen false &
pids+=($!)
wait -n "${pids[@]}"
