#!/usr/bin/env bash
# Everything CI runs (.ci/run calls `make test`, which calls this).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

bash scripts/setup.sh --browser

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (native and wasm32)"
cargo clippy --quiet --workspace --all-targets -- -D warnings
cargo clippy --quiet -p oriel-frame -p oriel-signer -p oriel-rpc -p oriel-protocol \
  --target wasm32-unknown-unknown -- -D warnings

step "cargo test (includes the bounded decode fuzzing and the golden vectors)"
cargo test --workspace

step "wasm32 build"
bash scripts/build-wasm.sh

step "frame-host binary for the browser tests"
cargo build --quiet -p oriel-frame-host

step "deploy/nginx/oriel.conf: frame-host in production mode behind nginx (scripts/deploy-check.sh)"
# The debug build serving dist/frame; `make deploy-check` runs the release binary, frame embedded.
ORIEL_FRAME_DIR="$PWD/dist/frame" bash scripts/deploy-check.sh "${CARGO_TARGET_DIR:-target}/debug/oriel-frame-host"

step "TypeScript type checks"
npm run --silent typecheck

step "biome lint (TypeScript)"
npx biome lint --error-on-warnings

# The unit projects and the browser tests run one after the other, not side by side: on two
# cores, jsdom workers beside Chromium, frame-host, hardhat and the identity provider starve
# both, and each side's waits (Testing Library's, Playwright's) would measure the other's load.
step "vitest: codec, SDK, SSR, the stack, fixtures and devnet contracts"
npx vitest run --workspace vite.workspace.ts \
  --project codec --project sdk --project sdk-node --project stack --project fixtures --project devnet

step "vitest: browser end-to-end (Chromium)"
npx vitest run --workspace vite.workspace.ts --project e2e

step "@oriel/react as an npm package: build, pack, install into a Vite and a Next.js app, Chromium"
node scripts/package-test.mjs

# The slow targets the READMEs name, each run quickly so none of them rots.
step "make demo: started once, every service answers on its origin, the dapp renders, Ctrl-C stops it"
node scripts/demo-restarts.mjs 1

step "make demo-dev: the same with the Vite dev servers"
node scripts/demo-restarts.mjs 1 --dev

step "make screenshots, two views (Connect and an approval), dark theme, desktop"
ORIEL_SCREENSHOTS_VIEWS=Connect,ApproveTransaction make --no-print-directory screenshots

step "make bench SMOKE=1: each figure measured once, debug build"
make --no-print-directory bench SMOKE=1
