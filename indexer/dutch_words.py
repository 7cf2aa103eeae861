"""Which words are ordinary Dutch: the typo corrector never 'corrects' one ('iemand liet een kaart vallen'
is not a typo of 'ligt'), though the laws do not use it.

The word list is the Dutch frequency list that pyspellchecker ships (a runtime dependency), words seen at
least MIN_COUNT times (rarer entries of that list include common misspellings, such as 'verzakking'). It is
read once per process (when the searcher opens its first build); without the package every unknown word
may be corrected, as before."""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from .analysis import fold

MIN_COUNT = 100


@lru_cache(maxsize=1)
def dutch_words() -> frozenset[str]:
    try:
        import spellchecker
    except ImportError:
        return frozenset()
    path = Path(spellchecker.__file__).parent / "resources" / "nl.json.gz"
    try:
        counts = json.loads(gzip.decompress(path.read_bytes()))
    except (OSError, ValueError):
        return frozenset()
    return frozenset(fold(w) for w, n in counts.items() if n >= MIN_COUNT)


def is_dutch_word(folded: str) -> bool:
    return folded in dutch_words()
