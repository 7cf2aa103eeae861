"""The table of contents of an edition as the pages show it: the edition's structure tree (kb/toc.py, in the
built artifact) with links, the state of every article, and what is inferred or borrowed said in plain Dutch."""
from __future__ import annotations

from functools import lru_cache

from kb.toc_tree import trails

from .structure_api import toc_tree
from .state import store
from .urls import edition_url

KIND_LABEL = {"hoofdstuk": "Hoofdstuk", "deel": "Deel", "paragraaf": "Paragraaf"}


def title_note(node: dict) -> str:
    """'titel uit 1987', 'titel niet in de bron' or '' (the source gives it)."""
    if node["title_from"] not in (None, "source"):
        return f"titel uit {node['title_from']}"
    return "" if node["title"] else "titel niet in de bron"


def node_view(kb, edition: str, node: dict, depth: int, href, status_of) -> dict:
    if node["kind"] == "artikel":
        number = node["number"]
        cls, words = status_of(kb.article(edition, number))
        return {"kind": "artikel", "number": number, "label": "Bijlage" if number == "bijlage" else f"Artikel {number}",
                "title": node["title"], "title_note": title_note(node), "url": href(edition, number),
                "status": cls, "status_text": words, "inferred": node["inferred"], "reason": node["reason"]}
    return {"kind": node["kind"], "id": node["id"], "depth": depth, "number": node["number"],
            "label": f"{KIND_LABEL[node['kind']]} {node['number']}", "title": node["title"],
            "title_note": title_note(node), "inferred": node["inferred"], "reason": node["reason"],
            "sources": node.get("sources", []), "children": [node_view(kb, edition, c, depth + 1, href, status_of) for c in node["children"]]}


def tree_view(edition: str, href, status_of) -> list[dict]:
    kb = store()
    return [node_view(kb, edition, n, 0, href, status_of) for n in toc_tree(kb, edition)]


def article_rows(nodes: list[dict]):
    for n in nodes:
        if n["kind"] == "artikel":
            yield n
        else:
            yield from article_rows(n["children"])


@lru_cache(maxsize=8)
def _trails(version: str, edition: str) -> dict[str, list[dict]]:
    return trails(toc_tree(store(), edition))


def breadcrumbs(edition: str, number: str) -> list[dict]:
    """The headings above an article, outermost first, each linking its place in the edition's contents."""
    kb = store()
    return [{"label": f"{KIND_LABEL[h['kind']]} {h['number']}", "title": h["title"] or "",
             "url": edition_url(edition, h["id"]),
             "inferred": h["inferred"], "title_note": title_note(h) if h["title"] else ""}
            for h in _trails(kb.version, edition).get(number, [])]


def article_title_from(edition: str, number: str) -> tuple[str | None, str | None]:
    """(title, edition it comes from) as the contents give it: a title borrowed from another edition says so."""
    kb = store()
    for node in article_rows(toc_tree(kb, edition)):
        if node["number"] == number:
            return node["title"], node["title_from"]
    return None, None

