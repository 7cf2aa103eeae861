#!/usr/bin/env bash
# Load test on loopback with wrk: a real `python app.py serve` (gunicorn, settings as in production) on a free
# 127.0.0.1 port, serving a fresh build in a temporary data directory.
#
#   benchmarks/load.sh [seconds per endpoint, default 20] [seconds of the memory run, default 60]
#
# Runs, each for a bounded time: /api/v1/health; /api/v1/search with a different query on every request
# (benchmarks/load_search.lua); an article page. Prints requests/s, the workers' CPU time per request (the
# server's own cost, apart from wrk's, which shares the CPUs), latency (avg, p50, p99), non-2xx and socket
# errors; then a mixed run while sampling the RSS of the gunicorn workers every 5 s; then the in-process figures
# for reference: the SQLite FTS5 baseline (benchmarks/fts5_baseline.py) and the whoosh Searcher on the same queries.
# Goals: search ≥ 0.5 × health, article page ≥ 0.7 × health, zero non-2xx, memory flat. Exit 1 if one is missed.
#
# Environment: LOAD_CONNECTIONS (16), LOAD_THREADS (2), LOAD_ARTICLE (/1997/artikel/16), and every KB_* serving
# setting (docs/ops.md), e.g. KB_WORKERS. Needs wrk (apt-get install -y wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .venv/bin/activate ] && . .venv/bin/activate
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }

DURATION=${1:-20}
MEMORY_RUN=${2:-60}
CONNECTIONS=${LOAD_CONNECTIONS:-16}
THREADS=${LOAD_THREADS:-2}
ARTICLE=${LOAD_ARTICLE:-/1997/artikel/16}
WORK=$(mktemp -d /tmp/kb-load.XXXXXX)
SERVER=""

cleanup() {
  if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
    kill -TERM "$SERVER"
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export KB_DATA_DIR="$WORK/data" KB_ACCESS_LOG=off KB_LOG_LEVEL=warning
PORT=$(python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
BASE="http://127.0.0.1:$PORT"

python app.py build >/dev/null
python app.py serve --host 127.0.0.1 --port "$PORT" >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 150); do
  curl -fs "$BASE/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.2
done
curl -fs "$BASE/api/v1/health" >/dev/null || { echo "server did not start" >&2; cat "$WORK/server.log"; exit 1; }
WORKERS=$(ps --ppid "$SERVER" -o pid= | wc -l)
echo "server: gunicorn, $WORKERS workers, $(nproc) CPUs; wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s per endpoint"

# warm every worker on every endpoint
wrk -t1 -c"$CONNECTIONS" -d2s "$BASE/api/v1/health" >/dev/null
wrk -t1 -c"$CONNECTIONS" -d2s -s benchmarks/load_search.lua "$BASE" -- benchmarks/data/search_queries_dev.tsv >/dev/null
wrk -t1 -c"$CONNECTIONS" -d2s "$BASE$ARTICLE" >/dev/null

declare -A RPS NON2XX
# the CPU time (user + system, in clock ticks) the gunicorn workers have used: sampled around each wrk run, it
# gives the server's own cost per request, apart from wrk's (which shares the machine's CPUs)
TICK_MS=$(( 1000 / $(getconf CLK_TCK) ))
worker_ticks() {
  local pid sum=0 fields
  for pid in $(ps --ppid "$SERVER" -o pid=); do
    fields=$(cut -d' ' -f14,15 "/proc/$pid/stat" 2>/dev/null) || continue
    sum=$(( sum + ${fields% *} + ${fields#* } ))
  done
  echo "$sum"
}
wrk_once() {  # out, url, [wrk script]
  local before
  before=$(worker_ticks)
  if [ -n "${3:-}" ]; then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SLICE}s" --latency -s "$3" "$2" -- benchmarks/data/search_queries_dev.tsv >"$1"
  else
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SLICE}s" --latency "$2" >"$1"
  fi
  echo "worker cpu ms: $(( ($(worker_ticks) - before) * TICK_MS ))" >>"$1"
}
report() {  # name, url: totals over the rounds; latency of the median round
  local name=$1 url=$2 files=("$WORK/$1".*.txt)
  local requests rps non2xx errors median cpu
  requests=$(awk '/requests in/ {s += $1} END {print s}' "${files[@]}")
  rps=$(awk -v r="$requests" -v t="$DURATION" 'BEGIN {printf "%.1f", r / t}')
  non2xx=$(awk -F': ' '/Non-2xx or 3xx responses/ {s += $2} END {print s + 0}' "${files[@]}")
  errors=$(awk -F': ' '/Socket errors/ {print $2}' "${files[@]}" | paste -sd';' -)
  median=$(for f in "${files[@]}"; do echo "$(awk '/^Requests\/sec:/ {print $2}' "$f") $f"; done | sort -n | \
           awk '{a[NR] = $2} END {print a[int((NR + 1) / 2)]}')
  cpu=$(awk -F': ' '/^worker cpu ms/ {s += $2} END {print s + 0}' "${files[@]}")
  RPS[$name]=$rps
  NON2XX[$name]=$non2xx
  printf '%-8s %-22s %9s req/s  %7s requests  worker cpu %5s ms/request  rounds %-26s latency avg %-8s p50 %-8s p99 %-8s non-2xx %s  socket errors: %s\n' \
    "$name" "${url#"$BASE"}" "$rps" "$requests" "$(awk -v c="$cpu" -v r="$requests" 'BEGIN {printf "%.2f", r ? c / r : 0}')" \
    "$(for f in "${files[@]}"; do awk '/^Requests\/sec:/ {printf "%d ", $2}' "$f"; done)" \
    "$(awk '$1 == "Latency" {print $2; exit}' "$median")" "$(awk '$1 == "50%" {print $2}' "$median")" \
    "$(awk '$1 == "99%" {print $2}' "$median")" "$non2xx" "${errors:-none}"
}

# The endpoints take turns in ROUNDS slices, so a change in the machine's load hits each of them alike.
ROUNDS=${LOAD_ROUNDS:-4}
SLICE=$(( (DURATION + ROUNDS - 1) / ROUNDS ))
DURATION=$(( SLICE * ROUNDS ))
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS rounds of ${SLICE}s per endpoint"
for round in $(seq 1 "$ROUNDS"); do
  wrk_once "$WORK/health.$round.txt" "$BASE/api/v1/health"
  wrk_once "$WORK/search.$round.txt" "$BASE/api/v1/search" benchmarks/load_search.lua
  wrk_once "$WORK/article.$round.txt" "$BASE$ARTICLE"
done
report health "$BASE/api/v1/health"
report search "$BASE/api/v1/search?q=…"
report article "$BASE$ARTICLE"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

rss() { ps --ppid "$SERVER" -o rss= | awk '{s += $1; n++; printf "%d ", $1 / 1024} END {printf "| total %d MiB", s / 1024}'; }
echo
echo "memory: RSS of the gunicorn workers (MiB) every 5 s over a ${MEMORY_RUN}s run of changing searches and article pages"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${MEMORY_RUN}s" -s benchmarks/load_search.lua "$BASE" \
  -- benchmarks/data/search_queries_dev.tsv >"$WORK/memory-search.txt" &
WRK1=$!
wrk -t1 -c4 -d"${MEMORY_RUN}s" "$BASE$ARTICLE" >"$WORK/memory-article.txt" &
WRK2=$!
: >"$WORK/rss.txt"
for t in $(seq 0 5 "$MEMORY_RUN"); do
  line="$(rss)"
  echo "  t=${t}s  $line"
  echo "$line" | awk '{print $NF == "MiB" ? $(NF-1) : $NF}' >>"$WORK/rss.txt"
  [ "$t" -lt "$MEMORY_RUN" ] && sleep 5
done
wait "$WRK1" "$WRK2" || true
MEM_NON2XX=$(cat "$WORK"/memory-*.txt | awk -F': ' '/Non-2xx or 3xx responses/ {s += $2} END {print s + 0}')
echo "  requests during the memory run: $(awk '/requests in/ {s += $1} END {print s}' "$WORK"/memory-*.txt), non-2xx $MEM_NON2XX"
FIRST=$(sed -n 2p "$WORK/rss.txt")  # after 5 s of load: the workers have loaded and warmed
LAST=$(tail -1 "$WORK/rss.txt")

echo
echo "in-process reference (same kind of queries, one process, no HTTP):"
python - "$KB_DATA_DIR" <<'EOF'
import json, random, sys, time
from pathlib import Path
sys.path.insert(0, ".")
from benchmarks.fts5_baseline import Fts5Baseline
from indexer import Searcher
from builder import current_dir

build = current_dir(Path(sys.argv[1]))
artifact = json.loads((build / "kb.json").read_text("utf-8"))
words = []
for line in open("benchmarks/data/search_queries_dev.tsv", encoding="utf-8"):
    if not line.startswith("#") and "\t" in line:
        words += [w for w in line.split("\t")[1].split() if w not in words]
rng = random.Random(1)
queries = [" ".join(rng.choice(words) for _ in range(rng.randint(2, 3))) for _ in range(2000)]
for name, engine, search in (("FTS5 baseline", Fts5Baseline(artifact), lambda e, q: e.search(q, 10)),
                             ("whoosh Searcher", Searcher(build / "index"), lambda e, q: e.search(q, limit=10))):
    search(engine, queries[0])
    started = time.perf_counter()
    for q in queries:
        search(engine, q)
    elapsed = time.perf_counter() - started
    print(f"  {name:16} {len(queries) / elapsed:9.1f} queries/s  ({elapsed / len(queries) * 1000:.2f} ms per query)")
EOF

echo
python - "${RPS[health]}" "${RPS[search]}" "${RPS[article]}" "${NON2XX[health]}" "${NON2XX[search]}" \
  "${NON2XX[article]}" "$MEM_NON2XX" "$FIRST" "$LAST" <<'EOF'
import sys
health, search, article = map(float, sys.argv[1:4])
non2xx = sum(int(x) for x in sys.argv[4:8])
first, last = float(sys.argv[8]), float(sys.argv[9])
growth = (last - first) / first if first else 0.0
goals = [
    (f"search / health = {search / health:.2f} (goal >= 0.5)", search / health >= 0.5),
    (f"article / health = {article / health:.2f} (goal >= 0.7)", article / health >= 0.7),
    (f"non-2xx responses: {non2xx} (goal 0)", non2xx == 0),
    (f"worker memory {first:.0f} -> {last:.0f} MiB, {growth:+.1%} after warm-up (goal: flat, within 10%)",
     abs(growth) <= 0.10),
]
for text, ok in goals:
    print(("met     " if ok else "MISSED  ") + text)
sys.exit(0 if all(ok for _, ok in goals) else 1)
EOF
