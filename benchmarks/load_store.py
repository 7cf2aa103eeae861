"""Load time of a build per worker: what each gunicorn worker does when it starts or sees `current` move
(kb.json read into a Store, the whoosh index opened by a Searcher), and kb.json's size. Prints the median and
the fastest of N loads (on a shared machine the fastest is the steadier figure).

    python benchmarks/load_store.py [--runs 7] [--data DIR]     (default: a fresh build in a temporary folder)
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder import build, current_dir  # noqa: E402
from indexer import Searcher  # noqa: E402
from kb.store import Store  # noqa: E402


def load_seconds(load, runs: int) -> tuple[float, float]:
    """(median, fastest) of runs loads."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        load()
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = args.data or Path(tmp)
        if args.data is None:
            build(ROOT / "corpus", base, log=lambda *_: None)
        directory = current_dir(base)
        size = (directory / "kb.json").stat().st_size
        store = load_seconds(lambda: Store(directory), args.runs)
        searcher = load_seconds(lambda: Searcher(directory / "index"), args.runs)
        print(f"kb.json {size / 1024:.0f} KiB; {args.runs} loads:     median    fastest")
        print(f"  Store (kb.json)      {store[0] * 1000:7.1f} ms {store[1] * 1000:7.1f} ms")
        print(f"  Searcher (index)     {searcher[0] * 1000:7.1f} ms {searcher[1] * 1000:7.1f} ms")
        print(f"  a worker's load      {(store[0] + searcher[0]) * 1000:7.1f} ms {(store[1] + searcher[1]) * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
