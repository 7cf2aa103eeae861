"""The block structure of a text as the citation reader walks it, and the editions it declares.

A text is cut into segments, each one "sentence" for the context tracker in kb.citations: a heading, a
sentence of a paragraph, a list item (each of its sentences), a table cell. Blocks follow markdown's line
rules closely enough for plain text too: a blank line ends a paragraph, ``#`` starts a heading, ``-``, ``*``,
``+`` or ``1.`` a list item, ``|`` a table row (``|---|`` rows are skipped). A line that only names an
edition ("Spelregels 2017") is a heading. Everything is one pass over the lines, linear in the text.

Edition mentions ("de spelregels van 1987", "Spelregels 2017", "de tekst van 1997") are found per segment; a
segment that names an edition and cites nothing declares it for the rest of the text, unless it speaks of
the past ("was dat anders"); "de huidige regels" declares the edition of the request again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t]|$)")
_SETEXT = re.compile(r"[ \t]{0,3}(?:=+|-{2,})[ \t]*\n?$")
_ITEM = re.compile(r"[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
_TABLE_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*\|?[ \t]*\n?$")
_CELL = re.compile(r"[^|\n]+")
_MAY_END = re.compile(r"[.!?][*_)\]\"'’”]*\s")  # a cheap test before _SENTENCE_END (no backtracking)
_SENTENCE_END = re.compile(r"[.!?][*_)\]\"'’”]*(?=\s+[*_(\[\"'‘“]*[A-ZÀ-Ý])")

YEAR = r"(?:19|20)\d\d"
MENTION = re.compile(
    rf"(?=[SsLlEeVvUuTtDdHhGgRr])(?:\b(?:spelregels(?:\s+voor\s+wedstrijdbridge)?|laws(?:\s+of\s+duplicate\s+bridge)?"
    rf"|editie|versie|uitgave|tekst|regels)\s+(?:(?:van|uit|of)\s+)?\(?(?P<year>{YEAR})\b"
    r"|\b(?:de\s+)?(?P<current>huidige|geldende)\s+(?:spel)?regels\b)", re.IGNORECASE)
_PAST = re.compile(r"\b(?:was|waren|werd|kende|kenden|vroeger|destijds|oude|oudere|anders)\b", re.IGNORECASE)
_ONLY_MENTION = re.compile(rf"[ \t>#*_]*(?:de\s+)?(?:spelregels(?:\s+voor\s+wedstrijdbridge)?|laws(?:\s+of\s+duplicate"
                           rf"\s+bridge)?)\s+(?:van\s+)?\(?{YEAR}\)?[ \t.:*_]*\n?$",
                           re.IGNORECASE)


@dataclass
class Segment:
    start: int
    end: int
    kind: str  # "heading" | "paragraph" | "item" | "cell"
    column: int = -1  # table cells: the column
    header: str = ""  # table cells: the text of the column's header cell
    block: int = 0  # segments of one paragraph or item share it


def _sentences(text: str, start: int, end: int, kind: str, block: int) -> list[Segment]:
    out, pos = [], start
    if _MAY_END.search(text, start, end):
        for m in _SENTENCE_END.finditer(text, start, end):
            out.append(Segment(pos, m.end(), kind, block=block))
            pos = m.end()
    out.append(Segment(pos, end, kind, block=block))
    return out


def _cells(text: str, start: int, end: int, headers: list[str] | None, row: int) -> list[Segment]:
    out = []
    for column, m in enumerate(_CELL.finditer(text, start, end)):
        header = headers[column] if headers and column < len(headers) else ""
        out.append(Segment(m.start(), m.end(), "cell", column, header, row))
    return out


def _lines(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for line in text.splitlines(keepends=True):
        out.append((pos, line))
        pos += len(line)
    return out


def _only_mention(line: str) -> bool:
    """A line that only names an edition ("Spelregels 2017") is a heading."""
    return len(line) < 80 and any(c.isdigit() for c in line) and _ONLY_MENTION.match(line) is not None


def segments(text: str) -> list[Segment]:
    """The segments of text, in order."""
    out: list[Segment] = []
    block: tuple[int, int, str] | None = None  # (start, end, kind) of the open paragraph or item
    headers: list[str] | None = None

    def close():
        nonlocal block
        if block:
            out.extend(_sentences(text, *block, len(out)))
        block = None

    lines = _lines(text)
    for i, (pos, line) in enumerate(lines):
        end = pos + len(line)
        body = line.rstrip("\n")
        stripped = body.lstrip()
        first = stripped[:1]
        following = lines[i + 1][1] if i + 1 < len(lines) else ""
        if not stripped:
            close()
            headers = None
        elif "|" in body and (first == "|" or headers or _TABLE_RULE.match(following)):
            close()
            if _TABLE_RULE.match(line):
                continue
            cells = _cells(text, pos, pos + len(body), headers, len(out))
            if headers is None:
                headers = [text[c.start:c.end].strip().lower() for c in cells]
            out.extend(cells)
        elif (first == "#" and _HEADING.match(body)) or _only_mention(body) or (
                block is None and following[:4].strip()[:1] in ("=", "-") and _SETEXT.match(following)):
            close()
            out.append(Segment(pos, pos + len(body), "heading"))
        elif first in ("=", "-") and _SETEXT.match(line) and out and out[-1].kind == "heading" and block is None:
            continue
        elif (first in "-*+>" or first.isdigit()) and _ITEM.match(body):
            close()
            block = (pos, end, "item")
        elif block is not None:
            block = (block[0], end, block[2])
        else:
            block = (pos, end, "paragraph")
    close()
    return out


_BACK_THEN = re.compile(r"\b(?:toen|destijds|daarin|daar)\b", re.IGNORECASE)


def speaks_back(text: str, seg: Segment) -> bool:
    """Does the sentence take the edition of the one before: "Ook artikel 75 was toen …", or a table cell
    after a cell of its row that named one?"""
    return seg.kind == "cell" or _BACK_THEN.search(text, seg.start, seg.end) is not None


def declared_edition(text: str, seg: Segment, mentions: list[re.Match], cites: bool) -> str | None | bool:
    """What a segment declares for the rest of the text: an edition, None for "the request's edition"
    ("de huidige regels"), False for nothing (it cites something, names no edition, speaks of the past, or
    is a table cell: an edition named in a cell holds for its row)."""
    if cites or not mentions or seg.kind == "cell":
        return False
    if seg.kind != "heading" and _PAST.search(text, seg.start, seg.end):
        return False
    last = mentions[-1]
    return None if last.group("current") else last.group("year")
