"""Which event patterns a query can match at all, without running them: a word each pattern needs.

An events.tsv pattern is a regular expression over the query's words (indexer/glossary.py), most of it
lookaheads such as ``(?=.*\\b(opent|opende|bood)\\b)``. A text can only match it if some word of the text starts
with one of the literals such a lookahead names at a word boundary ('opent', 'opende', 'bood'). `needed_starts`
reads that from the compiled pattern's syntax tree, soundly: it returns a set only when every match must hold a
word starting with one of them, else None (the pattern is always run). `EventFilter` indexes the patterns by
those word starts, so a query runs only the few patterns whose words it holds, not all of them."""
from __future__ import annotations

import re
from re import _constants as C, _parser as P

_WORD = re.compile(r"\w+")
_WORD_CHAR = re.compile(r"\w")


def needed_starts(pattern: re.Pattern) -> frozenset[str] | None:
    """Word starts of which every match of `pattern` holds one (a word of the text begins with it), or None."""
    if pattern.flags & re.IGNORECASE:
        return None
    try:
        tree = P.parse(pattern.pattern, pattern.flags)
    except (re.error, RecursionError, OverflowError):
        return None
    found = _sequence(list(tree), False)
    return frozenset(found) if found else None


def _sequence(items: list, boundary: bool) -> set[str] | None:
    """What a match of these items in order needs; `boundary`: the first item starts at a word boundary."""
    for i, (op, av) in enumerate(items):
        found = None
        if op is C.LITERAL and boundary:
            found = _literal_start(items, i)
        elif op is C.SUBPATTERN:
            found = _sequence(list(av[-1]), boundary)
        elif op is C.BRANCH:
            found = _branches(av[1], boundary)
        elif op is C.ASSERT and av[0] == 1:          # a lookahead must match too
            found = _sequence(list(av[1]), False)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] >= 1:
            found = _sequence(list(av[2]), boundary)
        if found:
            return found
        boundary = (op is C.AT and av in (C.AT_BOUNDARY, C.AT_BEGINNING, C.AT_BEGINNING_STRING)) or (
            op is C.LITERAL and not _WORD_CHAR.match(chr(av))) or (
            boundary and op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] == 0 and _ends_apart(list(av[2])))
    return None


def _ends_apart(items: list) -> bool:
    """Whether these items end with a character that is no word character (the '(de )?' of '(de )?leider'): an
    optional part that does, present or not, leaves what follows it at the start of a word."""
    if not items:
        return False
    op, av = items[-1]
    if op is C.SUBPATTERN:
        return _ends_apart(list(av[-1]))
    if op is C.BRANCH:
        return all(_ends_apart(list(alt)) for alt in av[1])
    return op is C.LITERAL and not _WORD_CHAR.match(chr(av))


def _branches(alternatives, boundary: bool) -> set[str] | None:
    out: set[str] = set()
    for alt in alternatives:
        found = _sequence(list(alt), boundary)
        if not found:
            return None
        out |= found
    return out


def _literal_start(items: list, i: int) -> set[str] | None:
    """The word characters the items from items[i] on start with, as the start of a word: a run of literals,
    continued into a group whose every alternative starts with word characters ('d(oubleer|ubbel)', as the
    regular expression parser factors 'doubleer|dubbel'); None when items[i] is no word character."""
    chars = []
    for j in range(i, len(items)):
        op, av = items[j]
        if op is C.LITERAL and _WORD_CHAR.match(chr(av)):
            chars.append(chr(av))
            continue
        if chars and op in (C.BRANCH, C.SUBPATTERN):
            alternatives = av[1] if op is C.BRANCH else [av[-1]]
            tails = [_literal_start(list(alt), 0) for alt in alternatives]
            if all(tails):
                return {"".join(chars) + tail for found in tails for tail in found}
        break
    return {"".join(chars)} if chars else None


class EventFilter:
    """The patterns (by position) a text may match: those whose needed word starts it holds, and those
    `needed_starts` could not read (always run)."""

    def __init__(self, patterns: list[re.Pattern]):
        self.always: set[int] = set()
        self.by_start: dict[str, set[int]] = {}
        for n, pattern in enumerate(patterns):
            starts = needed_starts(pattern)
            if starts is None:
                self.always.add(n)
                continue
            for start in starts:
                self.by_start.setdefault(start, set()).add(n)
        self.longest = max(map(len, self.by_start), default=0)

    def candidates(self, text: str) -> set[int]:
        out = set(self.always)
        get = self.by_start.get
        for word in set(_WORD.findall(text)):
            for n in range(1, min(len(word), self.longest) + 1):
                found = get(word[:n])
                if found:
                    out |= found
        return out
