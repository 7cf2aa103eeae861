"""The layers over the pure text, computed at build time (after eRegulations' regparser/layer).

A block is one text the site shows on its own: an article's intro, a section, a footnote, a text whose place in
its article is unknown, a definition, a guide passage. Every layer is a class with one method, `spans(block,
earlier)`, that returns the layer's stand-off spans in that block, all in one shape:

    {"layer": "reference",  "start": 4, "end": 14, "to_edition", "to_article", "to_section", "status", "reason"}
    {"layer": "footnote",   "start", "end", "number"}        the footnote's marker ('¹⁾', ' 1)', '*')
    {"layer": "definition", "start", "end", "term"}          the first use of a defined term in its article

`Layering.spans` runs the layers in the order of LAYERS and resolves overlaps once, by one rule: where two
spans overlap, the span of the earlier layer wins (reference < footnote marker < defined term); within one
layer the one that starts first, then the longer one. kb/artifact.py stores the result, sorted by start,
beside each block's text as "layers"; the web app (web/render.py) only paints it.

To add a layer (keyword links, say): a class with `name` and `spans`, put into LAYERS at its rank; give it
a painter in web/render.py. The text itself never changes."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Article, Footnote


@dataclass(frozen=True)
class Block:
    """One text block and where it stands: its edition, article ("" for a definition or guide passage), field
    (text | footnote:N | unplaced:N | definition:<term> | guide:<id>, as in kb.model.Reference) and, for a
    field "text", the section's suffix ("" for the article's intro)."""
    edition: str
    article: str
    field: str
    section: str
    text: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.edition, self.article, self.field, self.section


def _inside(text: str, start: int, end: int) -> bool:
    return 0 <= start < end <= len(text)


class References:
    """The references the citation reader found (kb/assemble.py resolve_references), as spans."""
    name = "reference"

    def __init__(self, kb):
        self.by_block: dict[tuple, list] = {}
        for r in kb.references:
            key = (r.edition, r.article, r.field, r.section if r.field == "text" else "")
            self.by_block.setdefault(key, []).append(r)

    def spans(self, block: Block, earlier: list[dict]) -> list[dict]:
        return [{"layer": self.name, "start": r.start, "end": r.end, "to_edition": r.to_edition,
                 "to_article": r.to_article, "to_section": r.to_section, "status": r.status, "reason": r.reason}
                for r in self.by_block.get(block.key, ()) if _inside(block.text, r.start, r.end)]


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def footnote_marker(text: str, number: str, taken: list[tuple[int, int]]) -> tuple[int, int] | None:
    """Where footnote `number`'s marker stands in text, outside the taken spans: '¹⁾', ' 1)' between words,
    or the number itself when it is no digit ('*')."""
    patterns = [re.escape(number.translate(_SUPERSCRIPT)) + "⁾?", rf"(?<=\s){re.escape(number)}\)(?=[\s.,;:]|$)"]
    if not number.isdigit():
        patterns.append(re.escape(number))
    for pat in patterns:
        for m in re.finditer(pat, text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                return m.start(), m.end()
    return None


class FootnoteMarkers:
    """The marker of each footnote in the block that carries it (Footnote.markers: the section ids, "" for
    the intro; a footnote without markers stands in the intro), never inside an earlier span (a reference's
    digits)."""
    name = "footnote"

    def __init__(self, kb):
        self.articles: dict[str, dict[str, Article]] = kb.articles

    def _footnotes_here(self, block: Block) -> list[Footnote]:
        art = self.articles.get(block.edition, {}).get(block.article)
        if art is None or block.field != "text":
            return []
        here = block.article + block.section
        return [f for f in art.footnotes if here in [m or art.number for m in f.markers]
                or (not f.markers and not block.section)]

    def spans(self, block: Block, earlier: list[dict]) -> list[dict]:
        taken = [(s["start"], s["end"]) for s in earlier]
        out = []
        for f in self._footnotes_here(block):
            pos = footnote_marker(block.text, f.number, taken) if f.number else None
            if pos is not None:
                taken.append(pos)
                out.append({"layer": self.name, "start": pos[0], "end": pos[1], "number": f.number})
        return out


class DefinedTerms:
    """The first use of each defined term in each article (its intro and sections, in reading order); the
    terms of the article's edition, else those of the default edition. A term's base is the term without
    its bracketed part, of at least three letters, matched as a whole word in any case."""
    name = "definition"

    def __init__(self, kb):
        terms: dict[str, list] = {d.edition: [] for d in kb.definitions}
        for d in kb.definitions:
            base = re.sub(r"\s*\(.*?\)", "", d.term).strip()
            if len(base) >= 3 and not d.fragment:
                terms[d.edition].append((d.term, re.compile(rf"(?<!\w){re.escape(base)}(?!\w)", re.IGNORECASE)))
        self.by_block: dict[tuple, list] = {}
        for edition, arts in kb.articles.items():
            for number, art in arts.items():
                self._first_uses(edition, art, terms.get(edition) or terms.get(kb.default_edition, []))

    def _first_uses(self, edition: str, art: Article, terms: list) -> None:
        blocks = [("", art.text)] + [(s.id[len(art.number):], s.text) for s in art.walk()]
        for term, pattern in terms:
            for section, text in blocks:
                m = pattern.search(text)
                if m:
                    key = (edition, art.number, "text", section)
                    self.by_block.setdefault(key, []).append((m.start(), m.end(), term))
                    break

    def spans(self, block: Block, earlier: list[dict]) -> list[dict]:
        return [{"layer": self.name, "start": a, "end": b, "term": term}
                for a, b, term in self.by_block.get(block.key, ())]


LAYERS = (References, FootnoteMarkers, DefinedTerms)  # in rank order: an earlier layer wins an overlap


def resolve(spans: list[dict]) -> list[dict]:
    """The spans without overlaps, by the one rule (module docstring), sorted by start."""
    rank = {layer.name: i for i, layer in enumerate(LAYERS)}
    kept: list[dict] = []
    for s in sorted(spans, key=lambda s: (rank[s["layer"]], s["start"], -s["end"])):
        if not any(k["start"] < s["end"] and s["start"] < k["end"] for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s["start"])


class Layering:
    """Every layer of a knowledge base, for its blocks one by one."""

    def __init__(self, kb):
        self.layers = [layer(kb) for layer in LAYERS]

    def spans(self, block: Block) -> list[dict]:
        found: list[dict] = []
        for layer in self.layers:
            found += layer.spans(block, found)
        return resolve(found)
