"""Parser of the keyword index (trefwoordenregister) of seed 000.

A chunk runs entries together: 'Accepteren van Niet gemaakte slag als gemaakt 72 Onvoldoende bod 27 …
Afspraken tussen partners Afwijken van - 75'. Items start at a capitalised word (acronyms such as WL, IMP
do not count); numbers after an item are its articles; '➤ zie:' and '➤ zie ook:' give links, separated by
';'. Whether an item is a headword, a sub-entry or a sub-sub-entry follows from the index's alphabetical
order (Dutch: case and accents ignored, 'ij' as 'y'): headwords rise, and so do the entries under each. A
chunk that starts in the middle of an entry gets its headword from annotations/000_index.tsv.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .corpus import CorpusError
from .model import KeywordEntry, Source
from .text import collation_key, fold, is_acronym, squash

PREFIX = re.compile(r"^TREFWOORDENREGISTER\s*\([^)]*\)\s*")
LOCATOR = re.compile(r"^(\d{1,3})[,;]?$")
SEE = re.compile(r"➤\s*zie(?P<also>\s+ook)?\s*:?\s*")


@dataclass
class Item:
    phrase: str
    articles: list[str] = field(default_factory=list)
    see: list[str] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    level: int = 1
    fragment: bool = False

    @property
    def open(self) -> bool:
        """A parent entry: no articles and no 'zie' of its own ('zie ook' goes with sub-entries)."""
        return not (self.articles or self.see)


def starts_item(word: str) -> bool:
    return bool(word) and word[0].isupper() and not is_acronym(word.strip(",;()"))


def tokenize(text: str) -> list[Item]:
    text = SEE.sub(lambda m: " ➤ZIEOOK " if m.group("also") else " ➤ZIE ", text)
    words = text.split()
    items: list[Item] = []
    i = 0
    while i < len(words):
        phrase: list[str] = []
        while i < len(words) and not LOCATOR.match(words[i]) and not words[i].startswith("➤"):
            if phrase and starts_item(words[i]):
                break
            phrase.append(words[i])
            i += 1
        item = Item(squash(" ".join(phrase)).rstrip(";,"))
        while i < len(words) and LOCATOR.match(words[i]):
            item.articles.append(LOCATOR.match(words[i]).group(1))
            i += 1
        while i < len(words) and words[i].startswith("➤"):
            kind = item.see_also if words[i] == "➤ZIEOOK" else item.see
            i += 1
            target: list[str] = []
            while i < len(words):
                w = words[i]
                if w.startswith("➤") or LOCATOR.match(w) or (target and starts_item(w) and not target[-1].endswith(",")):
                    break
                target.append(w)
                i += 1
                if w.endswith(";"):
                    kind.append(" ".join(target).rstrip(";"))
                    target = []
            if target:
                kind.append(" ".join(target).rstrip(";"))
        if item.phrase or item.articles or item.see or item.see_also:
            items.append(item)
    return items


def after(x: str, y: str) -> bool:
    """x sorts after y in the index: letter by letter or word by word (the index uses both)."""
    a, b = collation_key(x), collation_key(y)
    comma_first = collation_key(x.replace(",", " \x01")) > collation_key(y.replace(",", " \x01"))
    return a > b or a.replace(" ", "") > b.replace(" ", "") or comma_first


def assign_levels(items: list[Item], headword: str | None, levels: dict[str, int] | None = None) -> list[Item]:
    """Headword (1), sub-entry (2) or sub-sub-entry (3), from the alphabetical order of the entries;
    ``levels`` holds curated levels of items (by phrase) where the order cannot tell."""
    levels = levels or {}
    H: Item | None = Item(headword) if headword else None
    S: Item | None = None
    SS: Item | None = None
    has_sub = False
    for n, x in enumerate(items):
        if H is None:
            x.level, H = 1, x
            continue
        placeholder = bool(re.search(r"(?:^|\s)-(?:\s|$)", x.phrase))
        can_head = after(x.phrase, H.phrase)
        can_sub = S is None or after(x.phrase, S.phrase)
        can_subsub = S is not None and S.open and (SS is None or after(x.phrase, SS.phrase))
        if H.open and not has_sub:
            level = 2
        elif S is not None and S.open and SS is None and can_subsub:
            level = 3
        elif can_subsub and not placeholder:
            level = 3
        elif placeholder and (can_sub or not can_head):
            level = 2
        elif can_sub and can_head:
            # both fit the order: continue the entries under the headword once it has any
            level = 2 if S is not None else 1
        elif can_sub:
            level = 2
        else:
            level = 1
        level = levels.get(x.phrase, level)
        x.level = level
        if level == 1:
            H, S, SS, has_sub = x, None, None, False
        elif level == 2:
            S, SS, has_sub = x, None, True
        else:
            SS = x
    return items


def uninvert(term: str) -> str:
    """'Bieding, wijziging van' -> 'wijziging van bieding', for filling in the '-' placeholder."""
    head, _, rest = term.partition(", ")
    base = f"{rest} {head}" if rest else head
    return base if is_acronym(base.split()[0]) else base[0].lower() + base[1:]


def expand(phrase: str, headword: str) -> str:
    return squash(re.sub(r"(?:(?<=\s)|^)-(?=\s|$)", uninvert(headword), phrase))


def parse_index(lines: list[tuple[int, str]], file: str, curated: list[dict]) -> tuple[list[KeywordEntry], list[str]]:
    """Entries of the index chunks. ``curated`` rows (annotations/000_index.tsv) give the headword of a
    chunk that starts mid-entry (column headword) or the level of one item (columns item, level)."""
    entries: list[KeywordEntry] = []
    problems: list[str] = []
    for number, raw in lines:
        text = PREFIX.sub("", raw)
        rows = [r for r in curated if r["line"] == str(number)]
        headword = next((r["headword"] for r in rows if r.get("headword")), None)
        for r in rows:
            if r.get("item") and r.get("level") not in ("1", "2", "3"):
                raise CorpusError(r["_file"], r["_line"], f"item {r['item']!r} needs a level 1, 2 or 3, not {r.get('level')!r}")
        levels = {r["item"]: int(r["level"]) for r in rows if r.get("item")}
        for row in rows:
            if not fold(text).startswith(fold(row["starts_with"])):
                problems.append(f"{row['_file']}:{row['_line']}: line {number} does not start with {row['starts_with']!r}")
        items = tokenize(text)
        missing = set(levels) - {i.phrase for i in items}
        for item in sorted(missing):
            problems.append(f"annotations/000_index.tsv: line {number} has no index item {item!r}")
        items = assign_levels(items, headword, levels)
        path: list[str] = [headword] if headword else []
        raw_head = headword or ""
        for k, item in enumerate(items):
            last = k == len(items) - 1
            if item.level == 1:
                raw_head = item.phrase
            term = expand(item.phrase, raw_head) if item.level > 1 else item.phrase
            path = path[: item.level - 1] + [term]
            while len(path) < item.level:
                path.insert(0, "…")
            entries.append(KeywordEntry(
                term=term, path=list(path), articles=item.articles, see=item.see, see_also=item.see_also,
                source=Source(file, number), fragment=last and item.open,
                headword_source="curated" if headword and item.level > 1 and path[0] == headword else "text"))
    return entries, problems
