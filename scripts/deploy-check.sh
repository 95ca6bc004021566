#!/usr/bin/env bash
# Checks what docs/deploy.md ships, for real: frame-host in production mode behind Debian's
# nginx running deploy/nginx/oriel.conf (its ports, certificate and log paths swapped for local
# ones; TLS with a throwaway self-signed certificate), then through nginx:
#   - plain HTTP redirects to https; /healthz and /readyz answer 200 (readyz: the frame is ok);
#   - HSTS comes once, from frame-host; /metrics is not public but answers on metrics_listen;
#   - the frame page's CSP hash matches its inline boot script, and each file it names is
#     served (brotli and plain) with an immutable cache, its content matching its hashed name;
#   - X-Forwarded-For reaches frame-host as the client's address: the per-IP analytics limit
#     counts each client (curl bound to 127.0.0.2 or 127.0.0.3) apart, and a client's own
#     X-Forwarded-For does not get it around the limit;
#   - the guide's SQLite backups (`.backup`, `VACUUM INTO`) of the live database hold its rows;
#   - where a PostgreSQL answers (ORIEL_TEST_POSTGRES_URL), an instance on a fresh database of
#     it is ready and pg_dump archives it.
# Usage: scripts/deploy-check.sh [BINARY]. BINARY defaults to dist/release/oriel-frame-host
# (scripts/release.sh), which must serve its embedded frame: no frame_dir is set. Without it,
# the debug build serves dist/frame (ORIEL_FRAME_DIR), built first when missing; ORIEL_FRAME_DIR
# set makes any binary serve that directory.
# Installs nginx and sqlite3 from Debian when they are not there. Ports: 18480 (http), 18443
# (https), 18481 (frame-host), 18482 (metrics), plus ORIEL_PORT_OFFSET.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$HOME/.cache/oriel/target}"
export CARGO_TARGET_DIR
started=$(date +%s)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
fail() { echo "deploy-check: $*" >&2; exit 1; }

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  step "nginx from Debian"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends nginx
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
if ! command -v sqlite3 >/dev/null; then
  step "sqlite3 from Debian (the backup commands)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends sqlite3
fi

binary="${1:-dist/release/oriel-frame-host}"
# Set, frame-host serves this directory instead of an embedded frame.
frame_dir="${ORIEL_FRAME_DIR:-}"
if [ ! -x "$binary" ]; then
  [ $# -eq 0 ] || fail "$binary: not an executable"
  step "no release binary: the debug build, serving dist/frame"
  [ -f dist/frame/manifest.json ] || bash scripts/build-wasm.sh
  cargo build --quiet -p oriel-frame-host
  binary="$CARGO_TARGET_DIR/debug/oriel-frame-host"
  frame_dir="$PWD/dist/frame"
fi
"$binary" --version
if [ -z "$frame_dir" ] && [[ "$("$binary" --version)" == *"not embedded"* ]]; then
  fail "$binary has no embedded frame (build it with scripts/release.sh)"
fi

offset="${ORIEL_PORT_OFFSET:-0}"
# Ports of their own (none of stack/ports.mjs's), so this runs beside the tests or a demo.
http_port=$((18480 + offset)) https_port=$((18443 + offset))
app_port=$((18481 + offset)) metrics_port=$((18482 + offset))
host=wallet.example.com
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

step "nginx: deploy/nginx/oriel.conf with local ports and a self-signed certificate"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$host" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
cp deploy/nginx/oriel.conf "$work/oriel.conf"
# Replaces the text $1 with $2 in the copy, failing when $1 is not there (the shipped file
# changed: update this script with it).
substitute() {
  grep -qF -- "$1" "$work/oriel.conf" || fail "'$1' not found in deploy/nginx/oriel.conf"
  sed -i "s|$1|$2|g" "$work/oriel.conf"
}
substitute "server 127.0.0.1:8787;" "server 127.0.0.1:$app_port;"
substitute "listen 80;" "listen 127.0.0.1:$http_port;"
substitute "listen [::]:80;" ""
substitute "listen 443 ssl http2;" "listen 127.0.0.1:$https_port ssl http2;"
substitute "listen [::]:443 ssl http2;" ""
substitute "/etc/letsencrypt/live/$host/fullchain.pem" "$work/cert.pem"
substitute "/etc/letsencrypt/live/$host/privkey.pem" "$work/key.pem"
substitute "/var/log/nginx/oriel.access.log" "$work/access.log"
mkdir -p "$work/nginx"
cat > "$work/nginx.conf" <<CONF
$( [ "$(id -u)" = 0 ] && echo "user root;" )
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 256; }
http {
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    include $work/oriel.conf;
}
CONF
"$nginx_bin" -t -q -p "$work" -c "$work/nginx.conf" || fail "nginx -t refused the config"
"$nginx_bin" -p "$work" -c "$work/nginx.conf" -g "daemon off;" &
pids+=($!)

step "frame-host in production mode ($binary)"
cat > "$work/frame-host.toml" <<TOML
mode = "production"
listen = "127.0.0.1:$app_port"
metrics_listen = "127.0.0.1:$metrics_port"
public_url = "https://$host"
data_dir = "$work/data"
trusted_proxies = ["127.0.0.1"]
analytics_events_per_ip = 2
# Never contacted: no mail is sent here.
mail = { kind = "smtp", url = "smtp://mail.example.com", from = "Wallet <no-reply@example.com>" }

[[networks]]
chain_id = "eip155:1"
rpc_urls = ["https://rpc.example.com"]

[[projects]]
id = "shop"
name = "Shop"
allowed_origins = ["https://shop.example.com"]
TOML
# Started in an empty directory: no dist/frame to fall back on.
binary=$(realpath "$binary")
# Production never creates keys: they are made once, as docs/deploy.md says.
(cd "$work" && env -u DATABASE_URL ORIEL_CONFIG="$work/frame-host.toml" "$binary" keys init) \
  > "$work/keys-init.log" 2>&1 || { cat "$work/keys-init.log" >&2; fail "keys init failed"; }
(cd "$work" && exec env -u DATABASE_URL -u ORIEL_FRAME_DIR ORIEL_CONFIG="$work/frame-host.toml" \
  ${frame_dir:+ORIEL_FRAME_DIR="$frame_dir"} "$binary" serve) > "$work/frame-host.log" 2>&1 &
pids+=($!)

# curl through nginx as a browser would reach https://$host.
through() { curl -sS --resolve "$host:$https_port:127.0.0.1" --cacert "$work/cert.pem" "$@"; }
url="https://$host:$https_port"
ready() { [ "$(through -o /dev/null -w '%{http_code}' "$url/healthz" 2>/dev/null)" = 200 ]; }
for _ in $(seq 300); do
  ready && break
  sleep 0.1
done
ready || { cat "$work/frame-host.log" "$work/error.log" >&2; fail "no answer through nginx in 30 s"; }

step "health through nginx"
if [ -z "$frame_dir" ]; then
  grep -q 'frame=embedded in the binary' "$work/frame-host.log" ||
    fail "frame-host does not say it serves its embedded frame: $(cat "$work/frame-host.log")"
fi
status=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$http_port/healthz" -H "Host: $host")
[ "$status" = "301 https://$host/healthz" ] || fail "plain http: $status, expected a redirect to https"
headers=$(through -D - -o "$work/healthz" "$url/healthz")
grep -q '"status":"ok"' "$work/healthz" || fail "/healthz: $(cat "$work/healthz")"
[ "$(grep -ci '^strict-transport-security:' <<<"$headers")" = 1 ] || fail "HSTS should come once: $headers"
code=$(through -o "$work/readyz" -w '%{http_code}' "$url/readyz")
[ "$code" = 200 ] && grep -q '"frame":"ok"' "$work/readyz" || fail "/readyz $code: $(cat "$work/readyz")"
echo "readyz: $(cat "$work/readyz")"
code=$(through -o /dev/null -w '%{http_code}' "$url/metrics")
[ "$code" = 404 ] || fail "/metrics through nginx: $code, expected 404"
curl -sS -o "$work/metrics" "http://127.0.0.1:$metrics_port/metrics"
grep -q '^# TYPE oriel_' "$work/metrics" || fail "no metrics on 127.0.0.1:$metrics_port"

step "the frame page and its files through nginx"
headers=$(through -D - -o "$work/frame.html" "$url/frame?projectId=shop")
grep -qi '^content-security-policy:' <<<"$headers" || fail "the frame page has no CSP"
node - "$work/frame.html" "$headers" <<'NODE' > "$work/assets" || fail "the frame page's CSP or files"
const [page, headers] = [require('node:fs').readFileSync(process.argv[2], 'utf8'), process.argv[3]];
const csp = headers.split(/\r?\n/).find((l) => /^content-security-policy:/i.test(l));
const boot = page.match(/<script type="module">([\s\S]*)<\/script><\/head>/)[1];
const hash = require('node:crypto').createHash('sha256').update(boot).digest('base64');
if (!csp.includes(`'sha256-${hash}'`)) throw new Error(`the CSP does not allow the boot script (sha256-${hash})`);
const names = [...page.matchAll(/href="\/frame\/assets\/([^"]+)"/g)].map((m) => m[1]);
if (names.length !== 3) throw new Error(`expected the wasm, glue and CSS, got ${names}`);
console.log(names.join('\n'));
NODE
while read -r name; do
  headers=$(through -D - -o "$work/asset.br" -H 'accept-encoding: gzip, br' "$url/frame/assets/$name")
  grep -qi '^content-encoding: br' <<<"$headers" || fail "$name: not served as brotli"
  grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || fail "$name: not immutable"
  through -o "$work/asset" "$url/frame/assets/$name"
  hash=$(sha256sum "$work/asset" | cut -c1-16)
  [[ "$name" == *".$hash."* ]] || fail "$name: its content hashes to $hash"
  echo "$name: $(stat -c %s "$work/asset") bytes, $(stat -c %s "$work/asset.br") brotli"
done < "$work/assets"

step "X-Forwarded-For: each client counted apart by the per-IP limit"
event() {
  printf '{"eventId":"0b7f6c1e-3a5d-4c2b-9e8f-%012x","url":"https://shop.example.com/","domain":"shop.example.com","timestamp":%s,"props":{"type":"track","event":"MODAL_OPEN","properties":{}}}' \
    "$1" "$(date +%s%3N)"
}
# POSTs event number $1 from source address $2 (more curl arguments after them); prints the
# status.
post_event() {
  local n=$1 from=$2; shift 2
  through --interface "$from" -o "$work/answer" -w '%{http_code}' -X POST \
    -H 'origin: https://shop.example.com' -H 'content-type: text/plain;charset=UTF-8' \
    --data "$(event "$n")" "$@" "$url/e?projectId=shop&st=appkit&sv=deploy-check"
}
for i in 1 2; do
  code=$(post_event "$i" 127.0.0.2)
  [[ "$code" == 2* ]] || fail "event $i from 127.0.0.2: $code $(cat "$work/answer")"
done
code=$(post_event 3 127.0.0.2)
[ "$code" = 429 ] || fail "a third event from 127.0.0.2: $code, expected 429 (limit 2)"
code=$(post_event 4 127.0.0.2 -H 'x-forwarded-for: 203.0.113.9')
[ "$code" = 429 ] || fail "a client's own X-Forwarded-For got past the limit: $code"
code=$(post_event 5 127.0.0.3)
[[ "$code" == 2* ]] || fail "127.0.0.3 counted with 127.0.0.2 (nginx's address?): $code"
grep -q 'id=[0-9a-f]' "$work/access.log" || fail "nginx's log lacks frame-host's request ids"

step "backups of the live SQLite database, as docs/deploy.md says"
sqlite3 "$work/data/oriel.sqlite" ".backup '$work/backup.sqlite'"
sqlite3 "$work/data/oriel.sqlite" "VACUUM INTO '$work/vacuumed.sqlite'"
for copy in backup vacuumed; do
  events=$(sqlite3 "$work/$copy.sqlite" "SELECT count(*) FROM analytics_events")
  [ "$events" = 3 ] || fail "$copy.sqlite holds $events analytics events, expected the 3 stored"
done
echo "sqlite3 .backup and VACUUM INTO: 3 events in each copy"

# The guide's PostgreSQL part, where the tests' server answers (ORIEL_TEST_POSTGRES_URL, as
# frame-host's PostgreSQL tests): a fresh database, a second instance on it, pg_dump.
pg_url="${ORIEL_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
if command -v pg_dump >/dev/null && psql "$pg_url" -qc 'SELECT 1' >/dev/null 2>&1; then
  step "PostgreSQL: DATABASE_URL, migrations at start, pg_dump"
  db="oriel_deploy_check_$$"
  psql "$pg_url" -qc "CREATE DATABASE $db"
  drop_db() { psql "$pg_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true; }
  trap 'cleanup; drop_db' EXIT
  db_url="${pg_url%/*}/$db"
  sed -e "s|127.0.0.1:$app_port|127.0.0.1:0|" -e "s|^metrics_listen = .*|metrics_listen = \"off\"|" \
    "$work/frame-host.toml" > "$work/pg.toml"
  (cd "$work" && exec env -u ORIEL_FRAME_DIR ORIEL_CONFIG="$work/pg.toml" DATABASE_URL="$db_url" \
    ${frame_dir:+ORIEL_FRAME_DIR="$frame_dir"} "$binary" serve) > "$work/pg.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do
    grep -qs 'listening on' "$work/pg.log" && break
    sleep 0.1
  done
  pg_addr=$(sed -n 's|^oriel frame-host listening on ||p' "$work/pg.log")
  [ -n "$pg_addr" ] || fail "frame-host on PostgreSQL did not start: $(cat "$work/pg.log")"
  code=$(curl -sS -o "$work/pg-readyz" -w '%{http_code}' "$pg_addr/readyz")
  [ "$code" = 200 ] || fail "/readyz on PostgreSQL: $code $(cat "$work/pg-readyz")"
  pg_dump --format=custom --file="$work/oriel.dump" "$db_url"
  pg_restore --list "$work/oriel.dump" > "$work/dump-list"
  grep -q 'TABLE public oriel_migrations' "$work/dump-list" ||
    fail "pg_dump's archive lacks the migrations table"
  echo "readyz on PostgreSQL: $(cat "$work/pg-readyz"); pg_dump: $(stat -c %s "$work/oriel.dump") bytes"
fi

echo
echo "deploy-check: ok in $(( $(date +%s) - started )) s ($binary)"
