"""Which words are ordinary Dutch: the typo corrector never 'corrects' one ('iemand liet een kaart vallen'
is not a typo of 'ligt'), though the laws do not use it.

The word list is the Dutch frequency list that pyspellchecker ships (a runtime dependency). A word seen at
least MIN_COUNT times is Dutch. A rarer one ('tergend', 'verspreekt', 'inkijken': the list's floor is 50) is Dutch
unless it is one letter away from the word the corrector would make of it: the rare entries of that list
include common misspellings too ('verzakking' for 'verzaking'). It is read once per process (when the searcher
opens its first build); without the package every unknown word may be corrected, as before."""
from __future__ import annotations

import gzip
import json
from array import array
from bisect import bisect_left
from functools import lru_cache
from pathlib import Path

from .analysis import fold

MIN_COUNT = 100


@lru_cache(maxsize=1)
def dutch_words() -> tuple[frozenset[str], array]:
    """(the words seen MIN_COUNT times or more, the sorted hashes of every word of the list): the rarer words
    as 64-bit hashes, a few MB, where a set of their 340 000 strings would keep 30 MB in every worker."""
    try:
        import spellchecker
    except ImportError:
        return frozenset(), array("q")
    path = Path(spellchecker.__file__).parent / "resources" / "nl.json.gz"
    try:
        counts = json.loads(gzip.decompress(path.read_bytes()))
    except (OSError, ValueError):
        return frozenset(), array("q")
    plain = fold.__wrapped__           # not through fold's cache: 340 000 words would fill it for nothing
    common = frozenset(plain(w) for w, n in counts.items() if n >= MIN_COUNT)
    return common, array("q", sorted({hash(plain(w)) for w in counts}))


def is_dutch_word(folded: str) -> bool:
    """A common Dutch word: never a typo."""
    return folded in dutch_words()[0]


def is_rare_dutch_word(folded: str) -> bool:
    """A word of the list however rare: a typo only when it is one letter from its correction."""
    hashes = dutch_words()[1]
    h = hash(folded)
    i = bisect_left(hashes, h)
    return i < len(hashes) and hashes[i] == h
