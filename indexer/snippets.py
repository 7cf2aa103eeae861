"""Highlighted snippets: the passage of a text with most query words, HTML-escaped, words in <mark>.

The words of a stored text are analysed once: ``Snippets.prepare`` gives the normalised text and where each
stem stands in it, and the searcher keeps that per document from load time, so a request only looks up the
query's stems and cuts the passage."""
from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from html import escape

from .analysis import Analysis

WIDTH = 200
MAX_TEXT = 4000    # a snippet comes from the first part of a very long text


class Prepared:
    """A text made ready for snippets: normalised, with the (start, end) spans of each stem."""

    __slots__ = ("text", "spans")

    def __init__(self, text: str, spans: dict[str, list[tuple[int, int]]]):
        self.text = text
        self.spans = spans


EMPTY = Prepared("", {})


class Snippets:
    """Snippets of stored texts; a text not prepared in advance is prepared once and kept (a bounded cache)."""

    def __init__(self, analysis: Analysis, size: int = 4096):
        self.analysis = analysis
        self.size = size
        self._prepared: OrderedDict[str, Prepared] = OrderedDict()

    def prepare(self, text: str) -> Prepared:
        text = normalise(text)
        if not text:
            return EMPTY
        spans: dict[str, list[tuple[int, int]]] = {}
        for stem, _w, _p, start, end in self.analysis.terms(text, compounds=False):
            spans.setdefault(stem, []).append((start, end))
        return Prepared(text, spans)

    def cached(self, text: str) -> Prepared:
        found = self._prepared.get(text)
        if found is None:
            found = self._prepared[text] = self.prepare(text)
            if len(self._prepared) > self.size:
                self._prepared.popitem(last=False)
        return found

    def __call__(self, text: str, stems, width: int = WIDTH) -> str:
        return render(self.cached(text or ""), stems, width)


def normalise(text: str) -> str:
    return " ".join((text or "")[:MAX_TEXT].split())


def render(prepared: Prepared, stems, width: int = WIDTH) -> str:
    """Escaped HTML: at most about `width` characters of a prepared text around its best match."""
    text = prepared.text
    if not text:
        return ""
    spans = prepared.spans
    found = [spans[s] for s in stems if s in spans]
    if len(found) == 1:
        hits = found[0]       # one stem's spans: in text order, each once
    else:
        hits = sorted({h for group in found for h in group})
    lo, hi = 0, min(len(text), width)
    if hits:
        starts = [s for s, _ in hits]
        reach = width * 0.8
        best, best_n = hits[0][0], 0
        for i, start in enumerate(starts):
            n = bisect_left(starts, start + reach, i) - i     # hits starting less than `reach` after this one
            if n > best_n:
                best, best_n = start, n
        lo = max(0, best - width // 4)
        if lo > 0:
            space = text.rfind(" ", 0, lo)
            lo = space + 1 if space >= 0 and lo - space < 30 else lo
        hi = min(len(text), lo + width)
    if hi < len(text):
        space = text.rfind(" ", lo, hi)
        hi = space if space > lo + width // 2 else hi
    out, cur = [], lo
    for start, end in hits:
        if start < lo or end > hi or start < cur:
            continue
        out.append(escape(text[cur:start]))
        out.append("<mark>" + escape(text[start:end]) + "</mark>")
        cur = end
    out.append(escape(text[cur:hi]))
    return ("… " if lo > 0 else "") + "".join(out) + (" …" if hi < len(text) else "")


def snippet(text: str, stems: set[str], analysis: Analysis, width: int = WIDTH) -> str:
    """Escaped HTML: at most about `width` characters of text around its best match."""
    return render(Snippets(analysis, size=0).prepare(text), stems, width)
