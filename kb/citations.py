"""The one citation grammar: the laws' own cross-references and the references in pasted rulings.

A citation is an article number plus a section path of up to four levels:
level 1 a capital letter (B), level 2 a number (1), level 3 a small letter (b), level 4 a number (1).
Its compact form is the id of the section on every page and in every edition: ``27B1b``.

``parse_citation`` reads one citation typed by a person ("art. 27 lid B sub 1 (b)", "Law 16B1(a)", "45c4",
"45.C.4", "arikel 45"); ``split_edition`` takes off an edition named with it ("artikel 28 (1987)").
``find_references`` finds every reference in running text: absolute ("artikel 23 A", "art.25B2c",
"Art. 63 A 1", "artikel 40 lid C sub 1"), lists and ranges ("artikelen 30, 31 of 32", "artikel 44 en 45",
"artikelen 44 t/m 47"), edition-qualified ("artikel 30 uit de spelregels van 1987"), bare ("zie 41C",
"(21B1)" after an article, a table column of citations) and relative ones, read against the section the
text stands in or the citation cited just before ("lid A", "zie 1. hierboven", "lid C van hetzelfde
artikel"). Each target says where its edition came from: the request, a declaration earlier in the text
("Deze zaak valt onder de spelregels van 1987"), or its own sentence. Bridge notation, dates, times and
scores ("3♣", "bord 9", "12-14 punten", "3 februari 2026", "19.45 uur") are never references: a number only
counts after a word that names an article, or in the few bare forms above.

The grammar is kb/citation_grammar.py (pyparsing), the block structure and edition declarations
kb/citation_context.py, the reader that walks them kb/citation_reader.py; this module holds the values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .text import distance

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

_PREFIX = r"(?:artikel(?:en|s)?|wetsartikel|article|art(?:s|ikel)?\.?|laws?|l\.?|spelregels?|regel|wet)"
_GAP = r"[\s.,\-]*"     # between the parts: '45 C 4', '45.C.4', '45-C-4', 'art. 45, lid C'
_LOOSE = re.compile(
    rf"""^\s*(?:{_PREFIX}\s*(?::\s*|(?:nr|no|nummer)\.?\s*)?)?
    (?P<art>\d{{1,3}}|bijlage|appendix){_GAP}
    (?:(?:(?:lid|sub|onder|paragraaf)\s*)?(?P<l1>[A-Za-z])(?![A-Za-z])\.?{_GAP})?
    (?:(?:sub\s*)?(?P<l2>\d{{1,2}})\.?{_GAP})?
    (?:\(\s*(?P<l3p>[a-z])\s*\)|(?P<l3>[a-z])(?![a-z])\)?)?{_GAP}
    (?:\(\s*(?P<l4p>\d{{1,2}})\s*\)|(?P<l4>\d{{1,2}})\)?)?
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)
_ARTICLE_WORD = "artikel"
# an edition named before or after the citation: '1987 artikel 28', 'artikel 28 (1987)', 'Law 16 van 2017',
# 'art. 30 uit de spelregels van 1987'
_EDITION_AFTER = re.compile(r"[\s,]*\(?\s*(?:(?:uit|van|in|volgens)\s+)?(?:de\s+)?(?:(?:spelregels|laws|editie|versie)"
                            r"\s+)?(?:(?:van|uit)\s+)?(?P<year>(?:19|20)\d\d)\s*\)?\s*$", re.IGNORECASE)
_EDITION_BEFORE = re.compile(r"^\s*\(?(?P<year>(?:19|20)\d\d)\)?[\s:,]+", re.IGNORECASE)


def split_edition(text: str) -> tuple[str, str | None]:
    """(the citation, the year of an edition named with it or None): 'artikel 28 (1987)' -> ('artikel 28',
    '1987'). The year is only split off when what is left reads as a citation; so are the brackets or quotes
    around a whole citation, a question mark after it and 'van de spelregels' ('(art. 86B)', 'artikel 62?')."""
    text = (text or "").strip()
    core = _unwrapped(text)
    for candidate in dict.fromkeys((text, core)):
        for pattern in (_EDITION_AFTER, _EDITION_BEFORE):
            m = pattern.search(candidate)
            if m:
                rest = candidate[:m.start()] + candidate[m.end():]
                if parse_citation(rest):
                    return rest.strip(), m["year"]
        if candidate != text and parse_citation(candidate):
            return candidate, None
    return text, None


_PAIRS = {"(": ")", "[": "]", '"': '"', "'": "'", "“": "”", "‘": "’", "«": "»"}
_LAWS_AFTER = re.compile(r"[\s,]+(?:van|uit|in)\s+de\s+(?:spelregels|laws)(?:\s+voor\s+wedstrijdbridge)?\s*$",
                         re.IGNORECASE)


def _unwrapped(text: str) -> str:
    """A typed citation without what people put around it: brackets or quotes around the whole, a question
    or exclamation mark after it, 'van de spelregels'."""
    core = text.rstrip("?!").strip()
    if len(core) > 1 and _PAIRS.get(core[0]) == core[-1]:
        core = core[1:-1].strip()
    return _LAWS_AFTER.sub("", core)


def _typed_prefix(text: str) -> str:
    """A mistyped 'artikel' before the number ('arikel 45', 'artiekel 45', 'atrikel 45': a word starting with
    'a', at most two edits from it: kb.text.distance) as 'artikel'. static/offline-lookup.js does the same."""
    m = re.match(r"\s*([A-Za-z]{5,9})\s*(?=\d)", text)
    if m and m[1][0].lower() == "a" and distance(m[1].lower(), _ARTICLE_WORD, 2) <= 2:
        return _ARTICLE_WORD + " " + text[m.end():]
    return text


def parse_citation(text: str) -> Citation | None:
    """Parse one citation as a person types it; None when it is not one."""
    if not text or len(text) > 80:
        return None
    m = _LOOSE.match(text) or _LOOSE.match(_typed_prefix(text))
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
    of_article: str | None = field(default=None, repr=False)  # relative: "lid B van artikel 12" names its article


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

def find_references(text: str, context: Citation | None = None, edition: str | None = None,
                    editions: set[str] | None = None, limit: int | None = None) -> list[Match]:
    """Every reference in text, in order. ``context`` is the section the text stands in (relative references
    are read against it; without one, against the citation cited just before); ``edition`` the edition that
    applies unless the text names another one; ``editions`` the editions a named year may be; more than
    ``limit`` references raise TooManyReferences. The reader is kb.citation_reader."""
    from .citation_reader import read_references
    return read_references(text, context, edition, editions, limit)


def format_label(citation: Citation, edition: str | None = None) -> str:
    """House style: 'artikel 27B1(b) (Spelregels 1997)'."""
    out = f"artikel {citation.label}" if citation.article != APPENDIX else "bijlage"
    return f"{out} (Spelregels {edition})" if edition else out
