"""The built knowledge base as one JSON document: what the web app and the search index read."""
from __future__ import annotations

import re
from dataclasses import asdict

from .assemble import KnowledgeBase, _num_key
from .graph import article_graph, build_graph, related_articles, transition
from .model import Article, Section

FORMAT = 1


def section_dict(s: Section) -> dict:
    return {"id": s.id, "label": s.label, "title": s.title, "title_source": s.title_source, "text": s.text,
            "fragment": s.fragment, "sources": [asdict(x) for x in s.sources], "notes": s.notes, "known_from": s.known_from,
            "children": [section_dict(c) for c in s.children]}


def article_dict(a: Article) -> dict:
    return {"edition": a.edition, "article": a.number, "title": a.title, "title_source": a.title_source,
            "headings": [asdict(h) for h in a.headings], "text": a.text, "sources": [asdict(x) for x in a.sources],
            "sections": [section_dict(s) for s in a.sections], "footnotes": [asdict(f) for f in a.footnotes],
            "unplaced": a.unplaced, "complete": a.complete, "has_text": a.has_text, "known_from": a.known_from,
            "notes": a.notes}


def defined_terms(kb: KnowledgeBase) -> list[dict]:
    """Layer: the first use of each defined term in each article (offsets into the block's text)."""
    layer = []
    terms = {d.edition: [] for d in kb.definitions}
    for d in kb.definitions:
        base = re.sub(r"\s*\(.*?\)", "", d.term).strip()
        if len(base) >= 3 and not d.fragment:
            terms[d.edition].append((d.term, re.compile(rf"(?<!\w){re.escape(base)}(?!\w)", re.IGNORECASE)))
    for edition, arts in kb.articles.items():
        defs = terms.get(edition) or terms.get(kb.default_edition, [])
        for number, art in arts.items():
            blocks = [("", art.text)] + [(s.id[len(number):], s.text) for s in art.walk()]
            for term, pattern in defs:
                for section, text in blocks:
                    m = pattern.search(text)
                    if m:
                        layer.append({"edition": edition, "article": number, "section": section, "field": "text",
                                      "start": m.start(), "end": m.end(), "term": term})
                        break
    return layer


def to_artifact(kb: KnowledgeBase, version: str) -> dict:
    g = build_graph(kb)
    steps = transition(article_graph(g))
    articles = {}
    for edition in sorted(kb.articles):
        for number in sorted(kb.articles[edition], key=_num_key):
            art = kb.articles[edition][number]
            d = article_dict(art)
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
        "definitions": [asdict(d) for d in kb.definitions], "defined_terms": defined_terms(kb),
        "keywords": [asdict(k) for k in kb.keywords], "guide": [asdict(p) for p in kb.guide],
        "frontmatter": kb.frontmatter, "placements": [asdict(p) for p in kb.placements],
        "sources": kb.sources, "stats": stats,
        "toc": kb.toc,
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
