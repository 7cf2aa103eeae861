"""Typo correction against the surface words of the texts (and of the glossary): candidates that share
letter pairs with the typed word, ranked by edit distance (with transpositions), then frequency."""
from __future__ import annotations

from collections import defaultdict

from kb.text import distance    # the one edit distance, shared with the citation reader

MAX_CANDIDATES = 20     # the words sharing most letter pairs; the edit distance decides among them


def max_distance(word: str) -> int:
    return 1 if len(word) <= 5 else 2 if len(word) <= 9 else 3


def _grams(word: str) -> set[str]:
    w = f"^{word}$"
    return {w[i:i + 2] for i in range(len(w) - 1)}


class Speller:
    def __init__(self, words: dict[str, int]):
        self.freq = {w: n for w, n in words.items() if len(w) >= 3 and w.isalpha()}
        self.index: dict[str, list[str]] = defaultdict(list)
        for w in self.freq:
            for g in _grams(w):
                self.index[g].append(w)

    def __contains__(self, word: str) -> bool:
        return word in self.freq

    def correct(self, word: str) -> str | None:
        """The most likely intended word, or None when nothing is close enough."""
        if len(word) < 4 or word in self.freq or not word.isalpha():
            return None
        grams = _grams(word)
        shared: dict[str, int] = defaultdict(int)
        for g in grams:
            for w in self.index.get(g, ()):
                shared[w] += 1
        limit = max_distance(word)
        # a candidate within distance d shares at least len(grams) - 3d letter pairs (a transposition
        # changes three pairs, any other edit two)
        need = max(1, len(grams) - 3 * limit)
        candidates = sorted((w for w, n in shared.items() if n >= need and abs(len(w) - len(word)) <= limit),
                            key=lambda w: (-shared[w], abs(len(w) - len(word))))[:MAX_CANDIDATES]
        best, best_key = None, None
        for w in candidates:
            d = distance(word, w, limit)
            if d > limit:
                continue
            key = (d, w[0] != word[0], -self.freq[w])
            if best_key is None or key < best_key:
                best, best_key = w, key
        return best
