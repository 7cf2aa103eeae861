"""The event filter (indexer/event_anchors.py): a pattern is skipped only when the query lacks every word start
the pattern needs, so filtering never changes which events a query is read as; it only runs fewer patterns."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from indexer.analysis import fold
from indexer.bids import facts
from indexer.event_anchors import EventFilter, needed_starts

from test_events import NOT_READ, READ

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


@pytest.mark.parametrize("pattern, starts", [
    (r"^(?=.*\b(opent|opende|bood)\b)", {"opent", "opende", "bood"}),
    # what stops a pattern (a negative lookahead) is no need; the later lookahead is
    (r"^(?!.*\bniet\b)(?=.*\b(gever|beurt)\b)", {"gever", "beurt"}),
    # a literal after a space or a \b starts a word; only its word characters count
    (r"^(?=.*\bnog aan de beurt\b)", {"nog"}),
    (r"^(?=.*\b(doubleer\w*|dubbel))", {"doubleer", "dubbel"}),
    # a word after a space in a branch is needed by that branch; a branch that needs nothing: nothing is needed
    (r"^(?=.*\b(pakt|\w+ legt))", {"pakt", "legt"}),
    (r"^(?=.*\b(pakt|\w+))", None),
    # the parser's factored prefix ('d(oubleer|ubbel)') is read back into whole word starts
    (r"^(?=.*\b(doubleer\w*|dubbel|dubbelde))", {"doubleer", "dubbel", "dubbelde"}),
    (r"^(?=.*\b(pakt|legt)|.*\bgever\b)", {"pakt", "legt", "gever"}),
    # a literal inside a word (no boundary before it) says nothing about where words start
    (r"^(?=.*gever)", None),
    # an optional part needs nothing; what follows it still starts a word, present or not
    (r"^(?=.*\b(de |zijn )?(leider|blinde)\b)", {"leider", "blinde"}),
    (r"^(?=.*\b(de|zijn)?(leider|blinde)\b)", None),
    (r"(?i)^(?=.*\bopent\b)", None),
])
def test_needed_starts_reads_the_words_a_pattern_cannot_match_without(pattern, starts):
    found = needed_starts(re.compile(pattern))
    assert (set(found) if found is not None else None) == starts


def test_the_optional_part_is_not_taken_as_needed():
    # '(de )?' may be absent: 'leider' alone must still pass the filter
    f = EventFilter([re.compile(r"^(?=.*\b(de )?(leider|blinde)\b)")])
    assert f.candidates("de leider speelt") == {0}
    assert f.candidates("leider speelt") == {0}


def _queries() -> list[str]:
    rows = [q for q, *_ in READ + NOT_READ]
    for path in sorted(DATA.glob("search_queries_*.tsv")):
        rows += [line.split("\t")[1] for line in path.read_text("utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
    words = [w for q in rows for w in q.split()]
    rnd = random.Random(7)
    return rows + [" ".join(rnd.choice(words) for _ in range(rnd.randint(2, 12))) for _ in range(3000)]


def test_filtering_never_changes_which_events_a_query_is_read_as(store):
    glossary = store.searcher.glossary
    patterns = [pattern for pattern, _ in glossary.events]
    assert len(patterns) > 50
    assert all(needed_starts(p) for p in patterns), "every events.tsv pattern names the words it needs"
    event_filter, matched = EventFilter(patterns), 0
    for q in _queries():
        folded = [fold(w) for w in q.lower().split()]
        text = " ".join(folded + facts(folded))
        every = [n for n, p in enumerate(patterns) if p.search(text)]
        maybe = event_filter.candidates(text)
        assert set(every) <= maybe, q
        matched += bool(every)
    assert matched > 300          # the queries do read events: the comparison is not vacuous
