#!/usr/bin/env bash
# Lighthouse (npm lighthouse, pinned 12.2.3: the 12.x line runs on Node 20) in mobile mode (Moto G power
# emulation, simulated slow 4G, 4x CPU slowdown) on the home page, an article page and a search page, against a
# fresh build served by gunicorn on a free loopback port, with Debian's chromium. Prints the scores of
# performance, accessibility and best practices (goals: >= 95 each) and the article page's HTML + CSS + JS,
# raw and gzip-compressed (goal: under 50 KB compressed).
#
#   bash benchmarks/lighthouse.sh [runs per page, default 3: the medians are printed]
#
# Installs lighthouse on first use into benchmarks/node_modules (git-ignored). Reports: benchmarks/out/lighthouse/,
# summed up by benchmarks/lighthouse_report.py.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${1:-3}
LH_VERSION=12.2.3
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
OUT=$ROOT/benchmarks/out/lighthouse
PY=python3
[ -x .venv/bin/python ] && PY=.venv/bin/python

if [ ! -x benchmarks/node_modules/.bin/lighthouse ] || \
   [ "$(node -p "require('./benchmarks/node_modules/lighthouse/package.json').version" 2>/dev/null)" != "$LH_VERSION" ]; then
  echo "installing lighthouse $LH_VERSION into benchmarks/node_modules" >&2
  npm install --prefix benchmarks --no-save --no-audit --no-fund --loglevel=error -E "lighthouse@$LH_VERSION" >&2
fi
[ -x "$CHROMIUM" ] || { echo "$CHROMIUM is missing: run scripts/install_browser.sh" >&2; exit 1; }

TMP=$(mktemp -d)
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PORT=$(free_port)
CDP_PORT=$(free_port)
SERVER_PID=""
CHROME_PID=""
cleanup() {
  [ -n "$CHROME_PID" ] && kill "$CHROME_PID" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

KB_DATA_DIR=$TMP/data "$PY" app.py build > /dev/null
KB_DATA_DIR=$TMP/data KB_WORKERS=2 KB_ACCESS_LOG=off "$PY" app.py serve --host 127.0.0.1 --port "$PORT" \
  > "$TMP/serve.log" 2>&1 &
SERVER_PID=$!
BASE=http://127.0.0.1:$PORT
for _ in $(seq 100); do curl -sf "$BASE/api/v1/health" > /dev/null && break; sleep 0.2; done
curl -sf "$BASE/api/v1/health" > /dev/null || { cat "$TMP/serve.log" >&2; exit 1; }

start_chromium() {  # a fresh profile per run: no service worker or cache of an earlier run
  rm -rf "$TMP/chrome"
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --disable-sync --no-first-run --user-data-dir="$TMP/chrome" --remote-debugging-port="$CDP_PORT" about:blank \
    > "$TMP/chrome.log" 2>&1 &
  CHROME_PID=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$CDP_PORT/json/version" > /dev/null && return 0; sleep 0.2; done
  cat "$TMP/chrome.log" >&2; exit 1
}
stop_chromium() { kill "$CHROME_PID" 2>/dev/null || true; wait "$CHROME_PID" 2>/dev/null || true; CHROME_PID=""; }

mkdir -p "$OUT"
rm -f "$OUT"/*.json
PAGES=("home /" "article /1997/artikel/27" "search /zoeken?q=onvoldoende+bod")
echo "Lighthouse $LH_VERSION, mobile (simulated slow 4G, 4x CPU slowdown), $RUNS run(s) per page," \
     "chromium $("$CHROMIUM" --version 2>/dev/null | awk '{print $2}'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for entry in "${PAGES[@]}"; do
  name=${entry%% *}; path=${entry#* }
  for run in $(seq "$RUNS"); do
    start_chromium
    benchmarks/node_modules/.bin/lighthouse "$BASE$path" --port="$CDP_PORT" --form-factor=mobile \
      --only-categories=performance,accessibility,best-practices --output=json \
      --output-path="$OUT/$name-$run.json" --quiet > "$TMP/lh.log" 2>&1 || { cat "$TMP/lh.log" >&2; exit 1; }
    stop_chromium
  done
done
"$PY" benchmarks/lighthouse_report.py "$OUT" "$BASE" "${PAGES[@]}"
