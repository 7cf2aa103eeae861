"""A query made ready for scoring against one article (indexer/search.py): the bits of its stems, how much of
it a set of matched stems covers, and what a further document adds; which concepts count as covered for an
article an event names; and the result in the making."""
from __future__ import annotations

from .analysis import fold
from .query import Plan

COVER_RARITY = 4.0    # how much rarer query words count more in the coverage (0: every concept the same)


class Group:
    """One result in the making: an article (of one edition), a guide passage or a definition."""

    __slots__ = ("kind", "edition", "article", "docs", "sum", "mask", "extra", "anchor")

    def __init__(self, kind: str, edition: str, article: str):
        self.kind = kind
        self.edition = edition
        self.article = article
        self.docs: list[tuple[float, int]] = []     # (score, docnum), best first
        self.sum = 0                                # the docs' scores, the best counting fully, the next less
        self.mask = 0                               # the query stems matched anywhere (bits: Query.bits)
        self.extra = 0.0
        self.anchor = ""


class Query:
    """A plan made ready for scoring: each known query stem gets one bit, each concept's alternatives
    become (bits, number of stems, weight), so a group's coverage is a few integer operations."""

    __slots__ = ("bits", "concepts", "total", "_covers", "words", "text")

    def __init__(self, plan: Plan, known, rarity=None):
        self.words = {fold(w) for c in plan.concepts for w in c.words}.union(plan.usual)   # roles read both
        self.text = plan.folded           # the query's words as typed, folded
        self.bits: dict[str, int] = {}
        for c in plan.concepts:
            for alt in c.alternatives:
                for stem in alt:
                    if stem in known and stem not in self.bits:
                        self.bits[stem] = 1 << len(self.bits)
        bits = self.bits
        weights = [c.weight * (_rarity(c, rarity) if rarity else 1.0) for c in plan.concepts]
        self.concepts = [(weight, [(sum(bits.get(s, 0) for s in alt), len(alt), w)
                                   for alt, w in c.alternatives.items()]) for weight, c in zip(weights, plan.concepts)]
        self.total = sum(weights) or 1.0
        self._covers: dict[int, float] = {}     # mask -> cover, for the novelty of further documents

    def cover(self, mask: int, named=()) -> float:
        """The share of the query's concepts a group covers: each concept's best alternative, by the share
        of its stems matched (a concept the glossary names the article for counts fully)."""
        return sum([weight * (1.0 if i in named else
                              max([w * (mask & bits).bit_count() / n for bits, n, w in alts], default=0.0))
                    for i, (weight, alts) in enumerate(self.concepts)]) / self.total

    def novelty(self, before: int, mask: int) -> float:
        """The share of what a document matches (mask) that the documents before it (before) did not, by the
        coverage's weights (rarer words say more)."""
        covers = self._covers
        for m in (mask, before, before | mask):
            if m not in covers:
                covers[m] = self.cover(m)
        own = covers[mask]
        return (covers[before | mask] - covers[before]) / own if own else 0.0


def _rarity(concept, rarity) -> float:
    """How much a concept says: the rarity of its best-known alternative's stems (a word in few documents,
    'toeschouwer', weighs more in the coverage than one in hundreds, 'tafel'), between 1 and 1 + COVER_RARITY."""
    best = 0.0
    for alt in concept.alternatives:
        values = [rarity(s) for s in alt]
        best = max(best, sum(values) / len(values))
    return 1.0 + COVER_RARITY * best


def described(plan: Plan, named: dict[tuple, set[int]]) -> dict[tuple, set[int]]:
    """key -> the concepts that count as covered for an article an event names: the event's own and those of
    the words it was read from ('opent', 'gever': the article on a bid out of turn need not hold them)."""
    concepts = plan.concepts
    told = {i: {j for j, d in enumerate(concepts) if j != i and d.words
                and all(fold(w) in c.explains for w in d.words)}
            for i, c in enumerate(concepts) if c.explains}
    return {key: these.union(*(told[i] for i in these if i in told))
            for key, these in named.items() if any(i in told for i in these)}
