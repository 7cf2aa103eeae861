"""Highlighted snippets: the passage of a text with most query words, HTML-escaped, words in <mark>."""
from __future__ import annotations

from collections import OrderedDict
from html import escape

from .analysis import Analysis

WIDTH = 200
MAX_TEXT = 4000    # a snippet comes from the first part of a very long text


class Snippets:
    """Snippets of the stored texts; each text's words are analysed once and kept (a bounded cache)."""

    def __init__(self, analysis: Analysis, size: int = 4096):
        self.analysis = analysis
        self.size = size
        self._words: OrderedDict[str, list[tuple[str, int, int]]] = OrderedDict()

    def words(self, text: str) -> list[tuple[str, int, int]]:
        found = self._words.get(text)
        if found is None:
            found = [(stem, start, end) for stem, _w, _p, start, end in self.analysis.terms(text, compounds=False)]
            self._words[text] = found
            if len(self._words) > self.size:
                self._words.popitem(last=False)
        return found

    def __call__(self, text: str, stems: set[str], width: int = WIDTH) -> str:
        text = " ".join((text or "")[:MAX_TEXT].split())
        return snippet(text, stems, self.analysis, width, self.words(text) if text else [])


def snippet(text: str, stems: set[str], analysis: Analysis, width: int = WIDTH, words=None) -> str:
    """Escaped HTML: at most about `width` characters of text around its best match."""
    text = " ".join((text or "")[:MAX_TEXT].split())
    if not text:
        return ""
    if words is None:
        words = [(stem, start, end) for stem, _w, _p, start, end in analysis.terms(text, compounds=False)]
    hits = [(start, end) for stem, start, end in words if stem in stems]
    hits = sorted(set(hits))
    lo, hi = 0, min(len(text), width)
    if hits:
        best, best_n = hits[0][0], 0
        for i, (start, _) in enumerate(hits):
            n = sum(1 for s, _ in hits[i:] if s - start < width * 0.8)
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
