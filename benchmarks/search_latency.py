"""Search latency in-process: p50/p95 per query for this search (the whole service: query reading, citation,
scoring, grouping, snippets) beside the SQLite FTS5 baseline on the same queries, on this corpus and on a
synthetic corpus 50 times larger.

    python benchmarks/search_latency.py [--scale 50] [--rounds 3]

Each query of benchmarks/data/search_queries_dev.tsv runs `rounds` times (after one warm-up pass); the figures are
over every run. The synthetic corpus copies every article of the artifact under new numbers (1000+), with
words of its texts swapped for other words of the corpus (seeded), so the vocabulary statistics stay
those of a law text while the postings grow 50-fold; the index is built by the ordinary build_index.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.fts5_baseline import Fts5Baseline  # noqa: E402
from benchmarks.search_eval import QUERIES, open_store, read_queries  # noqa: E402
from kb.toc_tree import walk_sections  # noqa: E402

GOALS_MS = {1: 5.0, 50: 25.0}


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(fn, queries: list[str], rounds: int) -> list[float]:
    for q in queries:
        fn(q)
    out = []
    for _ in range(rounds):
        for q in queries:
            t = time.perf_counter()
            fn(q)
            out.append((time.perf_counter() - t) * 1000)
    return out


def synthetic(artifact: dict, scale: int, seed: int = 7) -> dict:
    """The artifact with scale-1 perturbed copies of every article (numbers 1000*k + n)."""
    rnd = random.Random(seed)
    words = [w for a in artifact["articles"].values() for w in (a["text"] or "").split()]
    for a in artifact["articles"].values():
        for s in walk_sections(a["sections"]):
            words.extend((s["text"] or "").split())
    out = copy.deepcopy(artifact)

    def perturb(text: str) -> str:
        return " ".join(rnd.choice(words) if rnd.random() < 0.3 else w for w in (text or "").split())

    def renumber(sections, new):
        for s in walk_sections(sections):
            s["id"] = new + s["suffix"]
            s["text"] = perturb(s["text"])

    for k in range(1, scale):
        for art in artifact["articles"].values():
            a = copy.deepcopy(art)
            number = str(1000 * k + int(art["article"])) if art["article"].isdigit() else f"{art['article']}{k}"
            a["article"] = number
            a["text"] = perturb(a["text"])
            renumber(a["sections"], number)
            out["articles"][f"{a['edition']}/{number}"] = a
            if a["edition"] in out["editions"]:
                out["editions"][a["edition"]]["articles"].append(number)
    out["keywords"] = artifact["keywords"] + [dict(kw, articles=[str(1000 * k + int(n)) for n in kw["articles"]
                                                                  if n.isdigit()])
                                              for k in range(1, scale) for kw in artifact["keywords"]]
    return out


def measure(label: str, kb, queries: list[str], rounds: int, goal: float | None) -> None:
    from web import create_app
    from web.search import search
    create_app().test_request_context().push()   # the results' urls come from web/urls.py (as in a request)
    fts = Fts5Baseline(kb.data)
    ours = timed(lambda q: search(kb, q, limit=10), queries, rounds)
    base = timed(lambda q: fts.search(q, limit=10), queries, rounds)
    docs = len(kb.searcher.docs)
    print(f"\n{label}: {len(kb.articles)} articles, {docs} indexed documents, {len(queries)} queries x {rounds}")
    print(f"{'':10} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8} {'max ms':>8}")
    for name, values in (("search", ours), ("fts5", base)):
        print(f"{name:10} {percentile(values, 50):8.2f} {percentile(values, 95):8.2f} "
              f"{statistics.mean(values):8.2f} {max(values):8.2f}")
    if goal is not None:
        p95 = percentile(ours, 95)
        print(f"goal p95 <= {goal:.0f} ms: {p95:.2f} {'ok' if p95 <= goal else 'ABOVE GOAL'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    queries = [q for _, q, _ in read_queries(QUERIES)]
    kb = open_store()
    measure("this corpus", kb, queries, args.rounds, GOALS_MS[1])
    if args.scale > 1:
        from indexer import Searcher, build_index
        from kb.store import Store
        with tempfile.TemporaryDirectory(prefix="kb-synthetic-") as tmp:
            directory = Path(tmp)
            started = time.perf_counter()
            artifact = synthetic(kb.data, args.scale)
            (directory / "kb.json").write_text(json.dumps(artifact, ensure_ascii=False), "utf-8")
            build_index(artifact, directory / "index")
            built = time.perf_counter() - started
            started = time.perf_counter()
            big = Store(directory)
            big.searcher = Searcher(directory / "index")
            print(f"\nsynthetic x{args.scale}: index built in {built:.1f}s, loaded in {time.perf_counter() - started:.1f}s")
            measure(f"synthetic corpus x{args.scale}", big, queries, args.rounds, GOALS_MS.get(args.scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
