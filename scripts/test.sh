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

step "TypeScript type checks"
npm run --silent typecheck

step "biome lint (TypeScript)"
npx biome lint --error-on-warnings

# The unit projects and the browser tests run one after the other, not side by side: on two
# cores, jsdom workers beside Chromium, frame-host, hardhat and the identity provider starve
# both, and each side's waits (Testing Library's, Playwright's) would measure the other's load.
step "vitest: codec, SDK, SSR, support, fixtures and devnet contracts"
npx vitest run --workspace vite.workspace.ts \
  --project codec --project sdk --project sdk-node --project e2e-support --project fixtures --project devnet

step "vitest: browser end-to-end (Chromium)"
npx vitest run --workspace vite.workspace.ts --project e2e

step "@oriel/react as an npm package: build, pack, install into a Vite and a Next.js app, Chromium"
npm run --silent build -w @oriel/react
node scripts/package-test.mjs
