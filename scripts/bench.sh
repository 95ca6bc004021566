#!/usr/bin/env bash
# `make bench`: what a dapp ships and how fast the frame gets ready (scripts/bench.mjs, against
# frame-host's release build), the Blockchain API's latency and the indexer's throughput on the
# devnet (scripts/bench-api.mjs), and logins and session refreshes per second under load on
# SQLite and PostgreSQL (scripts/bench-login.mjs, release build).
#
# `make bench SMOKE=1` (--smoke) measures each figure once, quickly, on the debug build, and keeps
# no figures: CI runs it (scripts/test.sh) so the benches keep working.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=()
profile=release
if [ "${1:-}" = "--smoke" ]; then
  smoke=(--smoke)
  profile=debug
fi

cargo build --quiet -p oriel-frame-host
if [ "$profile" = release ]; then cargo build --quiet --release -p oriel-frame-host; fi
bash scripts/setup.sh --browser
ORIEL_FRAME_HOST_PROFILE=$profile node scripts/bench.mjs "${smoke[@]}"
node scripts/bench-api.mjs "${smoke[@]}"
ORIEL_FRAME_HOST_PROFILE=$profile node scripts/bench-login.mjs "${smoke[@]}"
