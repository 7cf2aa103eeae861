"""The grammar of a citation phrase (pyparsing), read at one position of a text.

The phrases, in the forms the laws and committees write them:

    ABSOLUTE   PREFIX LIST QUALIFIER?       artikel 23 A / art.25B2c / Law 12 / artikelen 44 t/m 47
    LIST       ITEM (SEP ITEM)*             30, 31 of 32 / 44 en 45 / 61-64 / 41B en de artikelen 41C
    ITEM       NUMBER PATH? RANGE_END?      not followed by bridge text (3SA, 12-14 punten, 19.45, 45%)
    PATH       27B1b, 27B1(b), 27 B 1 (b), 25 B 2 c, 27 lid B sub 1 (b), 40 lid C sub 1, 63 A 1
    QUALIFIER  uit de spelregels van 1987 / (1987)
    BARE       zie 41C / (zie 12B) / (21B1)  an article number with at least a section letter
    RELATIVE   lid A / lid C van hetzelfde artikel / onderdeel A2b van dit artikel / zie 1. hierboven /
               zie verder B1 / onder A / 2(c) of 2(d) hierboven

The terminals are regular expressions (one per token: an item is one token, its parts named groups); the
grammar composes them. Every parse starts at a position the scanner (kb.citations) found and reads a window
of at most WINDOW characters, so one parse costs a bounded amount of work however long the text is. Parse
actions turn tokens into Pieces with offsets into the text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pyparsing as pp

WINDOW = 240  # characters one phrase may span
LETTERS = "A-Za-zÀ-ÿ"


@dataclass
class Piece:
    kind: str  # "prefix" | "item" | "sep" | "qualifier" | "path" | "where"
    start: int
    end: int
    labels: tuple[str, ...] = ()  # item: (article, *path); path: its text; qualifier: (year,)
    hi: tuple[int, int, int] | None = None  # item with a glued range (61-64): (number, start, end)
    is_range: bool = False  # sep: t/m, tot en met, -


# What may not follow a number for it to be a citation: a date, time or score (12-03, 19.45, 3/4), a
# percentage, points, IMPs, a suit, a letter glued on (3SA, 4NT).
_NOT_AFTER = rf"(?![-/.:]\d|[ \t]*%|[ \t]*(?i:punten|procent|imps?|mp)\b|[♠♥♦♣]|[{LETTERS}])"
_SP = r"[ \t\u00a0]{1,2}"
_PATH = rf"""
    (?:(?P<l1a>[A-Za-z])(?![{LETTERS}])                      # 12C, 45c
     | (?:,?{_SP}(?:lid|onder){_SP}|{_SP}(?:lid{_SP})?)      # 23 A, 27 lid B, 40, onder A
       (?P<l1b>[A-Z])(?![\w{LETTERS}]))
    (?:[ \t]{{0,2}}(?:sub{_SP})?(?P<l2>\d{{1,2}})(?!\d)      # 1, sub 1
       (?:[ \t]?\((?P<l3p>[a-z])\)                           # (b)
        | (?<=\d)(?P<l3g>[a-z])(?![\w{LETTERS}])             # 25B2c
        | (?(l1b){_SP}(?P<l3s>[a-z])(?![\w{LETTERS}(])|(?!)))?  # 25 B 2 c (spaced forms only)
    )?
    (?:[ \t]?\((?P<l4>\d)\))?                                # (1)
"""
_ITEM = re.compile(rf"(?P<art>\d{{1,3}})(?!\d)(?:{_PATH})?(?:[-–](?P<hi>\d{{1,3}})(?!\d){_NOT_AFTER})?{_NOT_AFTER}",
                   re.VERBOSE)
_BARE_ITEM = re.compile(rf"(?P<art>\d{{1,3}})(?=[A-Z])(?:{_PATH}){_NOT_AFTER}", re.VERBOSE)


def _token(pattern: str | re.Pattern, action) -> pp.ParserElement:
    regex = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern)
    return pp.Regex(regex, as_match=True).leave_whitespace().add_parse_action(lambda s, loc, t: action(t[0]))


def _span(kind: str):
    return lambda m: Piece(kind, m.start(), m.end(), tuple(g for g in m.groups() if g))


def _item(m: re.Match) -> Piece:
    path = [m["l1a"] or m["l1b"], m["l2"], m["l3p"] or m["l3g"] or m["l3s"], m["l4"]]
    labels = [m["art"]]
    for part in path:
        if part is None:
            break
        labels.append(part)
    hi = m.groupdict().get("hi")
    if hi is None:
        return Piece("item", m.start(), m.end(), tuple(labels))
    return Piece("item", m.start(), m.start("hi") - 1, tuple(labels), (int(hi), m.start("hi"), m.end("hi")))


def _sep(m: re.Match) -> Piece:
    """A separator; its start is where the next item's own text begins when it names the article word
    again ("… en artikel 40"), else its end."""
    return Piece("sep", m.start("word") if m["word"] else m.end(), m.end(), is_range=m["range"] is not None)


def _seq(*parts) -> pp.ParserElement:
    return pp.And(list(parts)).leave_whitespace()


ITEM = _token(_ITEM, _item)
SEP = _token(r"\s*(?:(?P<range>(?i:t/m|tot\s+en\s+met)|–|-)|(?i:,|en\b|of\b|and\b|or\b))"
             r"\s*(?i:de\s+)?(?P<word>(?i:artikel(?:en)?|art\.)\s*)?(?=\d)", _sep)
# "41B en C": a section of the article just named
SAME_ARTICLE = _token(r"\s*(?:,|(?i:en|of)\b)\s*(?:lid\s+)?(?P<l1>[A-Z])(?P<l2>\d{1,2})?(?![\w(\-])",
                      lambda m: Piece("item", m.start("l1"), m.end(), ("", *(g for g in (m["l1"], m["l2"]) if g))))
LIST = _seq(ITEM, pp.ZeroOrMore(_seq(SEP, ITEM) | SAME_ARTICLE).leave_whitespace())
QUALIFIER = _token(r"\s*,?\s*\(?\s*(?i:(?:(?:uit|van|in|volgens)\s+)?(?:de\s+)?(?:spelregels|laws|editie|versie)"
                   r"\s+(?:(?:van|uit)\s+)?|(?:uit|van)\s+)(?P<year>(?:19|20)\d\d)(?![\d.,/-]?\d)\)?"
                   r"|\s*\((?P<year2>(?:19|20)\d\d)\)",
                   _span("qualifier"))
PREFIX = _token(r"(?i:artikel(?:en|s)?|artt?(?:s|ikel)?\.?|laws?|spelregels?)\s*(?=\d)", _span("prefix"))
ABSOLUTE = _seq(PREFIX, LIST, pp.Opt(QUALIFIER).leave_whitespace())
BARE = _seq(_token(r"(?i:zie)\s+(?:(?i:ook|verder|echter)\s+)?|\(\s*", _span("prefix")), _token(_BARE_ITEM, _item))

_REL_PATH = _token(r"(?:[A-Z](?:\d{1,2}(?:\(?[a-z]\)?(?:\(\d\))?)?)?|\d{1,2}(?:\([a-z]\)(?:\(\d\))?)?"
                   r"|\([a-z]\)(?:\(\d\))?)(?![\w(\-])", lambda m: Piece("path", m.start(), m.end(), (m[0],)))
_REL_LIST = _seq(_REL_PATH, pp.ZeroOrMore(_seq(_token(r"\s*(?:,|\ben\b|\bof\b)\s*", _span("sep")), _REL_PATH))
                 .leave_whitespace())
_WHERE = _token(r"\.?\s+(?:van\s+(?:dit|dat|hetzelfde)\s+artikel|hieronder|hierboven)\b", _span("where"))
_HERE = _token(r"\.?\s+(?:hieronder|hierboven)\b", _span("where"))
# "lid B van artikel 12": read against the article named after it
_OF_ARTICLE = _token(r"\s+van\s+(?:het\s+)?(?i:artikel|art\.|law)\s*(?P<art>\d{1,3})(?![\d\w])",
                     lambda m: Piece("of", m.start(), m.end(), (m["art"],)))
_AFTER = pp.Opt(_OF_ARTICLE | _WHERE).leave_whitespace()
RELATIVE_WORD = _seq(_token(r"(?:lid|onderdeel|punt)\s+|zie\s+(?:(?:echter|ook|verder|onder)\s+)?", _span("prefix")),
                     _REL_LIST, _AFTER)
RELATIVE_UNDER = _seq(_token(r"onder\s+", _span("prefix")), _REL_LIST, _AFTER)
RELATIVE_HERE = _seq(_REL_LIST, _HERE)

for _element in (ABSOLUTE, BARE, RELATIVE_WORD, RELATIVE_UNDER, RELATIVE_HERE, ITEM):
    _element.parse_with_tabs()


def parse_at(expr: pp.ParserElement, text: str, pos: int, end: int) -> list[Piece] | None:
    """The pieces of expr read at text[pos:], within at most WINDOW characters and before end (offsets into
    text); None when it does not parse there."""
    window = text[pos:min(end, pos + WINDOW)]
    try:
        tokens = expr.parse_string(window, parse_all=False)
    except pp.ParseException:
        return None
    pieces = [t for t in tokens if isinstance(t, Piece)]
    for p in pieces:
        p.start += pos
        p.end += pos
        if p.hi:
            p.hi = (p.hi[0], p.hi[1] + pos, p.hi[2] + pos)
    return pieces
