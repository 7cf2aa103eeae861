"""Highlighted snippets: the passage of a text with most query words, HTML-escaped, words in <mark>.

The words of a stored text are analysed once: ``Snippets.prepare`` gives the normalised text and where each
stem stands in it, and the searcher keeps that per document from load time, so a request only looks up the
query's stems and cuts the passage."""
from __future__ import annotations

import re
from bisect import bisect_left
from html import escape
from itertools import chain

from .analysis import Analysis

WIDTH = 200
MAX_TEXT = 4000    # a snippet comes from the first part of a very long text


class Prepared:
    """A text made ready for snippets: normalised, with the (start, end) spans of each stem."""

    __slots__ = ("text", "spans", "escape", "lead")

    def __init__(self, text: str, spans: dict[str, list[tuple[int, int]]]):
        self.text = text
        self.spans = spans
        self.lead = ""      # the snippet when no query word is in the text: its opening (set by prepare)
        # most texts have nothing to escape: then every piece of them is its own HTML
        self.escape = escape if any(c in text for c in _SPECIAL) else _same


def _same(text: str) -> str:
    return text


_SPECIAL = "&<>\"'"   # what html.escape changes
EMPTY = Prepared("", {})


class Snippets:
    """Prepares texts for snippets with one build's analysis (the searcher prepares each document once)."""

    def __init__(self, analysis: Analysis):
        self.analysis = analysis

    def prepare(self, text: str) -> Prepared:
        text = normalise(text)
        if not text:
            return EMPTY
        spans: dict[str, list[tuple[int, int]]] = {}
        for stem, _w, _p, start, end in self.analysis.terms(text, compounds=False):
            spans.setdefault(stem, []).append((start, end))
        prepared = Prepared(text, spans)
        prepared.lead = _cut(prepared, [], WIDTH)
        return prepared

    def __call__(self, text: str, stems, width: int = WIDTH) -> str:
        return render(self.prepare(text), stems, width)


def normalise(text: str) -> str:
    """One line of plain text: a table's rows as cells separated by ' · ' (never its pipes), its rule lines
    ('|---|---|') left out."""
    text = (text or "")[:MAX_TEXT]
    if "|" in text:
        lines = []
        for line in text.splitlines():
            if "|" in line:
                if _TABLE_RULE.match(line):
                    continue
                line = " · ".join(c.strip() for c in line.split("|") if c.strip())
            lines.append(line)
        text = "\n".join(lines)
    return " ".join(text.split())


_TABLE_RULE = re.compile(r"^[\s|:\-]*$")


def render(prepared: Prepared, stems, width: int = WIDTH) -> str:
    """Escaped HTML: at most about `width` characters of a prepared text around its best match."""
    text = prepared.text
    if not text:
        return ""
    spans = prepared.spans
    found = [spans[s] for s in stems if s in spans]
    if not found and width == WIDTH:
        return prepared.lead
    return _cut(prepared, found, width)


def _cut(prepared: Prepared, found: list, width: int) -> str:
    text = prepared.text
    size = len(text)
    lo, hi = 0, min(size, width)
    hits, starts = (), []
    if found:
        # each word has one stem: the spans of different stems never coincide, and are each in text order
        hits = found[0] if len(found) == 1 else sorted(chain.from_iterable(found))
        starts = [s for s, _ in hits]
        reach = width * 0.8
        best, best_n = starts[0], 0
        for i, start in enumerate(starts):
            n = bisect_left(starts, start + reach, i) - i     # hits starting less than `reach` after this one
            if n > best_n:
                best, best_n = start, n
        lo = max(0, best - width // 4)
        if lo > 0:
            space = text.rfind(" ", 0, lo)
            lo = space + 1 if space >= 0 and lo - space < 30 else lo
        hi = min(size, lo + width)
    if hi < size:
        space = text.rfind(" ", lo, hi)
        hi = space if space > lo + width // 2 else hi
    out, cur, esc = [], lo, prepared.escape
    for i in range(bisect_left(starts, lo), len(starts)):
        start, end = hits[i]
        if start >= hi:
            break
        if end > hi or start < cur:
            continue
        out.append(esc(text[cur:start]))
        out.append("<mark>" + esc(text[start:end]) + "</mark>")
        cur = end
    out.append(esc(text[cur:hi]))
    return ("… " if lo > 0 else "") + "".join(out) + (" …" if hi < size else "")


def snippet(text: str, stems: set[str], analysis: Analysis, width: int = WIDTH) -> str:
    """Escaped HTML: at most about `width` characters of text around its best match."""
    return Snippets(analysis)(text, stems, width)
