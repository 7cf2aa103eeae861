#!/usr/bin/env bash
# Lighthouse (npm lighthouse, pinned 12.2.3: the 12.x line runs on Node 20) in mobile mode (Moto G power
# emulation, simulated slow 4G, 4x CPU slowdown) on the home page, an article page and a search page, against a
# fresh build served by gunicorn on a free loopback port, with Debian's chromium. Prints the scores of
# performance, accessibility and best practices (goals: >= 95 each) and the article page's HTML + CSS + JS,
# raw and gzip-compressed (goal: under 50 KB compressed).
#
#   bash benchmarks/lighthouse.sh [runs per page, default 1]
#
# Installs lighthouse on first use into benchmarks/node_modules (git-ignored). Reports: benchmarks/out/lighthouse/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${1:-1}
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

"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --user-data-dir="$TMP/chrome" --remote-debugging-port="$CDP_PORT" about:blank \
  > "$TMP/chrome.log" 2>&1 &
CHROME_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$CDP_PORT/json/version" > /dev/null && break; sleep 0.2; done

mkdir -p "$OUT"
PAGES=("home /" "article /1997/artikel/27" "search /zoeken?q=onvoldoende+bod")
echo "Lighthouse $LH_VERSION, mobile (simulated slow 4G, 4x CPU slowdown), $RUNS run(s) per page, chromium $("$CHROMIUM" --version | awk '{print $2}')"
printf '%-8s %-32s %11s %13s %14s %8s %8s %8s\n' page path performance accessibility best-practices FCP-ms LCP-ms TBT-ms
for entry in "${PAGES[@]}"; do
  name=${entry%% *}; path=${entry#* }
  for run in $(seq "$RUNS"); do
    report=$OUT/$name-$run.json
    benchmarks/node_modules/.bin/lighthouse "$BASE$path" --port="$CDP_PORT" --form-factor=mobile \
      --only-categories=performance,accessibility,best-practices --output=json --output-path="$report" \
      --quiet --chrome-flags="--headless" > "$TMP/lh.log" 2>&1 || { cat "$TMP/lh.log" >&2; exit 1; }
    "$PY" - "$report" "$name" "$path" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
c, a = r["categories"], r["audits"]
score = lambda k: round(c[k]["score"] * 100)
ms = lambda k: round(a[k]["numericValue"])
print(f"{sys.argv[2]:<8} {sys.argv[3]:<32} {score('performance'):>11} {score('accessibility'):>13} "
      f"{score('best-practices'):>14} {ms('first-contentful-paint'):>8} {ms('largest-contentful-paint'):>8} "
      f"{ms('total-blocking-time'):>8}")
for k, cat in c.items():
    for ref in cat["auditRefs"]:
        au = a[ref["id"]]
        if ref["weight"] and au.get("score") is not None and au["score"] < 1 and k != "performance":
            print(f"         {k}: {ref['id']} ({au['score']}): {au['title']}")
EOF
  done
done

"$PY" - "$BASE" <<'EOF'
import gzip, re, sys, urllib.request
base = sys.argv[1]
def get(path):
    with urllib.request.urlopen(base + path, timeout=10) as r:
        return r.read()
html = get("/1997/artikel/27")
assets = re.findall(rb'<(?:script[^>]+src|link[^>]+rel="stylesheet"[^>]+href)="([^"]+)"', html)
parts = [("html", html)] + [(a.decode(), get(a.decode())) for a in assets]
raw = sum(len(b) for _, b in parts)
packed = sum(len(gzip.compress(b, 6)) for _, b in parts)
print(f"article page /1997/artikel/27: HTML + CSS + JS {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB gzip "
      f"({', '.join(f'{n} {len(gzip.compress(b, 6)) / 1024:.1f}' for n, b in parts)}); goal < 50 KB compressed")
EOF
