"""Small text helpers shared by the parsers and the search: normalisation, Dutch collation, title splitting,
edit distance."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

SUPERSCRIPT_DIGITS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_WS = re.compile(r"\s+")


def squash(text: str) -> str:
    """Collapse runs of white space to one space and strip."""
    return _WS.sub(" ", text).strip()


def fold(text: str) -> str:
    """Lower case, accents removed, punctuation dropped: for comparing text across sources."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return squash(re.sub(r"[^\w%♠♥♦♣]+", " ", text))


def fold_chars(text: str) -> str:
    """fold's case and accents, one character for one, so that a match in the folded text stands at the same
    offsets in the text ('Één' -> 'een')."""
    if text.isascii():
        return text.lower()
    return "".join(c.lower() if c.isascii() else _fold_char(c) for c in text)


@lru_cache(maxsize=None)
def _fold_char(c: str) -> str:
    base = [x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x)] or [c]
    low = base[0].lower()
    return low if len(low) == 1 else base[0]


def slug(text: str) -> str:
    """An anchor id's part made of a term: 'Bieding, wijziging van' -> 'bieding-wijziging-van'."""
    return re.sub(r"[^a-z0-9]+", "-", fold_chars(text)).strip("-") or "x"


def keyword_anchor(path: list[str]) -> str:
    """The id of a keyword entry on /trefwoorden: 'tw-' and the slugs of its path ('tw-bod--onvoldoende-bod')."""
    return "tw-" + "--".join(slug(p) for p in path)


def collation_key(text: str) -> str:
    """Sort key of the Dutch keyword index: case and accents ignored, 'ij' sorts as 'y'."""
    key = fold(text.replace("\x01", " 0001 ")).replace("ij", "y").replace("0001", "\x01")
    return re.sub(r"[^a-z0-9 \x01]", "", key)


def is_acronym(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


CITATION_TOKEN = re.compile(r"^[A-Z](?:\d{1,2}[a-z]?)?[.,;:)]*$")


def starts_capitalised(word: str) -> bool:
    """A capitalised word that can start a sentence: not an acronym (RT, IMP) nor a section label (A2, C)."""
    return bool(word) and word[0].isupper() and not is_acronym(word) and not CITATION_TOKEN.match(word)


def split_title(run: str, known_titles: list[str] | tuple[str, ...] = ()) -> tuple[str, str]:
    """Split 'Het schudden Voordat het spelen begint…' into ('Het schudden', 'Voordat het spelen begint…').

    A known title (from the table of contents, another edition, a curated correction) wins when the run
    starts with it. Otherwise the title ends before the first capitalised word after the first word
    (acronyms such as RT, LT, IMP and words in brackets do not count)."""
    for title in sorted(known_titles, key=len, reverse=True):
        if title and fold(run).startswith(fold(title)):
            # find the end of the title in the original run by matching word count
            words = run.split()
            n = len(title.split())
            if fold(" ".join(words[:n])) == fold(title):
                return " ".join(words[:n]), " ".join(words[n:])
    words = run.split(" ")
    for i, word in enumerate(words[1:], start=1):
        if starts_capitalised(word):
            title = " ".join(words[:i]).strip()
            if title.endswith((".", ";", ":", "!", "?")):
                return "", run.strip()  # the run opens with a sentence: no title
            return title, " ".join(words[i:]).strip()
    if len(words) > 3 and run.rstrip().endswith((".", ";", ":")):
        return "", run.strip()  # a sentence, not a title
    return run.strip(), ""


def distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions); limit+1 when
    it is above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]
