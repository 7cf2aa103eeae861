"""Reading a built artifact: the only thing the web app knows of the knowledge base.

A Store is immutable: the lookups of one build's kb.json. The web app pairs it with the build's search index
(web/state.py), since kb does not import the search engine."""
from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from .citations import Citation, from_compact, parse_citation
from .toc_tree import text_blocks, walk_sections


def is_placeholder(section: dict) -> bool:
    """A section the sources know of (numbering, a reference, another edition) but do not give."""
    return not section["text"] and not section["children"]


class Store:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        with open(self.directory / "kb.json", encoding="utf-8") as f:
            self.data = json.load(f)
        self.version = self.data["version"]
        self.default_edition: str = self.data["default_edition"]
        self.editions: dict = self.data["editions"]
        self.articles: dict = self.data["articles"]
        self._refs_out: dict[str, list] = {}
        self._refs_in: dict[str, list] = {}
        for r in self.data["references"]:
            if r["article"]:
                self._refs_out.setdefault(f"{r['edition']}/{r['article']}", []).append(r)
            self._refs_in.setdefault(f"{r['to_edition']}/{r['to_article']}", []).append(r)
        self._keywords: dict[str, list] = {}
        for k in self.data["keywords"]:
            for n in k["articles"]:
                self._keywords.setdefault(n, []).append(k)
        self._guide: dict[str, list] = {}
        for p in self.data["guide"]:
            for cite in p["explains"]:
                c = from_compact(cite)
                if c:
                    self._guide.setdefault(c.article, []).append(dict(p, cites=cite))

    # ---- lookups

    @property
    def edition_ids(self) -> list[str]:
        return sorted(self.editions)

    def article(self, edition: str, number: str) -> dict | None:
        return self.articles.get(f"{edition}/{number}")

    def editions_with(self, number: str, text_only: bool = True) -> list[str]:
        return [e for e in self.edition_ids
                if (a := self.article(e, number)) is not None and (a["has_text"] or not text_only)]

    def section(self, edition: str, number: str, section_id: str) -> dict | None:
        art = self.article(edition, number)
        if art is None:
            return None
        return next((s for s in walk_sections(art["sections"]) if s["id"] == section_id), None)

    def section_known(self, number: str, section_id: str) -> bool:
        """Whether any edition knows the section (with its text, or as a placeholder for a missing one)."""
        return any(self.section(e, number, section_id) is not None for e in self.edition_ids)

    def section_with_text(self, edition: str, number: str, section_id: str) -> dict | None:
        """The section when the sources give it (its text or its subsections), None for a placeholder
        (kb.assemble.add_placeholders: known, but its text is not in the source) or an unknown one."""
        s = self.section(edition, number, section_id)
        return None if s is None or is_placeholder(s) else s

    def resolve(self, text: str, edition: str | None = None) -> tuple[str, Citation] | None:
        """A citation typed by a person, in an edition (default: the default edition, else the newest that
        has the article's text)."""
        cit = parse_citation(text)
        if cit is None:
            return None
        if edition:
            return (edition, cit) if self.article(edition, cit.article) else None
        # the default edition when it has the article's text, else the newest edition that has it; an article
        # known only by name (table of contents, index, a reference) is a last resort
        with_text = self.editions_with(cit.article)
        if self.default_edition in with_text:
            return self.default_edition, cit
        if with_text:
            return with_text[-1], cit
        if self.article(self.default_edition, cit.article):
            return self.default_edition, cit
        eds = self.editions_with(cit.article, text_only=False)
        return (eds[-1], cit) if eds else None

    def refs_out(self, edition: str, number: str) -> list[dict]:
        return self._refs_out.get(f"{edition}/{number}", [])

    def refs_in(self, edition: str, number: str) -> list[dict]:
        return [r for r in self._refs_in.get(f"{edition}/{number}", []) if r["article"] != number or r["edition"] != edition]

    def keywords_for(self, edition: str, number: str) -> list[dict]:
        return self._keywords.get(number, []) if edition == self.default_edition else []

    def guide_for(self, number: str) -> list[dict]:
        return self._guide.get(number, [])

    @cached_property
    def term_uses(self) -> dict[str, list[dict]]:
        """Defined term -> where the default edition uses it first, per article ({"article", "section"}: the
        section's suffix, "" for the intro), from the definition spans of the articles' layers."""
        out: dict[str, list[dict]] = {}
        for art in self.articles.values():
            if art["edition"] != self.default_edition:
                continue
            for block in text_blocks(art):
                for span in block["layers"]:
                    if span["layer"] == "definition":
                        out.setdefault(span["term"], []).append({"article": art["article"],
                                                                 "section": block.get("suffix", "")})
        return out

    @cached_property
    def definition_refs(self) -> dict[str, list[dict]]:
        """Defined term -> the references in its definition ('zie artikel 12')."""
        out: dict[str, list[dict]] = {}
        for r in self.data["references"]:
            if r["field"].startswith("definition:"):
                out.setdefault(r["field"].split(":", 1)[1], []).append(r)
        return out

    @cached_property
    def definitions(self) -> dict[str, dict]:
        return {d["term"]: d for d in self.data["definitions"]}

    def neighbourhood(self, edition: str, number: str) -> dict:
        """Articles this one refers to and that refer to it (for the reference map)."""
        out = sorted({r["to_article"] for r in self.refs_out(edition, number)
                      if r["to_edition"] == edition and r["to_article"] != number})
        inc = sorted({r["article"] for r in self.refs_in(edition, number) if r["edition"] == edition and r["article"]})
        return {"out": out, "in": inc}
