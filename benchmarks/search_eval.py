"""Search quality: hit@1, hit@3 and MRR per category, this search beside two plain baselines over the same
article texts, in the same run: SQLite FTS5 (benchmarks/fts5_baseline.py) and bm25s with the Dutch Snowball
stemmer and Dutch stopwords (benchmarks/bm25s_baseline.py).

    python benchmarks/search_eval.py [--queries FILE ...] [--misses]

Query sets (category, query, acceptable articles in any edition), each reported on its own:
    benchmarks/data/search_queries_dev.tsv   the set the ranking is tuned on ('dev')
    benchmarks/data/search_queries_dev2.tsv  a second development set written from the sources alone by someone
                                             who never saw the code ('dev2'), tuned on
    benchmarks/data/search_queries_dev3.tsv  a third one, written the same way ('dev3'): half tuned on, half held
                                             out as the validation signal of a round, then dev too
    benchmarks/data/search_queries_dev4.tsv  a fourth one, the same way ('dev4')
    benchmarks/data/search_queries_dev5.tsv  a fifth one, the same way ('dev5')
    benchmarks/data/search_queries_dev6.tsv  a sixth one, the same way ('dev6')
    benchmarks/data/search_queries_dev7.tsv  a seventh one ('dev7'), held out whole: a validation set, not tuned on
    benchmarks/data/search_queries_dev8.tsv  an eighth one ('dev8'): its odd rows per category tuned on, its even
                                             rows held out (--misses lists the odd rows' misses only)
    benchmarks/data/search_queries_dev9.tsv  a ninth one ('dev9'), halved the same way
    benchmarks/data/search_queries_dev10.tsv a tenth one ('dev10'), written as a director asks, halved the same way
    benchmarks/data/search_queries_dev11.tsv an eleventh one ('dev11'), halved the same way
    benchmarks/data/search_queries_dev12.tsv a twelfth one ('dev12'), written as a newcomer asks, halved the same way
    benchmarks/data/search_queries_dev13.tsv a thirteenth one ('dev13'), questions only, halved the same way
    benchmarks/data/search_queries_dev14.tsv a fourteenth one ('dev14'), halved the same way
    benchmarks/data/search_queries_dev15.tsv a fifteenth one ('dev15'), questions only, halved the same way
    benchmarks/data/search_queries_test.tsv  an independent, frozen set ('test', when it is there): never tuned on
"dutch" is every category but english; english is reported apart.
A query counts at the rank of the first result whose article is acceptable; results of other kinds (guide,
definition) are skipped, as a reader looking for the law would. The public acceptance sample is run too
when it is there (../shared/acceptance/queries.tsv): every one of those must rank first.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.fts5_baseline import Fts5Baseline  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
QUERIES = DATA / "search_queries_dev.tsv"
LAST_DEV = 105     # dev2 … dev105: each written by a helper from the seeds and the issue alone
SETS = (("dev", QUERIES), *((f"dev{n}", DATA / f"search_queries_dev{n}.tsv") for n in range(2, LAST_DEV + 1)),
        ("test", DATA / "search_queries_test.tsv"))
HELD_OUT = ("test", "dev7")     # never tuned on: --misses does not list them
# half tuned on (the odd rows of each category): --misses lists the tuned half only
HALVED = tuple(f"dev{n}" for n in range(8, LAST_DEV + 1))
ACCEPTANCE = ROOT.parent / "shared" / "acceptance" / "queries.tsv"
GOALS = {"dutch": {"hit@1": 0.90, "hit@3": 0.97, "mrr": 0.93}, "question": {"hit@3": 0.95},
         "english": {"hit@3": 0.90}}


def read_queries(path: Path) -> list[tuple[str, str, set[str]]]:
    rows = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cat, q, gold = line.split("\t")[:3]
        rows.append((cat, q, {norm(g) for g in gold.split(",") if g.strip()}))
    return rows


def norm(a: str) -> str:
    a = "".join(c for c in str(a).lower() if c.isalnum())
    return "bijlage" if ("bijlage" in a or "appendix" in a or "biddingbox" in a) else a


def open_store():
    from builder import build, current_dir, data_dir, is_stale
    from web.state import StoreHolder
    if current_dir() is None or is_stale():
        build(log=lambda *_: None)
    return StoreHolder(data_dir()).get()


def ours(kb):
    from web import create_app
    from web.search import search
    create_app().test_request_context().push()   # the results' urls come from web/urls.py

    def run(q: str) -> list[str]:
        ranked = []
        for r in search(kb, q, limit=10)["results"]:
            if r["kind"] == "article" and r["article"] and norm(r["article"]) not in ranked:
                ranked.append(norm(r["article"]))
        return ranked
    return run


def rank_of(ranked: list[str], gold: set[str]) -> int | None:
    return next((i + 1 for i, a in enumerate(ranked) if a in gold), None)


def figures(ranks: list[int | None]) -> dict:
    n = len(ranks) or 1
    return {"n": len(ranks), "hit@1": sum(1 for r in ranks if r == 1) / n,
            "hit@3": sum(1 for r in ranks if r and r <= 3) / n, "mrr": sum(1 / r for r in ranks if r) / n}


def table(rows, engines) -> dict:
    ranks = {name: {} for name in engines}
    for cat, q, gold in rows:
        for name, run in engines.items():
            ranks[name].setdefault(cat, []).append(rank_of(run(q), gold))
    return ranks


def report(ranks: dict, title: str) -> dict:
    cats = list(dict.fromkeys(c for r in ranks.values() for c in r))
    print(f"\n{title}")
    names = list(ranks)
    print(f"{'category':10} {'n':>4}" + "".join(f"  {n + ' hit@1':>13} {'hit@3':>6} {'MRR':>6}" for n in names))
    summary = {}
    groups = [(c, [c]) for c in cats] + [("dutch", [c for c in cats if c != "english"]),
                                         ("english", [c for c in cats if c == "english"]), ("all", cats)]
    for label, members in groups:
        if not members:
            continue
        line = ""
        for name in names:
            rs = [r for c in members for r in ranks[name].get(c, [])]
            f = figures(rs)
            summary[(name, label)] = f
            line += f"  {f['hit@1']:13.3f} {f['hit@3']:6.3f} {f['mrr']:6.3f}"
        n = summary[(names[0], label)]["n"]
        sep = "-" * 10 if label == "dutch" else ""
        if sep:
            print(sep)
        print(f"{label:10} {n:4d}{line}")
    return summary


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--queries", type=Path, nargs="*", help="query files (default: the dev and test sets)")
    ap.add_argument("--misses", action="store_true", help="list the queries that do not rank first")
    args = ap.parse_args()
    kb = open_store()
    from benchmarks.bm25s_baseline import Bm25sBaseline
    engines = {"search": ours(kb), "fts5": Fts5Baseline(kb.data).search, "bm25s": Bm25sBaseline(kb.data).search}
    names = {p.resolve(): n for n, p in SETS}
    sets = ([(names.get(p.resolve(), p.stem), p) for p in args.queries] if args.queries
            else [(n, p) for n, p in SETS if p.is_file()])
    ok = True
    for name, path in sets:
        rows = read_queries(path)
        summary = report(table(rows, engines), f"{name} ({path.name}): {len(rows)} queries")
        ok &= goals(summary)
        if args.misses and name not in HELD_OUT:
            misses(halves(rows)[0] if name in HALVED else rows, engines["search"])
    if ACCEPTANCE.is_file():
        acc = read_queries(ACCEPTANCE)
        report(table(acc, engines), f"public acceptance sample: {len(acc)} queries")
        missed = [(c, q) for (c, q, gold) in acc if rank_of(engines["search"](q), gold) != 1]
        print(f"acceptance: {len(acc) - len(missed)}/{len(acc)} first" + "".join(f"\n  miss [{c}] {q!r}" for c, q in missed))
        ok &= not missed
    return 0 if ok else 1


def goals(summary: dict) -> bool:
    ok = True
    for group, wanted in GOALS.items():
        for metric, goal in wanted.items():
            got = summary.get(("search", group), {}).get(metric)
            if got is not None:
                ok &= got >= goal
                print(f"goal {group} {metric} >= {goal:.2f}: {got:.3f} {'ok' if got >= goal else 'BELOW GOAL'}")
    return ok


def halves(rows):
    """The odd rows of each category (1st, 3rd, ...: tuned on) and the even ones (held out)."""
    tuned, held, seen = [], [], {}
    for row in rows:
        n = seen[row[0]] = seen.get(row[0], 0) + 1
        (tuned if n % 2 else held).append(row)
    return tuned, held


def misses(rows, run) -> None:
    print("\nnot first (search):")
    for cat, q, gold in rows:
        ranked = run(q)
        r = rank_of(ranked, gold)
        if r != 1:
            print(f"  [{cat}] {q!r}: rank {r}, want {sorted(gold)}, top {ranked[:4]}")


if __name__ == "__main__":
    sys.exit(main())
