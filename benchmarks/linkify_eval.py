"""Precision and recall of linkify on hand-checked rulings: the dev set (benchmarks/data/rulings_dev.json,
tuned on) and, when it exists, the independent test set (benchmarks/data/rulings_test.json, never tuned on).

Each ruling has the edition that applies unless the text names another and the references it holds, in order,
as "edition:citation". The system under test is the linkify pipeline itself (kb.markdown_citations over the
one citation grammar, markdown format, as POST /api/v1/linkify runs it), plus the plain-text format.

Baselines in the same run:
- a naive pattern ("artikel"/"art."/"law" + one compact citation, the requested edition, no lists, ranges,
  loose forms or edition context), which is what a regular expression in a word processor would do;
- benchmarks/fts5_baseline.py has no notion of references (it is a ranked full-text search), so the FTS5
  figure is the article-lookup baseline: for each expected reference, does an FTS5 query with the citation's
  own text ("artikel 27B1b") rank that article first? It shows what a search box would give someone who
  types the references in by hand.

Every occurrence counts: a reference found twice where the gold has it once is one false positive.

    python benchmarks/linkify_eval.py [--verbose]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.citations import TooManyReferences  # noqa: E402
from kb.markdown_citations import render_markdown, render_text  # noqa: E402

SETS = {"dev": ROOT / "benchmarks" / "data" / "rulings_dev.json",
        "test": ROOT / "benchmarks" / "data" / "rulings_test.json"}
EDITIONS = ["1987", "1997", "2017"]
GOAL = 0.97


def linkify_refs(text: str, edition: str, fmt: str) -> list[str]:
    render = render_markdown if fmt == "markdown" else render_text
    _, links = render(text, edition, editions=EDITIONS)
    return [f"{t.edition}:{t.citation.id}" for lk in links if lk.rendered for t in lk.targets]


_NAIVE = re.compile(r"\b(?:artikel|art\.?|law)\s*(\d{1,3}[A-Z]?\d{0,2}[a-z]?)\b", re.IGNORECASE)


def naive_refs(text: str, edition: str, fmt: str = "") -> list[str]:
    return [f"{edition}:{m.group(1)}" for m in _NAIVE.finditer(text)]


def score(rulings: list[dict], finder, fmt: str = "markdown") -> dict:
    tp = found = expected = exact = 0
    misses = []
    for r in rulings:
        got = finder(r["text"], r["edition"], fmt)
        want = r["expected"]
        hit = sum((Counter(got) & Counter(want)).values())
        tp += hit
        found += len(got)
        expected += len(want)
        exact += got == want
        if got != want:
            misses.append((r["id"], want, got))
    precision = tp / found if found else 1.0
    recall = tp / expected if expected else 1.0
    return {"precision": precision, "recall": recall, "exact": exact, "n": len(rulings), "found": found,
            "expected": expected, "misses": misses}


def fts5_lookup(rulings: list[dict]) -> dict | None:
    """Share of expected references whose article FTS5 ranks first for the query 'artikel <citation>'."""
    try:
        from benchmarks.fts5_baseline import Fts5Baseline
        from config import data_dir
        with open(Path(data_dir()) / "current" / "kb.json", encoding="utf-8") as f:
            artifact = json.load(f)
        base = Fts5Baseline(artifact)
    except Exception as exc:  # no build yet, or the baseline cannot load it
        print(f"FTS5 baseline skipped: {exc}")
        return None
    hits = total = 0
    for r in rulings:
        for ref in r["expected"]:
            cite = ref.split(":")[1]
            article = re.match(r"\d+", cite).group()
            total += 1
            hits += base.search(f"artikel {cite}", limit=1)[:1] == [article]
    return {"hits": hits, "total": total}


def timing(rulings: list[dict]) -> tuple[float, float, str]:
    """ms per ruling (markdown: mean and slowest), and seconds for one body of the set's rulings repeated up
    to the 256 KB limit."""
    times = []
    for r in rulings:
        t0 = time.perf_counter()
        linkify_refs(r["text"], r["edition"], "markdown")
        times.append((time.perf_counter() - t0) * 1000)
    big, text = [], "\n\n".join(r["text"] for r in rulings)
    while len("\n\n".join(big).encode()) + len(text.encode()) < 256 * 1024:
        big.append(text)
    t0 = time.perf_counter()
    try:
        refs = len(linkify_refs("\n\n".join(big), "1997", "markdown"))
        outcome = f"{refs} references"
    except TooManyReferences as exc:
        outcome = f"refused: more than {exc.limit} references"
    return sum(times) / len(times), max(times), f"{time.perf_counter() - t0:.2f} s ({outcome})"


def report(name: str, rulings: list[dict], verbose: bool) -> dict:
    print(f"== {name}: {len(rulings)} rulings, {sum(len(r['expected']) for r in rulings)} expected references, "
          f"{sum(not r['expected'] for r in rulings)} rulings without any")
    rows = [("linkify (markdown)", score(rulings, linkify_refs, "markdown")),
            ("linkify (text)", score(rulings, linkify_refs, "text")),
            ("naive pattern", score(rulings, naive_refs))]
    print(f"{'system':<22}{'precision':>10}{'recall':>8}{'exact':>9}")
    for label, s in rows:
        print(f"{label:<22}{s['precision']:>10.3f}{s['recall']:>8.3f}{s['exact']:>5}/{s['n']:<3}")
    fts = fts5_lookup(rulings)
    if fts:
        print(f"{'FTS5 lookup (top 1)':<22}{'':>10}{fts['hits'] / fts['total']:>8.3f}"
              f"   ({fts['hits']}/{fts['total']} references found by searching 'artikel <citation>')")
    mean, slowest, big = timing(rulings)
    print(f"time: {mean:.2f} ms per ruling (slowest {slowest:.2f} ms); 256 KB of these rulings: {big}")
    main_score = rows[0][1]
    if verbose and name == "dev":  # the test set's texts are not printed: nothing is tuned on them
        for rid, want, got in main_score["misses"]:
            print(f"  {rid}: expected {want}\n  {'':{len(rid)}}  got      {got}")
    print()
    return main_score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list every dev ruling that does not come out exactly")
    args = parser.parse_args()
    ok = True
    for name, path in SETS.items():
        if not path.exists():
            print(f"== {name}: {path.relative_to(ROOT)} not present\n")
            continue
        s = report(name, json.loads(path.read_text(encoding="utf-8")), args.verbose)
        ok = ok and s["precision"] >= GOAL and s["recall"] >= GOAL
    print(f"goal precision and recall >= {GOAL}: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
