"""Prints the Lighthouse reports benchmarks/lighthouse.sh wrote (median of the runs of each page, and each run),
the audits below full marks outside performance, and the article page's HTML + CSS + JS raw and gzip-compressed.

    python benchmarks/lighthouse_report.py <report dir> <base url> "name path" ..."""
from __future__ import annotations

import gzip
import json
import re
import statistics
import sys
import urllib.request
from pathlib import Path

CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = (("FCP ms", "first-contentful-paint", "{:.0f}"), ("LCP ms", "largest-contentful-paint", "{:.0f}"),
           ("TBT ms", "total-blocking-time", "{:.0f}"), ("CLS", "cumulative-layout-shift", "{:.3f}"))
ARTICLE = "/1997/artikel/27"


def score(report: dict, category: str) -> int:
    return round(report["categories"][category]["score"] * 100)


def page_row(name: str, path: str, reports: list[dict]) -> str:
    cols = [f"{statistics.median(score(r, c) for r in reports):g}" for c in CATEGORIES]
    cols += [fmt.format(statistics.median(r["audits"][k]["numericValue"] for r in reports)) for _, k, fmt in METRICS]
    runs = ", ".join("/".join(str(score(r, c)) for c in CATEGORIES) for r in reports)
    return f"{name:<8} {path:<28} " + " ".join(f"{c:>8}" for c in cols) + f"   runs: {runs}"


def below_full_marks(report: dict) -> list[str]:
    out = []
    for key, cat in report["categories"].items():
        for ref in cat["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if key != "performance" and ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
                out.append(f"         {key}: {ref['id']} ({audit['score']}): {audit['title']}")
    return out


def article_weight(base: str) -> str:
    def get(path: str) -> bytes:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return r.read()
    html = get(ARTICLE)
    assets = re.findall(rb'<(?:script[^>]+src|link[^>]+rel="stylesheet"[^>]+href)="([^"]+)"', html)
    parts = [("html", html)] + [(a.decode(), get(a.decode())) for a in assets]
    raw = sum(len(b) for _, b in parts)
    packed = sum(len(gzip.compress(b, 6)) for _, b in parts)
    each = ", ".join(f"{n} {len(gzip.compress(b, 6)) / 1024:.1f}" for n, b in parts)
    return (f"article page {ARTICLE}: HTML + CSS + JS {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB gzip ({each});"
            " goal < 50 KB compressed")


def main(out: Path, base: str, pages: list[str]) -> None:
    head = ["performance"[:8], "access.", "best-pr.", *[m[0] for m in METRICS]]
    print(f"{'page':<8} {'path':<28} " + " ".join(f"{h:>8}" for h in head) + "   (medians; perf/a11y/bp per run)")
    for entry in pages:
        name, path = entry.split(" ", 1)
        reports = [json.loads(f.read_text()) for f in sorted(out.glob(f"{name}-*.json"))]
        if not reports:
            raise SystemExit(f"no report for {name}")
        print(page_row(name, path, reports))
        print("\n".join(below_full_marks(reports[0])) or "         (accessibility, best practices: all audits pass)")
    print(article_weight(base))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3:])
