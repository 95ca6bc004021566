# Oriel's entry points. Every target installs what it needs first (see scripts/setup.sh).
#   make demo   frame-host, the devnet and production builds of the demo dapp and wallet (Ctrl-C stops)
#   make demo-dev  the same with Vite dev servers (hot reload) for the dapp, the wallet and the Farcaster client
#   make test   everything CI runs
#   make release  the binary an operator deploys, frame embedded, into dist/release (docs/deploy.md)
#   make deploy-check  that binary in production mode behind nginx with deploy/nginx/oriel.conf
#   make screenshots  every reachable view in both themes, desktop and phone, into dist/screenshots
#               (ORIEL_SCREENSHOTS_VIEWS=Connect,… takes only those, in one theme and size)
#   make bench  sizes and frame-ready time, measured in Chromium; the Blockchain API's latency and
#               the indexer's throughput on the devnet; logins and session refreshes per
#               second under load (release build, SQLite and PostgreSQL); SMOKE=1 measures
#               each once, quickly, on the debug build (CI runs that)

# Cargo's build directory lives outside the clone so fresh clones (and CI) reuse it.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/oriel/target

.PHONY: setup wasm demo demo-dev test bench screenshots release deploy-check

setup:
	bash scripts/setup.sh

wasm: setup
	bash scripts/build-wasm.sh

demo: wasm
	bash scripts/demo.sh

demo-dev: wasm
	bash scripts/demo-dev.sh

test:
	bash scripts/test.sh

release: setup
	bash scripts/release.sh

deploy-check: release
	bash scripts/deploy-check.sh

bench: wasm
	bash scripts/bench.sh $(if $(SMOKE),--smoke)

screenshots: wasm
	cargo build --quiet -p oriel-frame-host
	bash scripts/setup.sh --browser
	node scripts/screenshots.mjs
