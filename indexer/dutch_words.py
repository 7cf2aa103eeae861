"""Which words are ordinary Dutch: the typo corrector never 'corrects' one ('iemand liet een kaart vallen'
is not a typo of 'ligt'), though the laws do not use it.

The word list is the Dutch frequency list that pyspellchecker ships (a runtime dependency). A word seen at
least MIN_COUNT times is Dutch. A rarer one (RARE_COUNT or more: 'tergend', 'verspreekt', 'inkijken') is Dutch
unless it is one letter away from the word the corrector would make of it: the rare entries of that list
include common misspellings too ('verzakking' for 'verzaking'). It is read once per process (when the searcher
opens its first build); without the package every unknown word may be corrected, as before."""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from .analysis import fold

MIN_COUNT = 100
RARE_COUNT = 50


@lru_cache(maxsize=1)
def dutch_words() -> dict[str, int]:
    """Folded word -> its count in the list, for the words seen RARE_COUNT times or more."""
    try:
        import spellchecker
    except ImportError:
        return {}
    path = Path(spellchecker.__file__).parent / "resources" / "nl.json.gz"
    try:
        counts = json.loads(gzip.decompress(path.read_bytes()))
    except (OSError, ValueError):
        return {}
    out: dict[str, int] = {}
    for w, n in counts.items():
        if n >= RARE_COUNT:
            f = fold(w)
            out[f] = max(n, out.get(f, 0))
    return out


def is_dutch_word(folded: str) -> bool:
    """A common Dutch word: never a typo."""
    return dutch_words().get(folded, 0) >= MIN_COUNT


def is_rare_dutch_word(folded: str) -> bool:
    """A rare word of the list: a typo only when it is one letter from its correction."""
    return folded in dutch_words()
