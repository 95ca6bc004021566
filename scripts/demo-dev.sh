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
node e2e/support/relay.mjs --port 8600 &
pids+=($!)
node e2e/support/devnet.mjs 8545 .data/devnet-contracts.json &
pids+=($!)
# The local Solana cluster (litesvm) frame-host's defaults name.
node devnet/solana/server.mjs --port 8899 &
pids+=($!)
# The sandbox card on-ramp (port 5177) once the devnet's contracts are deployed; frame-host reads
# its [[onramp_providers]] entry beside the social tables.
for _ in $(seq 1 600); do
  [ -s .data/devnet-contracts.json ] && [ .data/devnet-contracts.json -nt .data/social.toml ] && break
  sleep 0.1
done
node e2e/support/onrampSandbox.mjs --port 5177 --devnet http://127.0.0.1:8545 \
  --contracts .data/devnet-contracts.json --toml .data/onramp.toml &
pids+=($!)
for _ in $(seq 1 600); do [ -s .data/onramp.toml ] && [ .data/onramp.toml -nt .data/social.toml ] && break; sleep 0.1; done
cat .data/social.toml .data/onramp.toml > .data/frame-host.toml
ORIEL_LISTEN=127.0.0.1:8787 ORIEL_FRAME_DIR=dist/frame ORIEL_DATA_DIR=.data ORIEL_CONFIG=.data/frame-host.toml \
  "$CARGO_TARGET_DIR/debug/oriel-frame-host" &
pids+=($!)
VITE_ORIEL_FRAME_HOST=http://127.0.0.1:8787 VITE_ORIEL_WC_RELAY=ws://127.0.0.1:8600 \
  VITE_ORIEL_DEVNET_RPC=http://127.0.0.1:8545 node node_modules/vite/bin/vite.js demo --clearScreen false &
pids+=($!)
VITE_ORIEL_WC_RELAY=ws://127.0.0.1:8600 node node_modules/vite/bin/vite.js --config demo/wallet/vite.config.ts --clearScreen false &
pids+=($!)
wait -n "${pids[@]}"
