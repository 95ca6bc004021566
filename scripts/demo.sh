#!/usr/bin/env bash
# Runs the demo: frame-host (origin B, with the frame) and the demo dapp (origin A).
# Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"

FRAME_HOST=127.0.0.1:8787
DAPP_ORIGIN=http://localhost:5173

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

VITE_ORIEL_FRAME_HOST=http://$FRAME_HOST npx vite demo --clearScreen false &
pids+=($!)

for _ in $(seq 1 100); do
  curl -fsS "http://$FRAME_HOST/healthz" >/dev/null 2>&1 && curl -fsS "$DAPP_ORIGIN" >/dev/null 2>&1 && break
  sleep 0.2
done
cat <<MSG

  Oriel demo is running.
    demo dapp (origin A):   $DAPP_ORIGIN
    frame-host (origin B):  http://$FRAME_HOST   (frame: http://$FRAME_HOST/frame?projectId=demo)
  Press Ctrl-C to stop.

MSG
wait -n "${pids[@]}"
