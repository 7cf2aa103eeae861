"""The citation reader of kb.citations.find_references: scans a text for the words a phrase starts with,
reads each phrase with the grammar (kb.citation_grammar) and keeps the context (kb.citation_context): the
edition asked for, the edition the text declared, the edition its sentence names, the citation before.

Each segment (a sentence, a bullet, a table cell) is scanned once; each phrase is read within a bounded
window; so the whole text costs time linear in its length.
"""
from __future__ import annotations

import re

from .citation_context import MENTION, Segment, declared_edition, segments, speaks_back
from .citation_grammar import ABSOLUTE, BARE, ITEM, RELATIVE_HERE, RELATIVE_UNDER, RELATIVE_WORD, Piece, parse_at
from .citations import (MAX_RANGE, Citation, Match, Target, TooManyReferences, normalise_article, path_labels,
                        resolve_relative)


def _item(piece: Piece) -> Citation:
    article, *path = piece.labels
    levels = [p.upper() if i == 0 else p for i, p in enumerate(path)]
    return Citation(normalise_article(article), tuple(levels))


def _absolute(text: str, pieces: list[Piece]) -> Match | None:
    """A Match from the pieces of an absolute or bare phrase; ranges checked (they climb by at most
    MAX_RANGE, between plain article numbers), a list cut before the first item that does not fit."""
    start = pieces[0].start
    items: list[Citation] = []
    spans: list[tuple[int, int]] = []
    end, is_range, qualifier, own_start = start, False, None, None
    for p in pieces[1:]:
        if p.kind == "sep":
            is_range, own_start = p.is_range, (p.start if p.start < p.end else None)
            continue
        if p.kind == "qualifier":
            qualifier = p
            break
        if not p.labels[0]:  # "41B en C"
            if not items or not items[-1].path:
                break
            cit = Citation(items[-1].article, p.labels[1:])
        else:
            cit = _item(p)
        lo = items[-1] if items else None
        if is_range and not _range_ok(lo, cit, int(cit.article) if cit.article.isdigit() else -1):
            break
        if p.hi and not _range_ok(cit, Citation(str(p.hi[0])), p.hi[0]):
            if not items:
                return None
            break
        item_start, own_start = (own_start if own_start is not None else p.start), None
        if is_range:
            _extend(items, spans, int(cit.article), (item_start, p.end))
        else:
            items.append(cit)
            spans.append((item_start, p.end))
        if p.hi:
            _extend(items, spans, p.hi[0], (p.hi[1], p.hi[2]))
        end, is_range = (p.hi[2] if p.hi else p.end), False
    if not items:
        return None
    if qualifier is not None and end == qualifier.start:
        end = start + len(text[start:qualifier.end].rstrip(" )"))
    else:
        qualifier = None
    if len(items) == 1:
        spans = [(start, end)]
    else:
        first = spans[0][0]
        spans = [(start if a == first else a, b) for a, b in spans]
    year = qualifier.labels[0] if qualifier else None
    targets = [Target(c.article, c.path, year, a, b, "sentence" if year else "request")
               for c, (a, b) in zip(items, spans)]
    return Match(start, end, text[start:end], "absolute", targets, qualified=year is not None)


def _range_ok(lo: Citation | None, hi: Citation, hi_number: int) -> bool:
    return (lo is not None and not lo.path and not hi.path and lo.article.isdigit()
            and 0 < hi_number - int(lo.article) <= MAX_RANGE)


def _extend(items: list[Citation], spans: list[tuple[int, int]], hi: int, hi_span: tuple[int, int]) -> None:
    """Add the numbers after items[-1] up to hi: implied ones span the whole range, hi its own number."""
    lo = int(items[-1].article)
    start = spans[-1][0]
    items.extend(Citation(str(a)) for a in range(lo + 1, hi + 1))
    spans.extend([(start, hi_span[1])] * (hi - lo - 1) + [hi_span])


def _relative(text: str, pieces: list[Piece]) -> Match:
    paths = [p for p in pieces if p.kind == "path"]
    start = pieces[0].start
    end = start + len(text[start:pieces[-1].end].rstrip(". "))
    of = next((normalise_article(p.labels[0]) for p in pieces if p.kind == "of"), None)
    return Match(start, end, text[start:end], "relative", labels=[path_labels(p.labels[0]) for p in paths],
                 of_article=of)


_TRIGGER = re.compile(  # the lookahead lets the scan skip every other character cheaply
    r"(?=[AaLlSsZzOoPpHh(])(?:(?P<abs>\b(?i:artikel(?:en|s)?|artt?(?:s|ikel)?\.?|laws?|spelregels?)\s*(?=\d{1,3}(?!\d)))"
    r"|(?P<zie>\b(?i:zie)\s)|(?P<paren>\((?=\s*\d))|(?P<word>\b(?:lid|onderdeel|punt)\s)|(?P<under>\bonder\s)"
    r"|(?P<here>\b(?:hieronder|hierboven)\b))")
_OF_ARTICLE = re.compile(r"\bvan\s+(?:het\s+)?(?i:artikel|art\.?|law)", re.IGNORECASE)
_OF_REACH = 60
_PATH_AHEAD = re.compile(r"[0-9A-Z(]")
_PATH_REACH = 24  # characters after the trigger word within which a section label or number must start  # characters from "lid"/"zie"/"onder" within which a "van artikel N" may follow
_HERE_BACK = 40  # characters a path list before "hierboven" may take
_PATH_START = re.compile(r"(?<![\w(])(?:[A-Z]|\d|\([a-z]\))")
_CELL_PADDING = " \t\n*_"
_SECTION_CELL = re.compile(r"\d{1,3}[A-Z]")
_ARTICLE_HEADER = re.compile(r"[\s*_]*(?:artikel(?:en)?|art\.?|law|regel)[\s*_.]*$", re.IGNORECASE)


class _Reader:
    """The context of one text: the edition asked for, the edition the text declared, the last citation."""

    def __init__(self, text: str, context: Citation | None, edition: str | None, editions: set[str] | None,
                 limit: int | None):
        self.text, self.context, self.edition, self.editions, self.limit = text, context, edition, editions, limit
        self.document: tuple[str | None] | None = None  # (edition,) once the text declared one
        self.last: Target | None = None
        self.count = 0
        self.sentence: tuple[int, str | None] | None = None  # (block, edition) named by the last sentence

    def segment(self, seg: Segment) -> list[Match]:
        matches = self._phrases(seg)
        if seg.kind == "cell" and not matches:
            matches = self._cell(seg)
        if not matches and MENTION.search(self.text, seg.start, seg.end) is None:
            # nothing to read or declare (the common case, kept cheap): only the sentence edition ends
            if not (seg.kind == "cell" and self.sentence and self.sentence[0] == seg.block):
                self.sentence = None
            return []
        self._editions(seg, matches)
        return [m for m in self._resolve(matches) if m.targets]

    def _phrases(self, seg: Segment) -> list[Match]:
        text, out, taken, cited = self.text, [], seg.start, False
        for m in _TRIGGER.finditer(text, seg.start, seg.end):
            if m.start() < taken:
                continue
            match = self._phrase(m, seg, taken, cited)
            if match is not None:
                self._check_qualifier(match)
                out.append(match)
                taken = match.end
                cited = cited or match.kind == "absolute"
                self._count(max(len(match.targets), len(match.labels)))
        return out

    def _check_qualifier(self, match: Match) -> None:
        """A year after a citation that is no edition ("artikel 12 (2026)") says nothing about its edition."""
        if match.qualified and self.editions is not None and match.targets[0].edition not in self.editions:
            match.qualified = False
            for t in match.targets:
                t.edition, t.edition_from = None, "request"

    def _count(self, n: int) -> None:
        self.count += n
        if self.limit is not None and self.count > self.limit:
            raise TooManyReferences(self.limit)

    def _phrase(self, m: re.Match, seg: Segment, taken: int, cited: bool) -> Match | None:
        """The phrase a trigger starts, if any; ``cited``: an absolute citation came before in the segment."""
        text, kind, pos = self.text, m.lastgroup, m.start()
        relative_ok = self.context is not None or self.last is not None or cited
        if kind == "abs":
            pieces = parse_at(ABSOLUTE, text, pos, seg.end)
            return _absolute(text, pieces) if pieces else None
        if kind in ("zie", "word", "under") and _PATH_AHEAD.search(text, m.end(), min(seg.end, m.end() + _PATH_REACH)) is None:
            return None  # no number, capital or bracket soon after "zie"/"lid"/"onder": no citation to parse
        if kind in ("zie", "paren"):
            if kind == "paren" and not cited:
                return None
            pieces = parse_at(BARE, text, pos, seg.end)
            if pieces:
                match = _absolute(text, pieces)
                if match is not None and kind == "paren":
                    match = _absolute(text, [Piece("prefix", pieces[1].start, pieces[1].start), pieces[1]])
                return match
            if kind == "paren" or text[pos] != "z":
                return None
        if kind in ("zie", "word", "under") and not (kind == "under" and self.context is not None):
            if not relative_ok and _OF_ARTICLE.search(text, pos, min(seg.end, pos + _OF_REACH)) is None:
                return None  # nothing to resolve against, and no "van artikel 12" ahead: not worth a parse
            pieces = parse_at(RELATIVE_UNDER if kind == "under" else RELATIVE_WORD, text, pos, seg.end)
            match = _relative(text, pieces) if pieces else None
            if match is None or (match.of_article is None and not relative_ok):
                return None
            return match if self.context is not None or _in_a_ruling(match) else None
        if kind == "here" and relative_ok:
            return self._here(m, max(taken, seg.start))
        return None

    def _here(self, m: re.Match, floor: int) -> Match | None:
        """A path list ending in "hierboven"/"hieronder": the earliest start in the 40 characters before."""
        for s in _PATH_START.finditer(self.text, max(floor, m.start() - _HERE_BACK), m.start()):
            pieces = parse_at(RELATIVE_HERE, self.text, s.start(), m.end())
            if pieces and pieces[-1].end == m.end():
                return _relative(self.text, pieces)
        return None

    def _cell(self, seg: Segment) -> list[Match]:
        """A table cell that holds only a citation: "16A", or "16" in a column headed "artikel"."""
        cell = self.text[seg.start:seg.end]
        start = seg.start + len(cell) - len(cell.lstrip(_CELL_PADDING))
        end = seg.end - (len(cell) - len(cell.rstrip(_CELL_PADDING)))
        if start >= end or not self.text[start].isdigit():
            return []
        article_column = _ARTICLE_HEADER.match(seg.header or "x") is not None
        if not article_column and not _SECTION_CELL.match(self.text, start, end):
            return []  # a bare number outside an "artikel" column: a score, a table number
        pieces = parse_at(ITEM, self.text, start, end) if start < end else None
        if not pieces or pieces[0].end != end or pieces[0].hi:
            return []
        if len(pieces[0].labels) == 1 and not article_column:
            return []
        match = _absolute(self.text, [Piece("prefix", start, start), pieces[0]])
        return [match] if match else []

    def _mentions(self, seg: Segment, matches: list[Match]) -> list[tuple[re.Match, str | None]]:
        """Each edition the segment names outside a qualifier, with its edition ("de huidige regels": the
        request's)."""
        qualified = [(m.start, m.end) for m in matches if m.qualified]
        out, q = [], 0
        for mm in MENTION.finditer(self.text, seg.start, seg.end):
            year = mm.group("year")
            if year and self.editions is not None and year not in self.editions:
                continue
            while q < len(qualified) and qualified[q][1] <= mm.start():
                q += 1
            if not (q < len(qualified) and qualified[q][0] <= mm.start()):
                out.append((mm, year or self.edition))
        return out

    def _editions(self, seg: Segment, matches: list[Match]) -> None:
        found = self._mentions(seg, matches)
        mentions = [(m.start(), e) for m, e in found]
        declared = declared_edition(self.text, seg, [m for m, _ in found], any(not m.qualified for m in matches))
        if declared is not False:
            self.document = None if declared in (None, self.edition) else (declared,)
        if not mentions and self.sentence and self.sentence[0] == seg.block and speaks_back(self.text, seg):
            mentions = [(seg.start, self.sentence[1])]  # "… was toen van toepassing": the edition before
        if mentions and (matches or seg.kind == "cell"):
            self.sentence = (seg.block, mentions[-1][1])
        elif not (seg.kind == "cell" and self.sentence and self.sentence[0] == seg.block):
            self.sentence = None
        i = 0  # mentions[i - 1] is the last one before the match (matches and mentions are in order)
        for match in matches:
            if match.kind != "absolute" and self.context is None and match.of_article is None:
                continue  # read against the citation before it (_resolve)
            edition, source = self.edition, "request"
            while i < len(mentions) and mentions[i][0] < match.start:
                i += 1
            if mentions:
                edition, source = mentions[max(i - 1, 0)][1], "sentence"
            elif self.document is not None:
                edition, source = self.document[0], "document"
            for t in match.targets:
                if t.edition is None:
                    t.edition, t.edition_from = edition, source
            match.edition = (edition, source)

    def _resolve(self, matches: list[Match]) -> list[Match]:
        for match in matches:
            if match.kind == "absolute":
                self.last = match.targets[-1]
            else:
                against = self._against()
                if match.of_article is not None:  # "lid B van artikel 12"
                    against = self.last = Target(match.of_article, (), *match.edition)
                for labels in match.labels:
                    cit = resolve_relative(labels, against.citation) if against else None
                    if cit is None:
                        continue
                    if self.context is not None or match.of_article is not None:
                        edition, source = match.edition
                    else:
                        edition, source = against.edition, against.edition_from
                    match.targets.append(Target(cit.article, cit.path, edition, match.start, match.end, source,
                                                None if self.context is not None else against))
        return matches

    def _against(self) -> Target | None:
        if self.context is not None:
            return Target(self.context.article, self.context.path)
        return self.last


def _in_a_ruling(match: Match) -> bool:
    """Relative forms a ruling uses: "punt 3" only with "van artikel N", "zie" only before a section letter
    ("zie C"; "zie 3" is not one)."""
    if match.of_article is not None:
        return True
    if match.text.startswith("punt"):
        return False
    return not match.text.startswith("zie") or bool(match.labels and match.labels[0][:1][0][:1].isupper())


# 'artikel' and an article number: each is at least one reference, so more of them than the limit is refused
# before any is read (a 230 KB table of 'artikel 12' cells took a second to reach the limit one by one)
_CERTAIN = re.compile(r"\bartikel\s+[1-9][0-9]?\b", re.IGNORECASE)


def read_references(text: str, context: Citation | None, edition: str | None, editions: set[str] | None,
                    limit: int | None) -> list[Match]:
    """kb.citations.find_references: the segments of text read in order by one _Reader."""
    # 'artikel N' takes at least nine characters: a shorter text cannot hold more of them than the limit
    if limit is not None and len(text) > limit * 9 and len(_CERTAIN.findall(text)) > limit:
        raise TooManyReferences(limit)
    reader = _Reader(text, context, edition, editions, limit)
    found: list[Match] = []
    for seg in segments(text):
        found.extend(reader.segment(seg))
    return found
