"""Bounds that keep Python-Markdown linear on any input.

Python-Markdown looks for the closing bracket of every ``[`` to the end of its paragraph, so a paragraph of
thousands of unmatched (or deeply nested) brackets takes minutes, and deeply nested lists or quotes build a
tree deep enough for a RecursionError. Before Python-Markdown sees a ruling:

- a ``[`` that has no ``]`` in its paragraph, sits more than MAX_BRACKET_DEPTH deep, or opens a link whose
  ``(`` is never closed, is hidden from Python-Markdown (LITERAL_BRACKET, written back as ``[``) once a
  paragraph holds more than FEW such brackets (small texts stay exactly as written);
  so is every ``[`` after the first MAX_LINKS of a paragraph (each link costs Python-Markdown a scan of the
  rest of the paragraph, and an unclosed ``](`` a scan to its end);
- a paragraph longer than MAX_PARAGRAPH characters, or with more than MAX_MARKUP inline markup characters,
  is cut into paragraphs within both bounds (at a line break, else at a space, never inside a marked
  reference): Python-Markdown rebuilds a paragraph's string for every inline match, quadratic in the
  paragraph's length;
- inline markup characters after the first MAX_MARKUP_TOTAL of a text are hidden the same way (shown as
  typed): Python-Markdown's cost per emphasis, code span or entity is high;
- quote markers beyond MAX_DEPTH and indentation beyond MAX_DEPTH levels are dropped: such a text is
  rendered flat at that depth;
- list items after the first MAX_LIST_ITEMS of a text are shown as typed lines of a paragraph
  (UNLISTED before the line, written back as nothing): Python-Markdown parses every item as a block of its
  own and runs every inline pattern over it, some 70 microseconds an item.

One pass over the text each; offsets are not needed afterwards (the references are marked before).
"""
from __future__ import annotations

import re

MAX_BRACKET_DEPTH = 8
MAX_DEPTH = 16
FEW = 8
MAX_LINKS = 64
MAX_PARAGRAPH = 8192
MAX_MARKUP = 256  # inline markup characters (emphasis, code, entities, tags, links) one paragraph may hold
_MARKUP_CHARS = "*_`&<[!\\"
_MARKUP = re.compile(r"[*_`&<\[!\\]")
OPEN, CLOSE = "\ue000", "\ue002"  # the reference markers of kb.markdown_citations
LITERAL_BRACKET = "\ue003"  # a "[" Python-Markdown must not see; the postprocessor writes "["
MAX_MARKUP_TOTAL = 8192  # inline markup characters one text may hold; the rest is shown as typed
# Hidden markup character -> what the postprocessor writes back (HTML; "[" is LITERAL_BRACKET).
LITERALS = {LITERAL_BRACKET: "[", "\ue004": "*", "\ue005": "_", "\ue006": "`", "\ue007": "&lt;",
            "\ue008": "&amp;", "\ue009": "\\", "\ue00a": "!", "\ue00b": ""}
UNLISTED = "\ue00b"  # before a line that must not start a list item (see MAX_LIST_ITEMS)
MAX_LIST_ITEMS = 1000
_HIDE = {v if v not in ("&lt;", "&amp;") else {"&lt;": "<", "&amp;": "&"}[v]: k for k, v in LITERALS.items()}
PRIVATE = re.compile("[\ue000-\ue00b]")  # characters the extension uses; typed ones are replaced
_BRACKET = re.compile(r"(?<!\\)\[")
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
# possessive quantifiers: a line that almost matches must not backtrack through its runs of spaces
_DEEP_QUOTE = re.compile(rf"^((?:[ \t]*+>){{{MAX_DEPTH}}})(?:[ \t]*+>)+", re.M)
_DEEP_INDENT = re.compile(rf"^([ \t]{{{4 * MAX_DEPTH}}})[ \t]++", re.M)
_ITEM_MARK = r"(?:[-*+]|\d{1,9}[.)])[ \t]++"
_DEEP_ITEMS = re.compile(rf"^((?:[ \t]*+{_ITEM_MARK}){{{MAX_DEPTH}}})(?:{_ITEM_MARK})+", re.M)
_ITEM_LINE = re.compile(rf"^[ \t]*+{_ITEM_MARK}", re.M)


class TextTooDeep(ValueError):
    """Markup nested deeper than even the flattened text can render."""


def _bad_brackets(paragraph: str) -> list[int]:
    """Offsets of the ``[`` in paragraph that are unmatched, nested too deep, or open a link whose ``(``
    is never closed."""
    brackets: list[int] = []
    parens: list[int] = []
    links: dict[int, int] = {}  # position of a link's "(" -> position of its "["
    bad: list[int] = []
    escaped = False
    for i, ch in enumerate(paragraph):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "[":
            brackets.append(i)
            if len(brackets) > MAX_BRACKET_DEPTH:
                bad.append(i)
        elif ch == "]" and brackets:
            opened = brackets.pop()
            if paragraph.startswith("(", i + 1):
                links[i + 1] = opened
        elif ch == "(":
            parens.append(i)
        elif ch == ")" and parens:
            parens.pop()
    bad.extend(brackets)
    bad.extend(links[p] for p in parens if p in links)
    return bad


def _escape_brackets(paragraph: str) -> str:
    """Runaway brackets replaced by LITERAL_BRACKET (shown as "[" after rendering, no inline work)."""
    count = paragraph.count("[")
    if count <= FEW:
        return paragraph
    bad = set(_bad_brackets(paragraph))
    if count > MAX_LINKS:
        bad.update(m.start() for i, m in enumerate(_BRACKET.finditer(paragraph)) if i >= MAX_LINKS)
    if len(bad) <= FEW and count <= MAX_LINKS:
        return paragraph
    chars = list(paragraph)
    for i in bad:
        chars[i] = LITERAL_BRACKET
    return "".join(chars)


def _cut_points(paragraph: str) -> list[int]:
    """Where to cut: after about MAX_PARAGRAPH characters or MAX_MARKUP inline markup characters."""
    marks = [m.start() for m in _MARKUP.finditer(paragraph)] if _markup(paragraph) > MAX_MARKUP else []
    points, pos, k = [], 0, MAX_MARKUP
    while True:
        limit = pos + MAX_PARAGRAPH
        if k < len(marks) and marks[k] < limit:
            limit = marks[k]
        if limit >= len(paragraph):
            return points
        at = paragraph.find("\n", limit, limit + 200)
        if at < 0:
            at = paragraph.find(" ", limit, limit + 200)
        at = limit if at < 0 else at
        if paragraph.rfind(OPEN, pos, at) > paragraph.rfind(CLOSE, pos, at):
            close = paragraph.find(CLOSE, at)
            at = close + 1 if close >= 0 else len(paragraph)
        if at <= pos or at >= len(paragraph):
            return points
        points.append(at)
        pos = at
        while k < len(marks) and marks[k] < at:
            k += 1
        k += MAX_MARKUP - 1


def _markup(paragraph: str) -> int:
    return sum(paragraph.count(c) for c in _MARKUP_CHARS)


def _cut(paragraph: str) -> str:
    """A long paragraph, or one dense with inline markup, as several."""
    if len(paragraph) <= MAX_PARAGRAPH and _markup(paragraph) <= MAX_MARKUP:
        return paragraph
    out, pos = [], 0
    for at in _cut_points(paragraph):
        out += [paragraph[pos:at], "\n\n"]
        pos = at
    out.append(paragraph[pos:])
    return "".join(out)


def _per_paragraph(text: str, fix) -> str:
    parts = _PARAGRAPH.split(text)
    seps = _PARAGRAPH.findall(text)
    out = [fix(parts[0])]
    for sep, part in zip(seps, parts[1:]):
        out += [sep, fix(part)]
    return "".join(out)


def _hide_excess_markup(text: str) -> str:
    """Markup characters after the first MAX_MARKUP_TOTAL hidden: Python-Markdown spends tens of
    microseconds on each emphasis, code span or entity, so a text made of them is rendered as typed."""
    if _markup(text) <= MAX_MARKUP_TOTAL:
        return text
    chars = list(text)
    for i, m in enumerate(_MARKUP.finditer(text)):
        if i >= MAX_MARKUP_TOTAL:
            chars[m.start()] = _HIDE[m.group()]
    return "".join(chars)


def _unlist_excess_items(text: str) -> str:
    """Lines of list items after the first MAX_LIST_ITEMS start with UNLISTED: plain lines of a paragraph."""
    starts = [m.start() for m in _ITEM_LINE.finditer(text)]
    if len(starts) <= MAX_LIST_ITEMS:
        return text
    out, pos = [], 0
    for at in starts[MAX_LIST_ITEMS:]:
        out += [text[pos:at], UNLISTED]
        pos = at
    out.append(text[pos:])
    return "".join(out)


def flatten_deep_structure(text: str) -> str:
    """text with runaway brackets escaped, long paragraphs cut, excess markup hidden, excess list items
    unlisted and nesting cut at MAX_DEPTH (see the module docstring)."""
    text = _unlist_excess_items(text)
    text = _hide_excess_markup(_per_paragraph(text, lambda p: _cut(_escape_brackets(p))))
    text = _DEEP_QUOTE.sub(r"\1", text)
    text = _DEEP_ITEMS.sub(r"\1", text)
    return _DEEP_INDENT.sub(r"\1", text)
