"""Scoring without whoosh's per-query machinery: BM25F contributions per (field, term), computed once
from the whoosh postings when a build is loaded, best first ("impact-ordered"), and capped.

whoosh's matchers and collectors cost several milliseconds per query in pure Python, far above the budget;
adding up precomputed contributions costs about one dictionary update per posting, and the cap bounds the
work for common words however large the corpus grows (a word in thousands of sections only brings its
best-scoring ones)."""
from __future__ import annotations

import marshal
import math
from array import array
from collections import defaultdict
from pathlib import Path

K1 = 1.2
B = 0.6
CAP = 600          # postings kept per (field, term), best first


FILE = "impact.bin"


class ImpactIndex:
    """Made at build time from the whoosh index (``compute``), saved beside it, loaded with the searcher."""

    def __init__(self, lists: dict[str, dict[str, tuple[array, array]]]):
        self.lists = lists
        self.known: set[str] = set()
        for field, per_term in lists.items():
            if field != "pairs":
                self.known.update(per_term)

    @classmethod
    def load(cls, directory: Path, reader, fields) -> "ImpactIndex":
        try:
            raw = marshal.loads((Path(directory) / FILE).read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return cls.compute(reader, fields)
        lists = {}
        for field, per_term in raw.items():
            lists[field] = {}
            for term, (docs, values) in per_term.items():
                d, v = array("i"), array("f")
                d.frombytes(docs)
                v.frombytes(values)
                lists[field][term] = (d, v)
        return cls(lists)

    def save(self, directory: Path) -> None:
        raw = {field: {term: (d.tobytes(), v.tobytes()) for term, (d, v) in per_term.items()}
               for field, per_term in self.lists.items()}
        (Path(directory) / FILE).write_bytes(marshal.dumps(raw))

    @classmethod
    def compute(cls, reader, fields, cap: int = CAP) -> "ImpactIndex":
        lists: dict[str, dict[str, tuple[array, array]]] = {}
        n = max(1, reader.doc_count_all())
        for field in fields:
            total = reader.field_length(field) or 0
            avg = (total / n) or 1.0
            lengths = {}
            per_term: dict[str, tuple[array, array]] = {}
            for raw in reader.lexicon(field):
                term = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                items = list(reader.postings(field, raw).items_as("weight"))
                df = len(items)
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                scored = []
                for doc, tf in items:
                    dl = lengths.get(doc)
                    if dl is None:
                        dl = lengths[doc] = reader.doc_field_length(doc, field, 0) or 1
                    scored.append((idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * dl / avg)), doc))
                scored.sort(reverse=True)
                scored = scored[:cap]
                per_term[term] = (array("i", (d for _, d in scored)), array("f", (s for s, _ in scored)))
            lists[field] = per_term
        return cls(lists)

    def score(self, weighted_terms, scores=None, matched=None):
        """Add boost * BM25 of each (field, term, boost, stem) to scores[doc]; record the stem in matched[doc]."""
        scores = scores if scores is not None else defaultdict(float)
        for field, term, boost, stem in weighted_terms:
            found = self.lists.get(field, {}).get(term)
            if not found:
                continue
            docs, values = found
            for doc, value in zip(docs, values):
                scores[doc] += boost * value
                if matched is not None and stem:
                    m = matched.get(doc)
                    if m is None:
                        matched[doc] = {stem}
                    else:
                        m.add(stem)
        return scores
