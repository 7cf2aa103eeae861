"""The one citation grammar: the laws' own cross-references and the references in pasted rulings.

A citation is an article number plus a section path of up to four levels:
level 1 a capital letter (B), level 2 a number (1), level 3 a small letter (b), level 4 a number (1).
Its compact form is the id of the section on every page and in every edition: ``27B1b``.

``parse_citation`` reads one citation typed by a person ("art. 27 lid B sub 1 (b)", "Law 16B1(a)", "45c4").
``find_references`` finds every reference in running text: absolute ("artikel 23 A"), lists and ranges
("artikelen 30, 31 of 32", "artikelen 44 t/m 47"), edition-qualified ("artikel 30 uit de spelregels van
1987") and, given the section the text stands in, relative ones ("lid A", "zie 1. hierboven",
"onderdeel A2b van dit artikel"). Bridge notation ("3♣", "bord 9", "12-14 punten") is never a reference:
a number only counts after a word that names an article.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

APPENDIX = "bijlage"
MAX_RANGE = 20

# ---------------------------------------------------------------- citation values


@dataclass(frozen=True, order=True)
class Citation:
    article: str
    path: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        """Compact form, the anchor id on pages: 27B1b."""
        return self.article + "".join(self.path)

    @property
    def section(self) -> str | None:
        return "".join(self.path) or None

    @property
    def label(self) -> str:
        """House style: 27B1(b), 25B2(b)(1)."""
        out = self.article
        for level, part in enumerate(self.path, start=1):
            out += f"({part})" if level >= 3 else part
        return out

    def ancestors(self) -> list["Citation"]:
        return [Citation(self.article, self.path[:i]) for i in range(len(self.path))]


def level_of(label: str, previous_level: int = 0) -> int:
    if label.isupper():
        return 1
    if label.isdigit():
        return 4 if previous_level == 3 else 2
    return 3


def valid_path(path: tuple[str, ...]) -> bool:
    expected = [str.isupper, str.isdigit, str.islower, str.isdigit]
    return len(path) <= 4 and all(expected[i](p) for i, p in enumerate(path))


_COMPACT = re.compile(r"^(\d{1,3}|bijlage)([A-Z])?(\d{1,2})?([a-z])?(\d{1,2})?$")


def from_compact(text: str) -> Citation | None:
    """'27B1b' -> Citation('27', ('B', '1', 'b')). Strict: the form made by Citation.id."""
    m = _COMPACT.match(text or "")
    if not m:
        return None
    parts = [g for g in m.groups()[1:]]
    path: list[str] = []
    for p in parts:
        if p is None:
            break
        path.append(p)
    if len(path) != len([p for p in parts if p is not None]):
        return None  # a gap such as 27B(b) without a number
    return Citation(normalise_article(m.group(1)), tuple(path))


def normalise_article(number: str) -> str:
    return APPENDIX if number.lower() in (APPENDIX, "appendix") else str(int(number))


# ---------------------------------------------------------------- one citation typed by a person

_PREFIX = r"(?:artikel(?:en|s)?|art(?:s|ikel)?\.?|laws?|spelregels?|regel|wet)"
_LOOSE = re.compile(
    rf"""^\s*(?:{_PREFIX}\s*)?
    (?P<art>\d{{1,3}}|bijlage|appendix)\s*
    (?:(?:lid\s*)?(?P<l1>[A-Za-z])(?![A-Za-z])\.?\s*)?
    (?:(?:sub\s*)?(?P<l2>\d{{1,2}})\.?\s*)?
    (?:\(\s*(?P<l3p>[a-z])\s*\)|(?P<l3>[a-z])(?![a-z]))?\s*
    (?:\(\s*(?P<l4p>\d{{1,2}})\s*\)|(?P<l4>\d{{1,2}}))?
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)


def parse_citation(text: str) -> Citation | None:
    """Parse one citation as a person types it; None when it is not one."""
    if not text or len(text) > 80:
        return None
    m = _LOOSE.match(text)
    if not m:
        return None
    l1, l2 = m.group("l1"), m.group("l2")
    l3 = m.group("l3p") or m.group("l3")
    l4 = m.group("l4p") or m.group("l4")
    path: list[str] = []
    for part, norm in ((l1, str.upper), (l2, str), (l3, str.lower), (l4, str)):
        if part is None:
            break
        path.append(norm(part).lstrip("0") or "0" if part.isdigit() else norm(part))
    given = [p for p in (l1, l2, l3, l4) if p is not None]
    if len(given) != len(path):
        return None
    return Citation(normalise_article(m.group("art")), tuple(path))


# ---------------------------------------------------------------- references in running text
# The grammar of a phrase is kb.citation_grammar; the block structure and edition declarations are
# kb.citation_context; this part scans for the words a phrase starts with and keeps the context.

MAX_REFERENCES = 3000  # references one ruling may hold (256 KB of the dev rulings hold 2 145)


class TooManyReferences(ValueError):
    def __init__(self, limit: int):
        super().__init__(f"more than {limit} references")
        self.limit = limit


@dataclass
class Target:
    article: str
    path: tuple[str, ...] = ()
    edition: str | None = None
    # The part of the text that names this target (absolute references): the whole reference when it has
    # one target; in a list each item ("artikelen 30" | "31" | "32"); a number a range implies but does not
    # write ("62" in "61 t/m 64") spans the whole range.
    start: int | None = field(default=None, compare=False)
    end: int | None = field(default=None, compare=False)
    # How the edition was decided: "request" (the edition asked for), "document" (declared earlier in the
    # text: "Deze zaak valt onder de spelregels van 1987"), "sentence" (named in the same sentence, bullet or
    # cell, or right after the citation).
    edition_from: str = field(default="request", compare=False)
    # A relative reference ("lid C van hetzelfde artikel"): the target it was read against.
    against: "Target | None" = field(default=None, compare=False, repr=False)

    @property
    def citation(self) -> Citation:
        return Citation(self.article, self.path)


@dataclass
class Match:
    start: int
    end: int
    text: str
    kind: str  # "absolute" | "relative"
    targets: list[Target] = field(default_factory=list)
    qualified: bool = False  # the edition is written right after it ("artikel 30 uit de spelregels van 1987")
    labels: list[tuple[str, ...]] = field(default_factory=list, repr=False)  # relative: the paths, unresolved
    edition: tuple[str | None, str] = field(default=(None, "request"), repr=False)  # of its segment


def path_labels(text: str) -> tuple[str, ...]:
    labels: list[str] = []
    level = 0
    for tok in _PATH_TOKEN.findall(text):
        tok = tok.strip("()")
        level = level_of(tok, level)
        labels.append(tok)
    return tuple(labels)


_PATH_TOKEN = re.compile(r"[A-Z]|\d{1,2}|\(?[a-z]\)?|\(\d\)")


def resolve_relative(labels: tuple[str, ...], context: Citation) -> Citation | None:
    """Labels below the article, read from the level of their first label: 'B' in 29A -> 29B,
    '1' in 21B2 -> 21B1, '2(c)' in 16D3 -> 16D2c, '(b)(1)' in 25B2c -> 25B2b1."""
    if not labels:
        return None
    first = level_of(labels[0])
    if first - 1 > len(context.path):
        return None
    path = context.path[: first - 1] + labels
    return Citation(context.article, path) if valid_path(path) else None


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
    return Match(start, end, text[start:end], "relative", labels=[path_labels(p.labels[0]) for p in paths])


from .citation_context import MENTION, Segment, declared_edition, segments, speaks_back  # noqa: E402
from .citation_grammar import (ABSOLUTE, BARE, ITEM, RELATIVE_HERE, RELATIVE_UNDER,  # noqa: E402
                               RELATIVE_WORD, Piece, parse_at)

_TRIGGER = re.compile(  # the lookahead lets the scan skip every other character cheaply
    r"(?=[AaLlSsZzOoPpHh(])(?:(?P<abs>\b(?i:artikel(?:en|s)?|art(?:s|ikel)?\.?|laws?|spelregels?)\s*(?=\d))"
    r"|(?P<zie>\b(?i:zie)\s)|(?P<paren>\((?=\s*\d))|(?P<word>\b(?:lid|onderdeel|punt)\s)|(?P<under>\bonder\s)"
    r"|(?P<here>\b(?:hieronder|hierboven)\b))")
_HERE_BACK = 40  # characters a path list before "hierboven" may take
_PATH_START = re.compile(r"(?<![\w(])(?:[A-Z]|\d|\([a-z]\))")
_BARE_CELL = re.compile(r"[\s*_]*(.*?)[\s*_]*$", re.S)
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
        self._editions(seg, matches)
        return [m for m in self._resolve(matches) if m.targets]

    def _phrases(self, seg: Segment) -> list[Match]:
        text, out, taken, cited = self.text, [], seg.start, False
        for m in _TRIGGER.finditer(text, seg.start, seg.end):
            if m.start() < taken:
                continue
            match = self._phrase(m, seg, taken, cited)
            if match is not None:
                out.append(match)
                taken = match.end
                cited = cited or match.kind == "absolute"
                self._count(max(len(match.targets), len(match.labels)))
        return out

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
        if kind in ("zie", "paren"):
            if kind == "paren" and not cited:
                return None
            pieces = parse_at(BARE, text, pos, seg.end)
            if pieces:
                match = _absolute(text, pieces)
                if match is not None and kind == "paren":
                    match = _absolute(text, [Piece("prefix", pieces[1].start, pieces[1].start), pieces[1]])
                return match
            if kind == "paren" or not relative_ok or text[pos] != "z":
                return None
        if kind in ("zie", "word") and relative_ok:
            pieces = parse_at(RELATIVE_WORD, text, pos, seg.end)
            return _relative(text, pieces) if pieces else None
        if kind == "under" and self.context is None and relative_ok:
            pieces = parse_at(RELATIVE_UNDER, text, pos, seg.end)
            return _relative(text, pieces) if pieces else None
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
        inner = _BARE_CELL.match(self.text, seg.start, seg.end)
        start, end = inner.start(1), inner.end(1)
        pieces = parse_at(ITEM, self.text, start, end) if start < end else None
        if not pieces or pieces[0].end != end or pieces[0].hi:
            return []
        if len(pieces[0].labels) == 1 and not _ARTICLE_HEADER.match(seg.header or "x"):
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
        for match in matches:
            if match.kind != "absolute" and self.context is None:
                continue  # read against the citation before it (_resolve)
            edition, source = self.edition, "request"
            if mentions:
                before = [e for p, e in mentions if p < match.start]
                edition, source = (before[-1] if before else mentions[0][1]), "sentence"
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
                for labels in match.labels:
                    cit = resolve_relative(labels, against.citation) if against else None
                    if cit is None:
                        continue
                    if self.context is not None:
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


def find_references(text: str, context: Citation | None = None, edition: str | None = None,
                    editions: set[str] | None = None, limit: int | None = None) -> list[Match]:
    """Every reference in text, in order. ``context`` is the section the text stands in (relative references
    are read against it; without one, against the citation cited just before); ``edition`` the edition that
    applies unless the text names another one; ``editions`` the editions a named year may be; more than
    ``limit`` references raise TooManyReferences."""
    reader = _Reader(text, context, edition, editions, limit)
    found: list[Match] = []
    for seg in segments(text):
        found.extend(reader.segment(seg))
    return found


def format_label(citation: Citation, edition: str | None = None) -> str:
    """House style: 'artikel 27B1(b) (Spelregels 1997)'."""
    out = f"artikel {citation.label}" if citation.article != APPENDIX else "bijlage"
    return f"{out} (Spelregels {edition})" if edition else out
