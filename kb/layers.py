"""The layers over the pure text, computed at build time (after eRegulations' regparser/layer).

A block is one text the site shows on its own: an article's intro, a section, a footnote, a text whose place in
its article is unknown, a definition, a guide passage. Every layer is a class with one method, `spans(block,
earlier)`, that returns the layer's stand-off spans in that block, all in one shape:

    {"layer": "reference",  "start": 4, "end": 14, "to_edition", "to_article", "to_section", "status", "reason"}
    {"layer": "footnote",   "start", "end", "number"}        the footnote's marker ('¹⁾', ' 1)', '*')
    {"layer": "definition", "start", "end", "term"}          the first use of a defined term in its article
    {"layer": "keyword",    "start", "end", "entry", "anchor"}
                                the words of a keyword-index entry in an article it names: its label as on
                                /trefwoorden ('Bod › Onvoldoende bod') and its id there (kb.text.keyword_anchor)

`Layering.spans` runs the layers in the order of LAYERS and resolves overlaps once, by one rule: where two
spans overlap, the span of the earlier layer wins (reference < footnote marker < defined term < keyword);
within one layer the one that starts first, then the longer one. kb/artifact.py stores the result, sorted by
start, beside each block's text as "layers"; the web app (web/render.py) only paints it.

To add a layer: a class with `name` and `spans`, put into LAYERS at its rank; give it a painter in
web/render.py. The text itself never changes."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Article, Footnote, KeywordEntry
from .text import fold, fold_chars, keyword_anchor


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
        for term, pattern in terms:
            for section, text in art.blocks():
                m = pattern.search(text)
                if m:
                    key = (edition, art.number, "text", section)
                    self.by_block.setdefault(key, []).append((m.start(), m.end(), term))
                    break

    def spans(self, block: Block, earlier: list[dict]) -> list[dict]:
        return [{"layer": self.name, "start": a, "end": b, "term": term}
                for a, b, term in self.by_block.get(block.key, ())]


def keyword_pattern(phrase: str) -> re.Pattern | None:
    """A phrase of the keyword index as a pattern over fold_chars(text): its words (a bracketed part dropped,
    a trailing 'van' or other short link word too) as whole words, a comma or spaces between them; the last
    word of five letters or more also in its plural ('strafkaart' finds 'strafkaarten', 'leider' 'leiders')."""
    words = re.findall(r"[\w%♠♥♦♣]+", fold_chars(re.sub(r"\s*\(.*?(?:\)|$)", "", phrase)))
    while words and words[-1] in _LINK_WORDS:
        words.pop()
    if not words or len("".join(words)) < 3:
        return None
    body = r",?\s+".join(map(re.escape, words))
    if len(words[-1]) >= 5 and words[-1][-1].isalpha():
        body += "(?:en|s|n)?"
    return re.compile(rf"(?<!\w){body}(?!\w)")


_LINK_WORDS = {"van", "in", "op", "bij", "door", "tot", "voor", "na", "om", "te", "de", "het", "een", "en", "of"}


def _phrases(entry: KeywordEntry) -> tuple[list[str], list[str]]:
    """The entry's own words (its term, and its term uninverted: 'Biedingen, gelijktijdig gedaan' also as
    'gelijktijdig gedaan biedingen'), and its headword's, which stand in where the article lacks the former."""
    def forms(term: str) -> list[str]:
        head, _, rest = term.partition(", ")
        return [term, f"{rest} {head}"] if rest else [term]
    return forms(entry.term), forms(entry.path[0]) if len(entry.path) > 1 and entry.path[0] != "…" else []


class KeywordLinks:
    """Where a keyword-index entry that points to an article is worded in that article (the index names
    articles only; it is the default edition's book): in each block, the first whole-word match of the
    entry's own words, or, in an article that nowhere has them, of its headword's words (in the first block
    that has them only); case and accents folded. A sub-entry of one short word that is no headword of its
    own ('Doublet › Wijze', not 'Scoren › Matchpunten' nor 'Bekennen › Verzaking') counts only in a block
    that also has its headword's words. At most one span per entry per block; ranks last, so never over a
    reference, marker or term."""
    name = "keyword"

    def __init__(self, kb):
        self.by_block: dict[tuple, list] = {}
        self.folded: dict[str, list[tuple[str, str]]] = {}
        edition = kb.default_edition
        entries = getattr(kb, "keywords", ())
        headwords = {fold(e.path[0]) for e in entries}
        for entry in entries:
            own, head = ([p for p in map(keyword_pattern, ph) if p] for ph in _phrases(entry))
            lone = (len(entry.path) > 1 and len(entry.term.split()) == 1 and len(entry.term) < 9
                    and fold(entry.term) not in headwords)
            span = {"layer": self.name, "entry": " › ".join(entry.path), "anchor": keyword_anchor(entry.path)}
            for number in entry.articles:
                art = kb.articles.get(edition, {}).get(number)
                if art is not None:
                    self._first_uses((edition, art.number), self._folded(art), own, head, lone, span)

    def _folded(self, art: Article) -> list[tuple[str, str]]:
        """The article's blocks (section suffix, text case and accents folded), in reading order; once each."""
        if art.number not in self.folded:
            self.folded[art.number] = [(section, fold_chars(text)) for section, text in art.blocks() if text]
        return self.folded[art.number]

    def _first_uses(self, article: tuple[str, str], folded: list, own: list, head: list, lone: bool,
                    span: dict) -> None:
        """The entry's own words in every block that has them; else its headword's, in the first block only."""
        def has(patterns: list, text: str) -> bool:
            return any(p.search(text) for p in patterns)
        blocks = [(section, text) for section, text in folded if has(own, text) and (not lone or has(head, text))]
        patterns = own
        if not blocks:
            patterns, blocks = head, [b for b in folded if has(head, b[1])][:1]
        for section, text in blocks:
            m = min((m for m in (p.search(text) for p in patterns) if m), key=lambda m: (m.start(), -m.end()))
            self.by_block.setdefault((*article, "text", section), []).append(dict(span, start=m.start(), end=m.end()))

    def spans(self, block: Block, earlier: list[dict]) -> list[dict]:
        return [s for s in self.by_block.get(block.key, ()) if _inside(block.text, s["start"], s["end"])]


LAYERS = (References, FootnoteMarkers, DefinedTerms, KeywordLinks)  # in rank order: an earlier layer wins an overlap


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
