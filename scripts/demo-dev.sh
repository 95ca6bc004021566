#!/usr/bin/env bash
# `make demo-dev`: the hot-reload loop for working on the SDK or the demo. The same setup as
# `make demo` (scripts/demo.mjs), but the dapp, the demo wallet and the demo Farcaster client run
# as Vite dev servers from their sources, each with its own dependency-optimizer cache (see their
# vite configs), so none invalidates another's. Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet -p oriel-frame-host
exec node scripts/demo.mjs --dev
