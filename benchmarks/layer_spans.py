"""How many spans each layer (kb/layers.py) puts on each page type, to keep pages light (goal: no article page
with more than 25 keyword links), and what the layers cost at build time.

    python benchmarks/layer_spans.py [--top 8]

Builds the knowledge base from corpus/ in-process, computes the layers as the artifact does (kb/artifact.py),
and prints per page type and layer: the pages, the pages with at least one span, the spans in all, the mean
and the most on one page; then the article pages with the most keyword links, and the time to set up the
layers and to compute every block's spans."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.artifact import to_artifact  # noqa: E402
from kb.assemble import build_knowledge_base  # noqa: E402
from kb.corpus import load_corpus  # noqa: E402
from kb.layers import LAYERS, Layering  # noqa: E402
from kb.toc_tree import text_blocks  # noqa: E402


def pages(artifact: dict) -> dict[str, dict[str, list[dict]]]:
    """Page type -> page -> the blocks it shows."""
    out: dict[str, dict[str, list[dict]]] = {}
    for key, art in artifact["articles"].items():
        if art["has_text"]:
            blocks = [*text_blocks(art), *art["footnotes"], *art["unplaced"]]
            out.setdefault(f"article {art['edition']}", {})[key] = blocks
    out["definitions"] = {"/begrippen": artifact["definitions"]}
    out["guide passage"] = {p["id"]: [p] for p in artifact["guide"]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    kb = build_knowledge_base(load_corpus(ROOT / "corpus"))
    t0 = time.perf_counter()
    Layering(kb)
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    artifact = to_artifact(kb, "bench")
    whole = time.perf_counter() - t0
    names = [layer.name for layer in LAYERS]
    print(f"{'page type':<16} {'layer':<11} {'pages':>5} {'with':>5} {'spans':>6} {'mean':>6} {'max':>4}")
    keyword_pages: dict[str, int] = {}
    for kind, by_page in pages(artifact).items():
        for name in names:
            counts = {p: sum(1 for b in blocks for s in b["layers"] if s["layer"] == name)
                      for p, blocks in by_page.items()}
            if name == "keyword" and kind.startswith("article"):
                keyword_pages.update(counts)
            values = list(counts.values())
            print(f"{kind:<16} {name:<11} {len(values):>5} {sum(1 for v in values if v):>5} {sum(values):>6} "
                  f"{statistics.mean(values):>6.2f} {max(values):>4}")
    print(f"\narticle pages with the most keyword links (goal: <= 25 each):")
    for page, n in sorted(keyword_pages.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {page:<12} {n}")
    print(f"\nlayers set up in {setup * 1000:.0f} ms; the whole artifact (every block's layers) in {whole * 1000:.0f} ms")


if __name__ == "__main__":
    main()
