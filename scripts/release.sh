#!/usr/bin/env bash
# Builds what an operator deploys (docs/deploy.md): one file, dist/release/oriel-frame-host, the
# release build of frame-host for Linux x86_64 with the frame (wasm, JS glue, CSS, boot script,
# manifest.json and their .br/.gz copies) compiled in by the `embed-frame` feature, stripped.
# Prints its size, its SHA-256, the frame manifest's hash (`--version` prints it too) and each
# frame file's hash; dist/release/SHA256SUMS keeps them.
#
# aarch64 (arm64 servers): cross-compile with Debian's cross linker, then strip with its strip:
#   rustup target add aarch64-unknown-linux-gnu
#   apt-get install gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu
#   ORIEL_RELEASE_TARGET=aarch64-unknown-linux-gnu \
#   CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
#   STRIP=aarch64-linux-gnu-strip bash scripts/release.sh
# (the frame is wasm, the same for every target; nothing else links C code but the libc.)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$HOME/.cache/oriel/target}"
export CARGO_TARGET_DIR
target="${ORIEL_RELEASE_TARGET:-}"
strip="${STRIP:-strip}"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if [ -z "$target" ] && [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "release: this machine is $(uname -sm); set ORIEL_RELEASE_TARGET (see the top of $0)" >&2
  exit 1
fi

step "the frame (scripts/build-wasm.sh)"
bash scripts/build-wasm.sh

step "frame-host, release, frame embedded${target:+, $target}"
# The host build (no --target) shares its dependencies with `cargo build --release`.
cargo build --release --locked -p oriel-frame-host --features embed-frame ${target:+--target "$target"}
built="$CARGO_TARGET_DIR/${target:+$target/}release/oriel-frame-host"

mkdir -p dist/release
out=dist/release/oriel-frame-host
"$strip" -o "$out" "$built"

step "dist/release"
if [ -z "$target" ]; then
  "$out" --version
fi
manifest_sha=$(sha256sum dist/frame/manifest.json | cut -d' ' -f1)
(
  cd dist/release
  sha256sum oriel-frame-host
  cd ../frame
  sha256sum manifest.json $(node -e "const m = require('./manifest.json'); \
    console.log(Object.values(m).join(' '))")
) > dist/release/SHA256SUMS.tmp
mv dist/release/SHA256SUMS.tmp dist/release/SHA256SUMS
size=$(stat -c %s "$out")
echo "binary: $out, $size bytes ($(( (size + 524288) / 1048576 )) MiB), stripped"
echo "frame manifest sha256: $manifest_sha"
echo "sha256 (dist/release/SHA256SUMS; frame files as embedded, named as in dist/frame):"
sed 's/^/  /' dist/release/SHA256SUMS
