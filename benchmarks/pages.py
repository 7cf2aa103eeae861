"""Server-side render time of the HTML pages, per page type (goal: article page <= 10 ms), through Flask's test
client against a fresh build in a temporary directory; beside it, in the same run, the query time of the plain
SQLite FTS5 baseline (benchmarks/fts5_baseline.py) as the team's reference line.

    python benchmarks/pages.py [--runs 30]

Each page type is requested once to warm caches, then `runs` times per URL; the table gives the median and the
95th percentile over all requests of that type, and the page size."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.fts5_baseline import Fts5Baseline  # noqa: E402
from builder import build  # noqa: E402

QUERIES = ["onvoldoende bod", "bod voor de beurt", "strafkaart", "verzaking", "dummy rechten", "arbitrale score",
           "pas buiten de beurt", "uitleg van biedingen", "claim", "voorspeelstraf"]


def page_types(store) -> dict[str, list[str]]:
    arts = [k.split("/") for k, a in store.articles.items() if a["has_text"]]
    return {
        "home": ["/"],
        "edition": [f"/{e}/" for e in store.edition_ids],
        "article": [f"/{e}/artikel/{n}" for e, n in arts],
        "article (no text)": [f"/{k.replace('/', '/artikel/')}" for k, a in store.articles.items() if not a["has_text"]][:10],
        "compare": ["/vergelijk/27?van=1987&naar=1997", "/vergelijk/16?van=1997&naar=2017",
                    "/vergelijk/77?van=1997&naar=2017"],
        "keywords": ["/trefwoorden"],
        "definitions": ["/begrippen"],
        "guide": ["/gids"] + [f"/gids/{p['id']}" for p in store.data["guide"][:10]],
        "404": ["/1997/artikel/999", "/onbekend", "/2017/artikel/27"],
        "redirect": ["/artikel/27B1b", "/1997/artikel/27B2"],
    }


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        build(ROOT / "corpus", Path(tmp), log=lambda *_: None)
        from web import create_app
        app = create_app({"DATA_DIR": tmp, "TESTING": True})
        client = app.test_client()
        with app.app_context():
            from web.state import store as get_store
            store = get_store()
            artifact = json.loads((Path(tmp) / "current" / "kb.json").read_text("utf-8"))
        print(f"{'page type':<20}{'urls':>5}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'KiB':>7}  status")
        results = {}
        for kind, urls in page_types(store).items():
            times, sizes, statuses = [], [], set()
            for url in urls:
                client.get(url)  # warm
                for _ in range(args.runs):
                    t0 = time.perf_counter()
                    r = client.get(url)
                    times.append((time.perf_counter() - t0) * 1000)
                    sizes.append(len(r.data))
                    statuses.add(r.status_code)
            results[kind] = statistics.median(times)
            print(f"{kind:<20}{len(urls):>5}{statistics.median(times):>11.2f}{pct(times, 0.95):>9.2f}"
                  f"{max(times):>9.2f}{statistics.median(sizes) / 1024:>7.1f}  {','.join(map(str, sorted(statuses)))}")
        fts = Fts5Baseline(artifact)
        qt = []
        for q in QUERIES:
            fts.search(q)
            for _ in range(args.runs):
                t0 = time.perf_counter()
                fts.search(q)
                qt.append((time.perf_counter() - t0) * 1000)
        print(f"{'FTS5 baseline query':<20}{len(QUERIES):>5}{statistics.median(qt):>11.2f}{pct(qt, 0.95):>9.2f}"
              f"{max(qt):>9.2f}{'':>7}  (benchmarks/fts5_baseline.py, same run)")
        goal = results["article"] <= 10
        print(f"\narticle page median {results['article']:.2f} ms: goal <= 10 ms {'met' if goal else 'NOT met'}")
        return 0 if goal else 1


if __name__ == "__main__":
    sys.exit(main())
