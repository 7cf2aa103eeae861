"""Searching one build's index: plain words in, results grouped by article out.

A ``Searcher`` belongs to one build directory. It opens the whoosh index once, reads what it needs into
memory (stored fields, impact-ordered postings: indexer/impact.py) and keeps the whoosh searcher open for its
whole life: a request never opens a file, so a pruned old build directory cannot break a search still using
it, and searches need no lock.

Ranking, per (edition, article):
  * every document (an article's card, a section, a guide passage, a definition) scores BM25F over its
    fields (keyword-index terms and the article title weigh most), each query concept as the mean of its
    words, plus a bonus for query words standing together;
  * an article adds up its best documents (the best counts fully, the next ones less, and a further one
    mostly for the query words the better ones lacked: several sections repeating the same words are not more
    evidence than one text holding them all), and guide passages add to the articles they explain;
  * the score is scaled by the share of the query's concepts the article covers anywhere;
  * a query that is exactly the name of an article, heading, section or keyword entry puts that first,
    and an English law name puts the law the glossary names for it forward;
  * anchor text (the sentences that cite a section, the guide passages that explain it) and the situation
    vocabulary's phrasings are fields of their section (indexer/anchors.py);
  * a question about what happens ('wat nu', 'hoeveel slagen') favours texts that give the rectification;
  * a query naming only the declarer (or only a defender) cuts the article titled for the other, and one that
    does not name the dummy cuts the articles titled for him (indexer/roles.py);
  * one result per article (indexer/results.py): the default edition's where it has text, else the edition
    that has it, with the other editions it was found in beside it; other editions weigh a little less.
"""
from __future__ import annotations

import heapq
import itertools
import json
import math
from array import array
from collections import defaultdict
from operator import itemgetter
from pathlib import Path

from whoosh import index as windex

from .analysis import Analysis, pair_terms
from .dutch_words import dutch_words
from .impact import ImpactIndex
from .glossary import Glossary
from .coverage import COVER_RARITY, Group as _Group, Query as _Query, described
from .query import Plan, QueryReader
from .results import Answer, Result, one_per_article, shown_texts
from .roles import TitleRoles, names_dummy, query_role
from .snippets import Snippets, render
from .suggest import Suggester, slug

FIELD_BOOSTS = {"keywords": 3.0, "article_title": 3.0, "title": 1.0, "headings": 1.0, "text": 1.0,
                "situations": 2.0, "anchors": 0.4}
SCORED_FIELDS = ("keywords", "article_title", "title", "headings", "text", "situations", "anchors", "pairs")
PHRASE_BOOST = 1.8
GUIDE_SHARE = 0.5
OTHER_EDITION = 0.85
DECAY = (1.0, 0.4, 0.2, 0.1)
REPEAT_SHARE = 0.5   # what a further document of an article adds for query words its better ones already matched
COVER_POWER = 1.5
EXACT_SHARE = 1.5     # a query that is exactly the name of a title, heading or keyword entry
MAX_NAME_COMBINATIONS = 32
NAMED_SHARE = 0.3     # an article the glossary names for a term (English law names) gains this share of the best
CANDIDATES = 80
# a question about what happens ('wat nu', 'hoeveel slagen') favours the texts that give the rectification
REMEDY_WORDS = ("strafbepaling", "straf", "strafkaart", "overgedragen", "overdragen", "toegewezen", "passen",
                "rectificatie", "aangepaste", "vervalt", "verbeteren", "accepteren")
REMEDY_BOOST = 1.3


class Searcher:
    def __init__(self, directory: Path, default_edition: str | None = None):
        self.directory = Path(directory)
        self.ix = windex.open_dir(str(self.directory))
        self._searcher = self.ix.searcher()
        reader = self._searcher.reader()
        self.docs = [dict(fields) for _, fields in sorted(reader.iter_docs(), key=lambda x: x[0])]
        self.impact = ImpactIndex.load(self.directory, reader, SCORED_FIELDS)
        self.cards = {(d["edition"], d["article"]): n for n, d in enumerate(self.docs)
                      if d["kind"] == "article" and not d["section"]}
        self.titles = {key: self.docs[n]["article_title"] for key, n in self.cards.items()}
        self.sections = {(d["edition"], d["article"], d["section"]): n for n, d in enumerate(self.docs)
                         if d["kind"] == "article" and d["section"]}
        self.known = self.impact.known
        self.analysis = Analysis.from_json(_read(self.directory / "analysis.json", {}))
        self.glossary = Glossary.from_json(_read(self.directory / "glossary.json", []))
        self.snippet = Snippets(self.analysis)
        self.suggester = Suggester(_read(self.directory / "suggest.json", []))
        self.names: dict[str, list[tuple[str, str, str, float]]] = {}
        for key, ed, number, section, weight in _read(self.directory / "names.json", []):
            self.names.setdefault(key, []).append((ed, number, section, weight))
        self.reader = QueryReader(self.analysis, self.glossary, self.known)
        dutch_words()    # read once per process (half a second) when the first build opens, not in a request
        # per document, from load time: its group key, the articles a guide passage explains, its text ready
        # for snippets; per stem, the documents whose scored fields have it
        self._keys = [(d["kind"], d["edition"], d["article"] if d["kind"] == "article" else d["section"])
                      for d in self.docs]
        self._editions = [d["edition"] for d in self.docs]
        self._explains = [tuple(dict.fromkeys(_article_of(c) for c in (d.get("explains") or "").split()))
                          if d["kind"] == "guide" else () for d in self.docs]
        shown = shown_texts(self.docs)
        self._texts = [self.snippet.prepare(t) for t, _ in shown]
        self._own_text = [own for _, own in shown]     # False: a section whose text the sources lack
        self._shown = [self._fields(d) for d in self.docs]
        self._stem_docs: dict[str, frozenset[int]] = {}
        self._postings = self._merged_postings()
        self.default_edition = default_edition or _read(self.directory / "meta.json", {}).get("default_edition", "")
        self._doc_count = max(2, len(self.docs))
        self._has_text = {(d["edition"], d["article"]) for d in self.docs if d["kind"] == "article" and d.get("text")}
        self._text_editions: dict[str, list[str]] = {}      # article number -> the editions with text of it
        for e, number in sorted(self._has_text):
            self._text_editions.setdefault(number, []).append(e)
        self._roles = TitleRoles(self.titles)
        remedy = {self.analysis.stem(w) for w in REMEDY_WORDS}
        self._remedy = frozenset().union(*(self.impact.lists.get("text", {}).get(s, ((),))[0] for s in remedy))

    def _merged_postings(self) -> dict[str, list[tuple[float, array, array]]]:
        """Per stem, its documents with the sum of their field scores times the field boosts: one list to add
        up per query stem instead of one per field (and _stem_docs, the documents whose scored fields have it)."""
        per_stem: dict[str, list[tuple[float, array, array]]] = defaultdict(list)
        for name, boost in FIELD_BOOSTS.items():
            for stem, (docs, values) in self.impact.lists.get(name, {}).items():
                self._stem_docs[stem] = self._stem_docs.get(stem, frozenset()).union(docs)
                if docs:
                    per_stem[stem].append((boost, docs, values))
        merged = {}
        for stem, lists in per_stem.items():
            total: dict[int, float] = defaultdict(float)
            for boost, docs, values in lists:
                for doc, value in zip(docs, values):
                    total[doc] += boost * value
            merged[stem] = [(1.0, array("i", total), array("d", total.values()))]
        return merged

    def _rarity(self, stem: str) -> float:
        """0 for a stem in every document (or none), towards 1 for a stem in one."""
        docs = self._stem_docs.get(stem)
        if not docs:
            return 0.0
        return math.log(self._doc_count / len(docs)) / math.log(self._doc_count)

    def close(self) -> None:
        self._searcher.close()

    # ---- searching

    def search(self, query: str, edition: str | None = None, limit: int = 10, literal: bool = False) -> Answer:
        plan = self.reader.read(query, literal=literal)
        if not plan.concepts:
            return Answer([], plan.suggestion, plan)
        ranked = self._rank(*self._candidates(plan, edition), keep=limit * 2 + 5)
        stems = plan.stems
        results = []
        for score, g, others in one_per_article(ranked, self.default_edition, self._has_text, limit):
            result = self._result(g, score, stems)
            result.other_editions = others
            results.append(result)
        return Answer(results, plan.suggestion, plan)

    def _candidates(self, plan: Plan, edition: str | None) -> tuple:
        """What _rank needs: the groups found (with their bases), the glossary's named articles, the concepts
        that count as covered for an article an event names, the exact names, and the query ready for coverage."""
        q = _Query(plan, self.known, self._rarity if COVER_RARITY else None)
        scores = self._score(plan)
        if plan.consequence:
            for d in self._remedy.intersection(scores):
                scores[d] *= REMEDY_BOOST
        if edition:
            editions = self._editions
            scores = {d: v for d, v in scores.items() if editions[d] == edition}
        best = sorted(scores.items(), key=itemgetter(1), reverse=True)[:CANDIDATES]   # as nlargest, in C
        groups = self._groups(best, self._masks(best, q.bits), edition, q)
        bases = [g.sum + g.extra for g in groups.values()]
        named = self._named(plan, groups, edition)
        exact = self._exact(plan, groups, edition)
        return groups, bases, named, described(plan, named), exact, q

    def _rank(self, groups: dict, bases: list, named: dict, covered: dict, exact: dict, q: _Query,
              keep: int) -> list:
        """The best `keep` groups as (score, group), best first. A group's score is its base (with its shares
        for a glossary name and an exact title) times its coverage (the same stems give the same coverage:
        worked out once per query; the concepts that name the group count as covered, and for an article an
        event names, the words it was read from: `covered`), cut for another edition than the default one.
        Ties go by base, then by the order the groups were found. The coverage is at most 1, so once a base is
        below the last score kept, no later group can enter: they are not scored."""
        top = max(bases, default=0.0)
        named_share, exact_share = NAMED_SHARE * top, EXACT_SHARE * top
        items = []
        for i, (key, g) in enumerate(groups.items()):
            base = (bases[i] if i < len(bases) else 0.0) + named_share * len(named.get(key, ()))
            if key in exact:
                base += exact_share * exact[key][0]
            items.append((-base, i, key, g))
        items.sort(key=itemgetter(0, 1))
        covers: dict = {}
        cuts = self._roles.cuts(query_role(q.words, q.text), names_dummy(q.words, q.text))
        best: list = []          # a heap of (score, base, -i, group): the worst kept first
        for neg_base, i, key, g in items:
            base = -neg_base
            if len(best) >= keep and base < best[0][0]:
                break
            if key in exact:
                g.anchor = exact[key][1]
                factor = 1.0
            else:
                these = covered.get(key) or named.get(key, ())
                ck = (g.mask, frozenset(these)) if these else g.mask
                factor = covers.get(ck)
                if factor is None:
                    factor = covers[ck] = q.cover(g.mask, these) ** COVER_POWER
            score = base * factor
            if cuts:
                score *= cuts.get((g.edition, g.article), 1.0)
            if g.kind == "article" and g.edition != self.default_edition \
                    and (self.default_edition, g.article) in self._has_text:
                score *= OTHER_EDITION     # the default edition's own text goes first; where it has none, no cut
            entry = (score, base, -i, g)
            if len(best) < keep:
                heapq.heappush(best, entry)
            elif entry[:3] > best[0][:3]:
                heapq.heapreplace(best, entry)
        return [(score, g) for score, _, _, g in sorted(best, key=itemgetter(0, 1, 2), reverse=True)]

    def suggest(self, prefix: str, limit: int = 8) -> list[dict]:
        return self.suggester.suggest(prefix, limit)

    # ---- pieces

    def _score(self, plan: Plan) -> dict[int, float]:
        """Per document: each concept's alternatives, each the mean of its words over the fields, plus the
        bonus for query words that stand together in the document."""
        lists = []      # (boost, docs, contributions), in the order they add up
        postings = self._postings
        for c in plan.concepts:
            for stems, weight in c.alternatives.items():
                share = weight / len(stems)
                for stem in stems:
                    lists.extend((boost * share, docs, values) for boost, docs, values in postings.get(stem, ()))
        pairs = self.impact.lists.get("pairs", {})
        for phrase in plan.phrases:
            words = [w for w in phrase if w in self.known]
            for pair in dict.fromkeys(pair_terms(words)):
                if pair in pairs:
                    lists.append((PHRASE_BOOST, *pairs[pair]))
        scores: dict[int, float] = defaultdict(float)
        for boost, docs, values in lists:
            for doc, value in zip(docs, values):
                scores[doc] += boost * value
        return scores

    def _masks(self, best, bits: dict[str, int]) -> dict[int, int]:
        """Per document found: the bits of the query stems its scored fields have."""
        out = dict.fromkeys([doc for doc, _ in best], 0)
        found = set(out)
        for stem, bit in bits.items():
            docs = self._stem_docs.get(stem)
            if docs:
                for doc in docs & found:
                    out[doc] |= bit
        return out

    def _exact(self, plan: Plan, groups: dict, edition: str | None) -> dict[tuple, tuple[float, str]]:
        """Articles (and sections) whose name is exactly what was asked: key -> (weight, section)."""
        # in the words asked, their corrections and expansions, not the abbreviation the texts write for a word
        # asked ('Roepen van de WL' is exactly 'wl roepen', not 'wedstrijdleider roepen')
        options = [[alt for alt in c.alternatives if alt != c.abbreviated] for c in plan.concepts]
        keys = set()
        for combo in itertools.islice(itertools.product(*options), MAX_NAME_COMBINATIONS):
            keys.add(" ".join(sorted({s for alt in combo for s in alt})))
        out: dict[tuple, tuple[float, str]] = {}
        for k in keys:
            for ed, number, section, weight in self.names.get(k, ()):
                if edition and ed != edition:
                    continue
                key = ("article", ed, number)
                groups.setdefault(key, _Group("article", ed, number))
                if key not in out or (weight, not section) > (out[key][0], not out[key][1]):
                    out[key] = (weight, section)
        return out

    def _named(self, plan: Plan, groups: dict, edition: str | None) -> dict[tuple, set[int]]:
        """Articles that the glossary names for a concept ('bid out of rotation' is Law 31): key -> concepts."""
        out: dict[tuple, set[int]] = {}
        ed = edition or self.default_edition
        for i, c in enumerate(plan.concepts):
            for number in c.articles:
                for e in self._named_editions(ed, number, bool(edition)):
                    key = ("article", e, number)
                    if key not in groups and (e, number) not in self.titles:
                        continue
                    groups.setdefault(key, _Group("article", e, number))
                    out.setdefault(key, set()).add(i)
        return out

    def _named_editions(self, ed: str, number: str, asked: bool) -> tuple[str, ...]:
        """The editions in which a glossary name counts for an article: the one asked (or the default one), and,
        when that has no text of it and no edition was asked, those that have (1987's art. 28, which 1997 lists
        by title only)."""
        if asked or (ed, number) in self._has_text:
            return (ed,)
        return (ed, *(e for e in self._text_editions.get(number, ()) if e != ed))

    def _groups(self, best, masks: dict[int, int], edition, q: _Query) -> dict:
        """The documents found (best first) by result: an article of one edition, a guide passage, a
        definition; a guide passage also lends a share of its score to the articles it explains.
        A further document adds to its article mostly for the query words its better ones did not match:
        many sections repeating the same words are not more evidence than one text that has them all."""
        groups: dict[tuple, _Group] = {}
        get, keys, explains = groups.get, self._keys, self._explains
        for docnum, score in best:
            key = keys[docnum]
            g = get(key)
            if g is None:
                g = groups[key] = _Group(*key)
            n = len(g.docs)
            mask = masks[docnum]
            if n == 0:
                g.sum = score
            elif n < len(DECAY):
                g.sum += score * DECAY[n] * (REPEAT_SHARE + (1.0 - REPEAT_SHARE) * q.novelty(g.mask, mask))
            g.docs.append((score, docnum))
            g.mask |= mask
            if explains[docnum] and not edition:
                for number in explains[docnum]:
                    akey = ("article", self.default_edition, number)
                    ag = get(akey)
                    if ag is None:
                        ag = groups[akey] = _Group("article", self.default_edition, number)
                    ag.extra = max(ag.extra, GUIDE_SHARE * score)
                    ag.mask |= mask
        return groups

    def _result(self, g: _Group, score: float, stems: set[str]) -> Result:
        if g.anchor and (g.edition, g.article, g.anchor) in self.sections:
            # the query named this section (its title): point there
            return self._make(g, self.sections[(g.edition, g.article, g.anchor)], score, stems)
        if not g.docs:   # known only from a guide passage that explains it, or from the glossary
            return self._make(g, self.cards.get((g.edition, g.article)), score, stems)
        best_score, best = max(g.docs)
        if g.kind == "article" and not self.docs[best]["section"]:
            # the card matched (title, keywords); point at the best section when one with text (the sources
            # may lack a section's text) matched well too
            sections = [(s, n) for s, n in g.docs if self.docs[n]["section"] and self._own_text[n]]
            if sections and max(sections)[0] >= 0.5 * best_score:
                best = max(sections)[1]
        return self._make(g, best, score, stems)

    def _make(self, g: _Group, docnum: int | None, score: float, stems: set[str]) -> Result:
        if docnum is None:    # an article without a card of its own
            return Result("article", g.edition, g.article, "", self.titles.get((g.edition, g.article), ""),
                          "", score, ("article", g.edition, g.article, ""))
        kind, edition, article, section, title, target = self._shown[docnum]
        return Result(kind, edition, article, section, title, render(self._texts[docnum], stems), score, target)

    def _fields(self, doc: dict) -> tuple[str, str, str, str, str, tuple]:
        """What a result shows of one document besides its snippet: kind, edition, article, section, title, target."""
        if doc["kind"] == "article":
            key = (doc["edition"], doc["article"], doc.get("section", ""))     # edition, number, section
            return ("article", *key, self.titles.get(key[:2], ""), ("article", *key))
        if doc["kind"] == "guide":
            return "guide", "", _article_of(doc.get("article", "")), "", doc["title"], ("guide", doc["section"])
        return doc["kind"], doc.get("edition", ""), "", "", doc["title"], ("definition", slug(doc["title"]))


def _article_of(citation: str) -> str:
    n = ""
    for ch in citation:
        if ch.isdigit():
            n += ch
        else:
            break
    return n or citation


def _read(path: Path, default):
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return default


__all__ = ["Searcher", "Answer", "Result"]
