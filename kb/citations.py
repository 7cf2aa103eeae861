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
from bisect import bisect_left
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

_ITEM = r"""
    (?P<art>\d{1,3})(?![\d])
    (?:
        (?P<l1a>[A-Za-z])(?![A-Za-zÀ-ÿ])              # 12C, 45c
      | \s(?:lid\s+)?(?P<l1b>[A-Z])(?![\wÀ-ÿ])        # 23 A, 27 lid B
    )?
    (?(l1a)(?:\s?(?:sub\s+)?(?P<l2a>\d{1,2})(?![\d]))?|)
    (?(l1b)(?:\s(?:sub\s+)?(?P<l2b>\d{1,2})(?![\d]))?|)
    (?:\s?\((?P<l3p>[a-z])\)|(?<=\d)(?P<l3a>[a-z])(?![\wÀ-ÿ]))?
    (?:\s?\((?P<l4>\d)\))?
"""
_ITEM_RE = re.compile(_ITEM, re.VERBOSE)
_ABS_START = re.compile(
    r"\b(?:artikel(?:en|s)?|art(?:s|ikel)?\.?|laws?|spelregels?)\s*(?=\d)", re.IGNORECASE
)
_SEP = re.compile(r"\s*(?:(?P<range>t/m|tot\s+en\s+met|–|-)|,|\ben\b|\bof\b|\band\b|\bor\b)\s*(?:de\s+)?(?:artikel(?:en)?\s+)?(?=\d)",
                  re.IGNORECASE)
# A number glued to a word ("3SA", "4NT") or followed by a score, date, suit or percentage is bridge text.
_NOT_A_CITATION_AFTER = re.compile(r"[-/.:]\d|\s*%|\s*(?:punten|procent|imp|mp)\b|[♠♥♦♣]|[A-Za-zÀ-ÿ]",
                                   re.IGNORECASE)
_QUALIFIER = re.compile(
    r"\s*,?\s*\(?\s*(?:(?:uit|van|in|volgens)\s+)?(?:de\s+)?(?:spelregels|laws|editie|versie)\s+(?:van\s+)?"
    r"(?P<year>(?:19|20)\d\d)\b\)?|\s*\((?P<year2>(?:19|20)\d\d)\)",
    re.IGNORECASE,
)
EDITION_MENTION = re.compile(
    r"\b(?:spelregels|laws|editie|versie|uitgave)\s+(?:van\s+)?(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE
)

_PATH = r"(?:[A-Z](?:\d{1,2}(?:\(?[a-z]\)?(?:\(\d\))?)?)?|\d{1,2}(?:\([a-z]\)(?:\(\d\))?)?|\([a-z]\)(?:\(\d\))?)"
_PATHLIST = rf"(?P<paths>{_PATH}(?:\s*(?:,|\ben\b|\bof\b)\s*{_PATH})*)"
_RELATIVE = [
    # onderdeel A2b van dit artikel / lid A / lid B hieronder
    re.compile(rf"\b(?:lid|onderdeel|punt)\s+{_PATHLIST}(?![\w(])\.?(?:\s+(?:van\s+dit\s+artikel|hieronder|hierboven))?"),
    # (zie C) / zie echter B. hieronder / zie 1. hierboven / zie verder B1
    re.compile(rf"\bzie\s+(?:echter\s+|ook\s+|verder\s+|onder\s+)?{_PATHLIST}(?![\w(])\.?(?:\s+(?:hieronder|hierboven))?"),
    # C2 hierboven / 2(c) of 2(d) hierboven / (b)(1) en (b)(2) hierboven
    re.compile(rf"(?<![\w(]){_PATHLIST}\.?\s+(?:hieronder|hierboven)\b"),
]
_PATH_TOKEN = re.compile(r"[A-Z]|\d{1,2}|\(?[a-z]\)?|\(\d\)")


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


def path_labels(text: str) -> tuple[str, ...]:
    labels: list[str] = []
    level = 0
    for tok in _PATH_TOKEN.findall(text):
        tok = tok.strip("()")
        level = level_of(tok, level)
        labels.append(tok)
    return tuple(labels)


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


def _item_citation(m: re.Match) -> Citation:
    l1 = m.group("l1a") or m.group("l1b")
    l2 = m.group("l2a") or m.group("l2b")
    l3 = m.group("l3p") or m.group("l3a")
    l4 = m.group("l4")
    path: list[str] = []
    for part in (l1.upper() if l1 else None, l2, l3, l4):
        if part is None:
            break
        path.append(part)
    return Citation(normalise_article(m.group("art")), tuple(path))


_GLUED_RANGE = re.compile(r"[-–](?P<hi>\d{1,3})(?!\d)")


def _glued_range(text: str, m: re.Match, item: Citation) -> re.Match | None:
    """'61-64' / '61–64' right after an article word: a range when it climbs by at most MAX_RANGE and is not
    followed by more of a date or score ('12-03-2004', '12-14 punten')."""
    g = _GLUED_RANGE.match(text, m.end())
    if item.path or not item.article.isdigit() or not g or _NOT_A_CITATION_AFTER.match(text, g.end()):
        return None
    return g if 0 < int(g.group("hi")) - int(item.article) <= MAX_RANGE else None


def _extend_range(items: list[Citation], item_spans: list[tuple[int, int]], hi: int, hi_span: tuple[int, int]):
    """Add the numbers after items[-1] up to hi: implied ones span the whole range, hi its own number."""
    lo = int(items[-1].article)
    start = item_spans[-1][0]
    items.extend(Citation(str(a)) for a in range(lo + 1, hi + 1))
    item_spans.extend([(start, hi_span[1])] * (hi - lo - 1) + [hi_span])


def _absolute_at(text: str, pos: int, spans: list[tuple[int, int]] | None = None
                 ) -> tuple[int, list[Citation], str | None] | None:
    """Parse a list of citations at pos (after the article word); returns end, citations, edition.
    ``spans``, when given, receives the (start, end) of each citation's own text."""
    items: list[Citation] = []
    item_spans: list[tuple[int, int]] = []
    m = _ITEM_RE.match(text, pos)
    if not m:
        return None
    items.append(_item_citation(m))
    item_spans.append((m.start(), m.end()))
    end = m.end()
    glued = _glued_range(text, m, items[-1])
    if glued:
        _extend_range(items, item_spans, int(glued.group("hi")), glued.span("hi"))
        end = glued.end()
    elif _NOT_A_CITATION_AFTER.match(text, m.end()):
        return None
    while True:
        s = _SEP.match(text, end)
        if not s:
            break
        n = _ITEM_RE.match(text, s.end())
        if not n:
            break
        nxt = _item_citation(n)
        glued = None if s.group("range") else _glued_range(text, n, nxt)
        if glued:
            items.append(nxt)
            item_spans.append((n.start(), n.end()))
            _extend_range(items, item_spans, int(glued.group("hi")), glued.span("hi"))
            end = glued.end()
            continue
        if _NOT_A_CITATION_AFTER.match(text, n.end()):
            break
        if s.group("range"):
            prev = items[-1]
            if prev.path or nxt.path or not prev.article.isdigit():
                break
            lo, hi = int(prev.article), int(nxt.article)
            if not 0 < hi - lo <= MAX_RANGE:
                break
            _extend_range(items, item_spans, hi, n.span())
        else:
            items.append(nxt)
            item_spans.append((n.start(), n.end()))
        end = n.end()
    edition = None
    q = _QUALIFIER.match(text, end)
    if q:
        edition = q.group("year") or q.group("year2")
        end = q.end()
    if spans is not None:
        spans.extend(item_spans)
    return end, items, edition


_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")  # a paragraph ends at a blank line ("\n\n", "\r\n\r\n", "\n  \n")


def _paragraph_editions(text: str, editions: set[str] | None) -> list[tuple[int, int, str]]:
    """(start, paragraph end, edition) for each edition named outside a reference."""
    out = []
    for m in EDITION_MENTION.finditer(text):
        year = m.group("year")
        if editions is not None and year not in editions:
            continue
        blank = _BLANK_LINE.search(text, m.end())
        out.append((m.start(), len(text) if blank is None else blank.start(), year))
    return out


def find_references(text: str, context: Citation | None = None, edition: str | None = None,
                    editions: set[str] | None = None) -> list[Match]:
    """Every reference in text, in order. ``context`` is the section the text stands in (for relative
    references); ``edition`` the edition that applies unless the text names another one."""
    found: list[Match] = []
    taken: list[tuple[int, int]] = []
    qualified_spans: list[tuple[int, int]] = []

    for m in _ABS_START.finditer(text):
        # absolute matches are found left to right and never overlap: only the last one can hold m
        if taken and taken[-1][0] <= m.start() < taken[-1][1]:
            continue
        spans: list[tuple[int, int]] = []
        parsed = _absolute_at(text, m.end(), spans)
        if not parsed:
            continue
        end, items, qualifier = parsed
        match_text = text[m.start():end].rstrip(" )") if qualifier else text[m.start():end]
        end = m.start() + len(match_text)
        if qualifier:
            qualified_spans.append((m.start(), end))
        if len(items) == 1:
            spans = [(m.start(), end)]
        else:
            spans[0] = (m.start(), spans[0][1])
            spans = [(m.start() if a == m.end() else a, b) for a, b in spans]
        targets = [Target(c.article, c.path, qualifier, a, b) for c, (a, b) in zip(items, spans)]
        found.append(Match(m.start(), end, match_text, "absolute", targets))
        taken.append((m.start(), end))

    if context is not None:
        for pattern in _RELATIVE:
            for m in pattern.finditer(text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                targets = []
                for p in re.split(r"\s*(?:,|\ben\b|\bof\b)\s*", m.group("paths")):
                    cit = resolve_relative(path_labels(p), context)
                    if cit is not None:
                        targets.append(Target(cit.article, cit.path, None, m.start(), m.end()))
                if targets:
                    matched = m.group(0).rstrip(". ")
                    found.append(Match(m.start(), m.start() + len(matched), matched, "relative", targets))
                    taken.append((m.start(), m.end()))

    found.sort(key=lambda x: x.start)
    mentions = [mm for mm in _paragraph_editions(text, editions)
                if not any(a <= mm[0] < b for a, b in qualified_spans)]
    starts = [mm[0] for mm in mentions]
    for match in found:
        ctx_edition = edition
        # the last mention before the match; it applies when its paragraph reaches the match (an earlier
        # mention's paragraph ends before this mention starts)
        i = bisect_left(starts, match.start) - 1
        if i >= 0 and match.start < mentions[i][1]:
            ctx_edition = mentions[i][2]
        for t in match.targets:
            if t.edition is None:
                t.edition = ctx_edition
    return found


def format_label(citation: Citation, edition: str | None = None) -> str:
    """House style: 'artikel 27B1(b) (Spelregels 1997)'."""
    out = f"artikel {citation.label}" if citation.article != APPENDIX else "bijlage"
    return f"{out} (Spelregels {edition})" if edition else out
