#!/usr/bin/env bash
# `make demo`: frame-host (origin B, with the frame), production builds of the demo dapp
# (origin A) and the demo wallet (origin C), a local EVM devnet (hardhat node, chain 31337) and a
# loopback WalletConnect relay. Ctrl-C stops them all. The work is in scripts/demo.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet -p oriel-frame-host
exec node scripts/demo.mjs
