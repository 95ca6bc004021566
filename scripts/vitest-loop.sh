#!/usr/bin/env bash
# Runs the whole vitest workspace N times in a row (default 10) and stops at the first failure:
# the check that the suite is not flaky. Not part of CI. Needs what `make test` builds first
# (the wasm modules and the frame-host binary).
#   bash scripts/vitest-loop.sh [N]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
log_dir=$(mktemp -d)
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if npx vitest run --workspace vite.workspace.ts >"$log_dir/run-$i.log" 2>&1; then
    status=passed
  else
    status=FAILED
  fi
  summary=$(grep -E '^ +Tests ' "$log_dir/run-$i.log" | tail -1 | sed 's/^ *//')
  echo "run $i/$runs: $status in $(($(date +%s) - start)) s ($summary)"
  if [ "$status" = FAILED ]; then
    echo "log: $log_dir/run-$i.log"
    exit 1
  fi
done
echo "all $runs runs passed; logs in $log_dir"
