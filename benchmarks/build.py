"""Build time of the corpus and of a synthetic corpus 50 times larger, beside a plain SQLite FTS5 table of the
same texts built in the same run.

    python benchmarks/build.py [--scale 50] [--runs 3]

The synthetic corpus repeats every law source once per synthetic edition (s01, s02, …), with its metadata and
the same curated annotations, so every parser, the reference resolution, the graph and the index all see
SCALE times the input. Growth is reported as (time at scale / time at 1) / scale: 1.0 is linear."""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.fts5_baseline import Fts5Baseline  # noqa: E402
from indexer import build_index  # noqa: E402
from kb.artifact import to_artifact  # noqa: E402
from kb.assemble import build_knowledge_base  # noqa: E402
from kb.corpus import load_corpus  # noqa: E402
from kb.glossaries import glossary_tables  # noqa: E402


def synthetic_corpus(target: Path, scale: int) -> Path:
    src = ROOT / "corpus"
    shutil.copytree(src / "annotations", target / "annotations")
    shutil.copytree(src / "glossary", target / "glossary")
    (target / "sources").mkdir(parents=True)
    editions = {"default": "s01", "editions": {}}
    for k in range(1, scale + 1):
        ed = f"s{k:02d}"
        editions["editions"][ed] = {"title": f"Synthetische editie {k}", "short": ed}
        for meta_path in sorted((src / "sources").glob("*.meta.json")):
            meta = json.loads(meta_path.read_text("utf-8"))
            prefix, rest = meta["file"].split("_", 1)
            name = f"{prefix}_{ed}{rest}"
            shutil.copy(src / "sources" / meta["file"], target / "sources" / name)
            meta["file"] = name
            if meta["edition"] != "guide" or k == 1:
                meta["edition"] = meta["edition"] if meta["edition"] == "guide" else ed
                (target / "sources" / f"{name[:-4]}.meta.json").write_text(json.dumps(meta), "utf-8")
            else:
                (target / "sources" / name).unlink()
    (target / "editions.json").write_text(json.dumps(editions), "utf-8")
    return target


def time_build(corpus: Path, runs: int) -> dict:
    phases: dict[str, list[float]] = {"parse": [], "artifact": [], "index": [], "total": [], "fts5": []}
    artifact = None
    for _ in range(runs):
        t0 = time.perf_counter()
        loaded = load_corpus(corpus)
        kb = build_knowledge_base(loaded)
        t1 = time.perf_counter()
        artifact = to_artifact(kb, "bench")
        artifact["glossaries"] = glossary_tables(loaded)
        json.dumps(artifact, ensure_ascii=False)
        t2 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            build_index(artifact, Path(tmp) / "index")
        t3 = time.perf_counter()
        Fts5Baseline(artifact)
        t4 = time.perf_counter()
        for name, value in (("parse", t1 - t0), ("artifact", t2 - t1), ("index", t3 - t2), ("total", t3 - t0),
                            ("fts5", t4 - t3)):
            phases[name].append(value)
    sections = sum(1 for _ in artifact["articles"].values())
    return {"median": {k: statistics.median(v) for k, v in phases.items()}, "articles": sections,
            "references": len(artifact["references"])}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    base = time_build(ROOT / "corpus", args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        big = time_build(synthetic_corpus(Path(tmp) / "corpus", args.scale), max(1, args.runs // 2))
    print(f"{'corpus':<12}{'articles':>9}{'refs':>7}{'parse':>9}{'artifact':>10}{'index':>8}{'total':>8}{'fts5':>8}")
    for name, r in (("1x", base), (f"{args.scale}x", big)):
        m = r["median"]
        print(f"{name:<12}{r['articles']:>9}{r['references']:>7}{m['parse']:>9.3f}{m['artifact']:>10.3f}"
              f"{m['index']:>8.3f}{m['total']:>8.3f}{m['fts5']:>8.3f}")
    growth = big["median"]["total"] / base["median"]["total"] / args.scale
    print(f"build time {base['median']['total']:.2f} s (goal < 2 s); growth at {args.scale}x: {growth:.2f} of linear "
          f"(goal <= 1.0); FTS5 baseline build {base['median']['fts5'] * 1000:.0f} ms at 1x")


if __name__ == "__main__":
    main()
