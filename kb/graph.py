"""The knowledge base as a networkx graph: editions, chapters, articles, sections, definitions, keywords and
guide passages; edges contains, refers_to (with the citing sentence), indexed_under, see / see_also,
same_article (across editions) and explains (guide passage → article or section)."""
from __future__ import annotations

import networkx as nx

from .assemble import KnowledgeBase
from .model import Article
from .text import fold


def article_node(edition: str, number: str) -> str:
    return f"article:{edition}:{number}"


EPSILON = 1e-4  # probability mass below which a node drops out of a personalised PageRank


def keyword_node(headword: str) -> str:
    return f"keyword:{fold(headword)}"


def section_node(edition: str, section_id: str) -> str:
    return f"section:{edition}:{section_id}"


def target_node(edition: str, number: str, section: str) -> str:
    return section_node(edition, number + section) if section else article_node(edition, number)


def build_graph(kb: KnowledgeBase) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for edition in sorted(kb.articles):
        e = f"edition:{edition}"
        g.add_node(e, kind="edition", edition=edition, title=kb.editions[edition]["title"])
        for number, art in kb.articles[edition].items():
            add_article(g, e, art)
    for ref in kb.references:
        if not ref.article:
            src = f"definition:{ref.edition}:{ref.field.split(':', 1)[1]}"
        else:
            src = target_node(ref.edition, ref.article, ref.section)
            if src not in g:
                src = article_node(ref.edition, ref.article)
        dst = target_node(ref.to_edition, ref.to_article, ref.to_section)
        if dst not in g:
            dst = article_node(ref.to_edition, ref.to_article)
        if dst not in g:
            continue  # an edition outside the corpus: kept in kb.references, reported by check
        g.add_edge(src, dst, key=f"ref:{ref.field}:{ref.start}:{ref.to_section}", kind="refers_to",
                   text=ref.text, sentence=ref.sentence, status=ref.status)
    for d in kb.definitions:
        g.add_node(f"definition:{d.edition}:{d.term}", kind="definition", edition=d.edition, title=d.term)
        g.add_edge(f"edition:{d.edition}", f"definition:{d.edition}:{d.term}", kind="contains")
    headwords = {fold(k.path[0]) for k in kb.keywords}
    for i, k in enumerate(kb.keywords):
        node = keyword_node(k.path[0]) if len(k.path) == 1 else f"keyword:{i}"
        g.add_node(keyword_node(k.path[0]), kind="keyword", title=k.path[0])
        if node != keyword_node(k.path[0]):
            g.add_node(node, kind="keyword", title=" › ".join(k.path))
            g.add_edge(keyword_node(k.path[0]), node, kind="contains")
        for number in k.articles:
            g.add_edge(node, article_node(kb.default_edition, number), kind="indexed_under")
        for kind, targets in (("see", k.see), ("see_also", k.see_also)):
            for t in targets:
                if fold(t) in headwords:
                    g.add_edge(node, keyword_node(t), kind=kind)
    numbers: dict[str, list[str]] = {}
    for edition in sorted(kb.articles):
        for number, art in kb.articles[edition].items():
            if art.has_text:
                numbers.setdefault(number, []).append(edition)
    for number, eds in numbers.items():
        for a in eds:
            for b in eds:
                if a != b:
                    g.add_edge(article_node(a, number), article_node(b, number), kind="same_article")
    for p in kb.guide:
        node = f"guide:{p.id}"
        g.add_node(node, kind="guide", title=p.title)
        for cite in p.explains:
            from .citations import from_compact
            cit = from_compact(cite)
            if cit is None:
                continue
            dst = target_node(kb.default_edition, cit.article, cit.section or "")
            if dst not in g:
                dst = article_node(kb.default_edition, cit.article)
            g.add_edge(node, dst, kind="explains")
    return g


def add_article(g: nx.MultiDiGraph, edition_node: str, art: Article) -> None:
    parent = edition_node
    for h in art.headings:
        node = f"heading:{art.edition}:{h.kind}:{h.number}:{fold(h.title)[:40]}"
        if node not in g:
            g.add_node(node, kind=h.kind, edition=art.edition, title=h.title)
            g.add_edge(parent, node, kind="contains")
        parent = node
    a = article_node(art.edition, art.number)
    g.add_node(a, kind="article", edition=art.edition, article=art.number, title=art.title, has_text=art.has_text)
    g.add_edge(parent, a, kind="contains")

    def walk(parent_node, sections):
        for s in sections:
            n = section_node(art.edition, s.id)
            g.add_node(n, kind="section", edition=art.edition, article=art.number, section=s.id, title=s.title)
            g.add_edge(parent_node, n, kind="contains")
            walk(n, s.children)
    walk(a, art.sections)


def article_of(g: nx.MultiDiGraph, node: str) -> str | None:
    data = g.nodes.get(node, {})
    if data.get("kind") == "article":
        return node
    if data.get("kind") == "section":
        return article_node(data["edition"], data["article"])
    return None


def article_graph(g: nx.MultiDiGraph) -> nx.Graph:
    """Articles joined by references (either way), shared keyword entries and shared guide passages."""
    simple = nx.Graph()
    for u, v, data in g.edges(data=True):
        if data.get("kind") in ("refers_to", "indexed_under", "explains"):
            au, av = article_of(g, u) or u, article_of(g, v) or v
            if au != av:
                w = simple.get_edge_data(au, av, {}).get("weight", 0) + 1
                simple.add_edge(au, av, weight=w)
    return simple


def transition(simple: nx.Graph) -> dict[str, list[tuple[str, float]]]:
    """Each node's neighbours with the probability of stepping to them (edge weight / node strength)."""
    out = {}
    for node, nbrs in simple.adjacency():
        total = sum(d.get("weight", 1) for d in nbrs.values())
        out[node] = [(nb, d.get("weight", 1) / total) for nb, d in nbrs.items()] if total else []
    return out


def personalised_pagerank(steps: dict[str, list[tuple[str, float]]], start: str, alpha: float = 0.85,
                          rounds: int = 12) -> dict[str, float]:
    """Power iteration in plain Python (no numpy): the walk restarts at start with probability 1 - alpha."""
    rank = {start: 1.0}
    for _ in range(rounds):
        rank = {n: r for n, r in rank.items() if r >= EPSILON}  # keep the walk local: linear in the corpus
        nxt: dict[str, float] = {start: 1 - alpha}
        for node, r in rank.items():
            moves = steps.get(node)
            if not moves:
                nxt[start] += alpha * r
                continue
            for nb, p in moves:
                nxt[nb] = nxt.get(nb, 0.0) + alpha * r * p
        rank = nxt
    return rank


def related_articles(g: nx.MultiDiGraph, steps: dict, edition: str, number: str, limit: int = 5) -> list[tuple[str, float]]:
    """Articles near this one in the graph, ranked by personalised PageRank, same edition, with text."""
    start = article_node(edition, number)
    if start not in steps:
        return []
    scores = personalised_pagerank(steps, start)
    ranked = [(n, s) for n, s in scores.items()
              if n != start and g.nodes.get(n, {}).get("kind") == "article" and g.nodes[n].get("edition") == edition
              and g.nodes[n].get("has_text")]
    ranked.sort(key=lambda x: (-x[1], x[0]))
    return ranked[:limit]
