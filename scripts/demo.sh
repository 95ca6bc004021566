#!/usr/bin/env bash
# Runs the demo: frame-host (origin B, with the frame), the demo dapp (origin A), a local EVM
# devnet (hardhat node, chain 31337), a loopback WalletConnect relay and the demo wallet
# (origin C) to pair with. Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"

FRAME_HOST=127.0.0.1:8787
DAPP_ORIGIN=http://localhost:5173
RELAY_PORT=8600
WALLET_ORIGIN=http://127.0.0.1:5174
export VITE_ORIEL_WC_RELAY=ws://127.0.0.1:$RELAY_PORT
DEVNET=127.0.0.1:8545

cargo build --quiet -p oriel-frame-host

pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup INT TERM EXIT

ORIEL_LISTEN=$FRAME_HOST ORIEL_FRAME_DIR=dist/frame ORIEL_DATA_DIR=.data \
  "$CARGO_TARGET_DIR/debug/oriel-frame-host" &
pids+=($!)

node e2e/support/relay.mjs --port "$RELAY_PORT" &
pids+=($!)

node e2e/support/devnet.mjs "${DEVNET#*:}" &
pids+=($!)

VITE_ORIEL_FRAME_HOST=http://$FRAME_HOST VITE_ORIEL_DEVNET_RPC=http://$DEVNET npx vite demo --clearScreen false &
pids+=($!)

npx vite --config demo/wallet/vite.config.ts --clearScreen false &
pids+=($!)

for _ in $(seq 1 100); do
  curl -fsS "http://$FRAME_HOST/healthz" >/dev/null 2>&1 && curl -fsS "$DAPP_ORIGIN" >/dev/null 2>&1 &&
    curl -fsS "$WALLET_ORIGIN" >/dev/null 2>&1 &&
    curl -fsS -H 'content-type: application/json' \
      -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' "http://$DEVNET" >/dev/null 2>&1 && break
  sleep 0.2
done
cat <<MSG

  Oriel demo is running.
    demo dapp (origin A):   $DAPP_ORIGIN
    frame-host (origin B):  http://$FRAME_HOST   (frame: http://$FRAME_HOST/frame?projectId=demo)
    devnet (chain 31337):   http://$DEVNET   (hardhat node; the well-known test accounts are funded)
    demo wallet (origin C): $WALLET_ORIGIN   (WalletConnect: "Copy link" in the dapp, paste it here)
    WalletConnect relay:    $VITE_ORIEL_WC_RELAY
  Press Ctrl-C to stop.

MSG
wait -n "${pids[@]}"
