"""The built knowledge base as one JSON document: what the web app and the search index read."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any, Callable

from .assemble import KnowledgeBase, _num_key
from .graph import article_graph, build_graph, related_articles, transition
from .layers import Block, Layering
from .model import Article, Section

FORMAT = 2  # 2: every block's layers beside its text, sections with path and suffix, no graph


def section_dict(s: Section, above: list[str], spans: Callable[[str, str, str], list]) -> dict:
    """A section as the artifact stores it: its full id (27B1b), its path (["B", "1", "b"]: the labels from
    the article down) and its suffix (B1b), written here once so that no reader converts one into another."""
    path = above + [s.label]
    suffix = "".join(path)
    return {"id": s.id, "path": path, "suffix": suffix, "label": s.label, "title": s.title,
            "title_source": s.title_source, "text": s.text, "layers": spans("text", suffix, s.text),
            "fragment": s.fragment, "sources": [asdict(x) for x in s.sources], "notes": s.notes,
            "known_from": s.known_from, "children": [section_dict(c, path, spans) for c in s.children]}


def article_dict(a: Article, layering: Layering) -> dict:
    """An article with its blocks, each with its layers (kb/layers.py) beside its text."""
    def spans(fld: str, suffix: str, text: str) -> list:
        return layering.spans(Block(a.edition, a.number, fld, suffix, text))
    return {"edition": a.edition, "article": a.number, "title": a.title, "title_source": a.title_source,
            "headings": [asdict(h) for h in a.headings], "text": a.text, "layers": spans("text", "", a.text),
            "sources": [asdict(x) for x in a.sources], "sections": [section_dict(s, [], spans) for s in a.sections],
            "footnotes": [dict(asdict(f), layers=spans(f"footnote:{f.number}", "", f.text)) for f in a.footnotes],
            "unplaced": [dict(u, layers=spans(f"unplaced:{i}", "", u["text"])) for i, u in enumerate(a.unplaced)],
            "complete": a.complete, "has_text": a.has_text, "known_from": a.known_from, "notes": a.notes}


def with_layers(layering: Layering, items: list, block: Callable[[Any], Block]) -> list[dict]:
    """Definitions or guide passages as dicts, each with its layers."""
    return [dict(asdict(x), layers=layering.spans(block(x))) for x in items]


def to_artifact(kb: KnowledgeBase, version: str) -> dict:
    g = build_graph(kb)
    steps = transition(article_graph(g))
    layering = Layering(kb)
    articles = {}
    for edition in sorted(kb.articles):
        for number in sorted(kb.articles[edition], key=_num_key):
            art = kb.articles[edition][number]
            d = article_dict(art, layering)
            d["related"] = [g.nodes[n]["article"] for n, _ in related_articles(g, steps, edition, number)] if art.has_text else []
            articles[f"{edition}/{number}"] = d
    editions = {}
    for edition, meta in kb.editions.items():
        editions[edition] = dict(meta, articles=[n for n in sorted(kb.articles[edition], key=_num_key)],
                                 default=edition == kb.default_edition)
    stats = statistics(kb)
    return {
        "format": FORMAT, "version": version, "default_edition": kb.default_edition, "editions": editions,
        "articles": articles, "references": [asdict(r) for r in kb.references],
        "definitions": with_layers(layering, kb.definitions,
                                   lambda d: Block(d.edition, "", f"definition:{d.term}", "", d.text)),
        "keywords": [asdict(k) for k in kb.keywords],
        "guide": with_layers(layering, kb.guide, lambda p: Block("", "", f"guide:{p.id}", "", p.text)),
        "frontmatter": kb.frontmatter, "placements": [asdict(p) for p in kb.placements],
        "sources": kb.sources, "stats": stats, "toc": kb.toc,
    }


def statistics(kb: KnowledgeBase) -> dict:
    per_edition = {}
    for edition, arts in kb.articles.items():
        with_text = [a for a in arts.values() if a.has_text]
        per_edition[edition] = {
            "articles": len(arts), "with_text": len(with_text),
            "complete": sum(1 for a in arts.values() if a.complete),
            "sections": sum(1 for a in arts.values() for _ in a.walk()),
            "sections_with_text": sum(1 for a in arts.values() for s in a.walk() if s.text),
            "fragments": sum(1 for a in with_text if not a.complete),
        }
    status: dict[str, int] = {}
    for r in kb.references:
        status[r.status] = status.get(r.status, 0) + 1
    return {
        "editions": per_edition, "references": len(kb.references), "reference_status": status,
        "keywords": len(kb.keywords), "definitions": len(kb.definitions), "guide_passages": len(kb.guide),
        "chunks_placed": {how: sum(1 for p in kb.placements if p.how.startswith(how))
                          for how in ("heading", "evidence", "curated", "continuity")},
        "chunks_uncertain": sum(1 for p in kb.placements if p.how == "continuity" or p.path is None and p.how != "curated"),
        "chunks_inferred": sum(1 for p in kb.placements if p.how == "curated" and not p.certain),
    }
