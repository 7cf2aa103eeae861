"""Scoring without whoosh's per-query machinery: BM25F contributions per (field, term), computed once at
build time from the postings recorded while the index is written, best first ("impact-ordered"), and capped;
saved beside the index (impact.bin) and loaded with the searcher.

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

from whoosh.util.numeric import byte_to_length, length_to_byte

K1 = 1.2
B = 0.6
# a section's situation phrasings are a list of separate ways to say one thing: more of them is no longer text
# (each phrase stands on its own), so their field's length counts little
FIELD_B = {"situations": 0.2}
CAP = 600          # postings kept per (field, term), best first


FILE = "impact.bin"


class ImpactIndex:
    """Made at build time (``from_postings``), saved beside the index, loaded with the searcher."""

    def __init__(self, lists: dict[str, dict[str, tuple[array, array]]]):
        self.lists = lists
        self.known: set[str] = set()
        for field, per_term in lists.items():
            if field != "pairs":
                self.known.update(per_term)

    @classmethod
    def load(cls, directory: Path, reader=None, fields=None) -> "ImpactIndex":
        """The lists saved by the build (reader and fields: unused, the build wrote everything needed)."""
        path = Path(directory) / FILE
        try:
            raw = marshal.loads(path.read_bytes())
        except (OSError, ValueError, EOFError, TypeError) as exc:
            raise FileNotFoundError(f"{path}: missing or damaged ({exc}); rebuild: python app.py build") from exc
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
    def from_postings(cls, postings: dict[tuple[str, str], list[tuple[int, float]]],
                      lengths: dict[str, dict[int, int]], totals: dict[str, int], n: int,
                      cap: int = CAP) -> "ImpactIndex":
        """BM25F contributions per (field, term), from the postings recorded while the index was written
        (``PostingRecorder``): no second pass over the index."""
        n = max(1, n)
        averages = {field: (total / n) or 1.0 for field, total in totals.items()}
        lists: dict[str, dict[str, tuple[array, array]]] = {}
        for (field, term), raw_items in postings.items():
            merged: dict[int, float] = {}
            for doc, weight in raw_items:  # whoosh adds up a term's weights within one document
                merged[doc] = merged.get(doc, 0.0) + weight
            items = list(merged.items())
            field_lengths, avg = lengths.get(field, {}), averages.get(field, 1.0)
            df = len(items)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            b = FIELD_B.get(field, B)
            scored = sorted(((idf * tf * (K1 + 1) / (tf + K1 * (1 - b + b * (field_lengths.get(doc) or 1) / avg)), doc)
                             for doc, tf in items), reverse=True)[:cap]
            lists.setdefault(field, {})[term] = (array("i", (d for _, d in scored)), array("f", (v for v, _ in scored)))
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


class PostingRecorder:
    """Wraps a whoosh writer's posting pool and per-document writer to keep, for the scored fields, each
    (field, term) -> [(doc, weight)] and each field's length per document, as whoosh writes them."""

    def __init__(self, writer, fields):
        self.fields = set(fields)
        self.postings: dict[tuple[str, str], list[tuple[int, float]]] = defaultdict(list)
        self.lengths: dict[str, dict[int, int]] = defaultdict(dict)
        self.totals: dict[str, int] = {}
        self.docs = 0
        self.doc = 0
        pool_add = writer.pool.add
        add_field = writer.perdocwriter.add_field
        start_doc = writer.perdocwriter.start_doc

        def record_posting(item):
            field, tbytes, docnum, weight, _ = item
            if field in self.fields:
                self.postings[(field, tbytes.decode("utf-8"))].append((docnum, weight))
            return pool_add(item)

        def record_length(fieldname, fieldobj, value, length):
            if fieldname in self.fields and length:
                # whoosh keeps a document's field length in one byte: score with the same value it reads back
                self.lengths[fieldname][self.doc] = byte_to_length(length_to_byte(length))
                self.totals[fieldname] = self.totals.get(fieldname, 0) + length
            return add_field(fieldname, fieldobj, value, length)

        def record_doc(docnum):
            self.doc = docnum
            self.docs = max(self.docs, docnum + 1)
            return start_doc(docnum)

        writer.pool.add = record_posting
        writer.perdocwriter.add_field = record_length
        writer.perdocwriter.start_doc = record_doc

    def record(self, fieldname: str, items, docnum: int) -> None:
        """Postings of a field scored here but not written to whoosh (items as whoosh's field.index gives)."""
        length = 0
        for tbytes, freq, weight, _ in items:
            self.postings[(fieldname, tbytes.decode("utf-8") if isinstance(tbytes, bytes) else tbytes)].append((docnum, weight))
            length += freq
        if length:
            self.lengths[fieldname][docnum] = byte_to_length(length_to_byte(length))
            self.totals[fieldname] = self.totals.get(fieldname, 0) + length

    def impact(self) -> ImpactIndex:
        return ImpactIndex.from_postings(self.postings, self.lengths, self.totals, self.docs)
