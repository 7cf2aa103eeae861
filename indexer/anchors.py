"""Anchor text: what other texts say about a section, indexed as fields of that section.

    anchors     the citing sentence of every incoming reference ('… moet verder passen (zie artikel 23 A als
                de pas de niet-overtredende partij benadeelt)' describes 23A), and the title and text of every
                guide passage that explains the section;
    situations  the situation vocabulary (corpus/glossary/situations.tsv): how players and directors
                describe the section's situation at the table, with the law's concept.

Keys are (edition, article, section) with section "" for the article's card. Everything comes from the
built artifact."""
from __future__ import annotations

from kb.toc_tree import walk_sections

from .glossary import situation_anchors


def _targets(artifact: dict) -> set[tuple[str, str, str]]:
    out = set()
    for art in artifact["articles"].values():
        ed, number = art["edition"], art["article"]
        out.add((ed, number, ""))
        out.update((ed, number, s["suffix"]) for s in walk_sections(art["sections"]))
    return out


def _place(key: tuple[str, str, str], targets: set) -> tuple[str, str, str] | None:
    """The document that carries text aimed at key: the section, else its nearest enclosing one, else the card."""
    ed, number, section = key
    while section and (ed, number, section) not in targets:
        section = section[:-1]
    return (ed, number, section) if (ed, number, section) in targets else None


def reference_anchors(artifact: dict) -> dict[tuple[str, str, str], list[str]]:
    targets = _targets(artifact)
    out: dict[tuple[str, str, str], list[str]] = {}
    for r in artifact["references"]:
        if r["status"] == "unresolved" or not r.get("sentence"):
            continue
        if (r["edition"], r["article"]) == (r["to_edition"], r["to_article"]):
            continue          # a reference inside its own article says nothing new about it
        key = _place((r["to_edition"], r["to_article"], r["to_section"] or ""), targets)
        if key:
            out.setdefault(key, []).append(r["sentence"])
    default = artifact["default_edition"]
    for p in artifact["guide"]:
        for cite in p["explains"]:
            number = "".join(ch for ch in cite if ch.isdigit()) or cite
            key = _place((default, number, cite[len(number):]), targets)
            if key:
                out.setdefault(key, []).append(f"{p['title']}. {p['text']}")
    return {k: list(dict.fromkeys(v)) for k, v in out.items()}


def situation_texts(artifact: dict) -> dict[tuple[str, str, str], list[str]]:
    """The situation phrasings on their section of the default edition, or, when the default edition has no
    text for the article, of every edition that has it."""
    targets = _targets(artifact)
    default = artifact["default_edition"]
    with_text: dict[str, list[str]] = {}
    for art in artifact["articles"].values():
        if art.get("has_text"):
            with_text.setdefault(art["article"], []).append(art["edition"])
    out: dict[tuple[str, str, str], list[str]] = {}
    for (number, section), phrases in situation_anchors(artifact.get("glossaries", {})).items():
        editions = with_text.get(number, [])
        editions = [default] if default in editions or not editions else sorted(editions)
        for ed in editions:
            key = _place((ed, number, section), targets)
            if key:
                out.setdefault(key, []).extend(phrases)
    return out
