"""The graph: node kinds and the edges the issue names."""
from __future__ import annotations

import pytest

from kb.graph import article_graph, build_graph, related_articles, transition


@pytest.fixture(scope="module")
def graph(kb):
    return build_graph(kb)


def edges(graph, kind):
    return [(u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] == kind]


def test_node_kinds(graph):
    kinds = {d["kind"] for _, d in graph.nodes(data=True)}
    assert {"edition", "hoofdstuk", "deel", "paragraaf", "article", "section", "definition", "keyword", "guide"} <= kinds


def test_contains_edition_to_section(graph):
    deel = [v for u, v, _ in edges(graph, "contains") if u == "edition:1987"]
    assert deel and graph.nodes[deel[0]]["kind"] == "deel" and graph.nodes[deel[0]]["title"] == "Onregelmatigheden"
    assert graph.has_edge("article:1997:27", "section:1997:27B")
    assert graph.has_edge("section:1997:27B", "section:1997:27B3")


def test_refers_to_carries_the_citing_sentence(graph):
    (d,) = [d for u, v, d in edges(graph, "refers_to") if u == "section:1987:24B" and v == "section:1987:23A"]
    assert "zie artikel 23 A" in d["sentence"] and d["status"] == "resolved"


def test_keywords_see_and_same_article_and_guide(graph):
    indexed = {v for u, v, d in edges(graph, "indexed_under")}
    assert "article:1997:27" in indexed
    see = [(graph.nodes[u]["title"], graph.nodes[v]["title"]) for u, v, _ in edges(graph, "see")]
    assert ("Dummy", "Blinde") in see  # Blinde is a curated headword (index line 115)
    assert graph.has_edge("article:1987:27", "article:1997:27") and graph.has_edge("article:1997:19", "article:2017:19")
    explains = {(graph.nodes[u]["title"], v) for u, v, _ in edges(graph, "explains")}
    assert ("Onvoldoende bod", "article:1997:27") in explains


def test_related_articles_are_ranked_by_the_graph(graph):
    steps = transition(article_graph(graph))
    related = [n for n, _ in related_articles(graph, steps, "1987", "31")]
    assert related and all(n.startswith("article:1987:") for n in related)
    assert "article:1987:23" in related
