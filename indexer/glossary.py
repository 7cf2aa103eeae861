"""What users type that the laws do not say: the curated glossaries of corpus/glossary/.

    abbreviations.tsv  RT, NZ, HWL, OI …          -> the words of the laws
    synonyms.tsv       scheidsrechter, dubbel …   -> the law term (kind: synonym, regional, flemish, colloquial)
    english.tsv        declarer, penalty card …   -> the Dutch law term (and the 1997 articles of that law)
    situations.tsv     'hij bood te laag …'       -> the law's concept, at its article and section
    events.tsv         'X is gever maar Y opent'  -> the law's concept: a pattern over the query's words, for
                                                     what people describe in words that need not stand together

Each entry maps a phrase as typed (folded, word by word) to canonical phrases that occur in the texts.
The rows come from the built artifact (kb/glossaries.py reads the files) and the glossary is saved beside
the index, so a build searches with its own glossary.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import Stemmer

from .analysis import base_stem, fold, surface_words
from .bids import facts as bid_facts
from .event_anchors import EventFilter

# who may follow a conjunction 'voordat' written apart ('voor dat ik'); not 'voor dat bord'
_ACTORS = frozenset("ik hij zij ze we wij jij je u iemand er mijn zijn haar partner noord oost zuid west leider blinde".split())
KINDS = ("abbreviation", "synonym", "regional", "flemish", "colloquial", "english", "situation", "event")
_ABBREV_TOKEN = re.compile(r"^[A-Za-z]{1,4}[+-]?$")


@dataclass
class Entry:
    term: str                      # as written in the glossary
    words: tuple[str, ...]         # folded words of the term, the key to match a query against
    expansions: list[str]          # canonical phrases (occurring in the texts)
    kind: str
    articles: list[str] = field(default_factory=list)
    case_sensitive: bool = False   # 'X' (doublet) only as a capital, never the letter x in running text
    section: str = ""              # a situation's section ('B1' of 27B1)

    def to_json(self) -> dict:
        return {"term": self.term, "words": list(self.words), "expansions": self.expansions, "kind": self.kind,
                "articles": self.articles, "case_sensitive": self.case_sensitive, "section": self.section}


_PLURALS = ("s", "en", "es")
# an English law name matches inflected and with other small words ('correcting a revoke' is 'correction of a
# revoke', 'penalty cards played' holds 'penalty card'): its content words by the English Snowball stemmer
ENGLISH_FUNCTION = frozenset("a an the of to in on by for with after before from it is are was be at or and as "
                             "his her their my your its this that us our we about s do does did own upon".split())
_ENGLISH_INFLECTED = ("s", "es", "ed", "ing", "ion")
_english_stemmer = Stemmer.Stemmer("english")


@lru_cache(maxsize=65536)
def _english_stem(word: str) -> str:
    return _english_stemmer.stemWord(word)


def english_key(words) -> tuple[str, ...]:
    """The English content words of a phrase, stemmed, in any order ('claim disputed' is 'disputed claim', as
    directors type it); () when it starts or ends with a small word."""
    if not words or words[0] in ENGLISH_FUNCTION or words[-1] in ENGLISH_FUNCTION:
        return ()
    return tuple(sorted(_english_stem(w) for w in words if w not in ENGLISH_FUNCTION))


def _stems(words) -> tuple[str, ...]:
    return tuple(base_stem(w) for w in words)


def key_words(text: str) -> tuple[str, ...]:
    return tuple(fold(w) for w, _, _ in surface_words(text))


def _split(cell: str) -> list[str]:
    return [p.strip() for p in (cell or "").split(";") if p.strip()]


def _articles(row: dict) -> list[str]:
    """A row's 'articles' cell: comma-separated article numbers, may be empty."""
    return [a.strip() for a in (row.get("articles") or "").split(",") if a.strip()]


def load(tables: dict[str, list[dict]]) -> list[Entry]:
    """Entries of the glossary rows a build carries (artifact["glossaries"]: file name -> rows); a missing
    table is an empty one."""
    entries: list[Entry] = []
    for row in tables.get("abbreviations", []):
        term = row["abbreviation"]
        entries.append(Entry(term, (term.lower(),), _split(row["expansions"]), "abbreviation",
                             case_sensitive=len(term.rstrip("+-")) == 1))
    for row in tables.get("synonyms", []):
        kind = row.get("kind") if row.get("kind") in KINDS else "synonym"
        entries.append(Entry(row["term"], key_words(row["term"]), _split(row["canonical"]), kind))
    for row in tables.get("english", []):
        entries.append(Entry(row["english"], key_words(row["english"]), _split(row["dutch"]), "english",
                             _articles(row)))
    for row in tables.get("situations", []):
        entries.append(Entry(row["phrase"], key_words(row["phrase"]), _split(row["concept"]), "situation",
                             [row["article"]], section=row.get("section") or ""))
    for row in tables.get("events", []):
        entries.append(Entry(row["pattern"], (), _split(row["concept"]), "event", _articles(row)))
    return [e for e in entries if (e.words or e.kind == "event") and e.expansions]


def event_pattern(pattern: str) -> re.Pattern | None:
    """An events.tsv pattern, compiled: a regular expression over the query's folded words, separated by one
    space, matched anywhere (None when it is not a valid expression)."""
    try:
        return re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return None


def situation_anchors(tables: dict[str, list[dict]]) -> dict[tuple[str, str], list[str]]:
    """(article, section) -> the phrasings of its situation, with the law's concept: text indexed on that
    section of the default edition (a query worded like a phrasing finds it without matching it exactly)."""
    out: dict[tuple[str, str], list[str]] = {}
    for row in tables.get("situations", []):
        out.setdefault((row["article"], row.get("section") or ""), []).append(
            f"{row['phrase']} ; {row['concept']}")
    return out


def pattern_words(pattern: str) -> frozenset[str]:
    """The words an event pattern names literally: its runs of letters (without the b of \\b), three or more
    long, outside its negative lookaheads (the words that stop it, from which it is never read)."""
    kept, depth, i = [], 0, 0
    while i < len(pattern):
        if pattern.startswith("\\", i):
            if not depth:
                kept.append(" " if pattern[i + 1:i + 2].isalpha() else pattern[i:i + 2])
            i += 2
            continue
        if depth:
            depth += {"(": 1, ")": -1}.get(pattern[i], 0)
        elif pattern.startswith("(?!", i):
            depth = 1
            i += 3
            continue
        else:
            kept.append(pattern[i])
        i += 1
    return frozenset(w for w in re.findall(r"[a-z]+", "".join(kept)) if len(w) > 2)


class Glossary:
    """Phrase lookup over the entries: longest match first, left to right."""

    def __init__(self, entries: list[Entry]):
        self.entries = entries
        self.events = [(pattern, e) for e in entries if e.kind == "event"
                       for pattern in [event_pattern(e.term)] if pattern is not None]
        self._pattern_words = {e.term: pattern_words(e.term) for _, e in self.events}
        self._event_filter = EventFilter([pattern for pattern, _ in self.events])
        # a pattern reads an abbreviation ('decl') as its expansion ('leider'), unless it names the abbreviation
        # itself ('lt', 'wl'): then as typed; each pattern for itself, so naming one in a new pattern changes
        # no other pattern's reading
        self._read_as = {e.words[0]: fold(e.expansions[0]) for e in entries
                         if e.kind == "abbreviation" and len(e.words) == 1 and not e.case_sensitive
                         and len(key_words(e.expansions[0])) == 1}
        self._kept = [frozenset(re.findall(r"[a-z]+", re.sub(r"\\.", " ", e.term))).intersection(self._read_as)
                      for _, e in self.events]      # the words a pattern names, its escapes ('\\b') left out
        # the word an abbreviation stands for, to the abbreviation: the laws' keyword index writes 'WL' where a
        # user types 'wedstrijdleider' ('Bevoegdheid WL om - toe te kennen')
        self.abbreviated: dict[str, str] = {}
        for e in entries:
            if e.kind == "abbreviation" and len(e.words) == 1 and len(key_words(e.expansions[0])) == 1:
                self.abbreviated.setdefault(fold(e.expansions[0]), e.words[0])
        entries = [e for e in entries if e.kind != "event"]
        self.by_words: dict[tuple[str, ...], list[Entry]] = {}
        # inflected forms: a phrase of several words by its stems ('penalty cards'), one word only in its plural
        # ('scheidsrechters', 'revokes'; never 'dubbele' for 'dubbel')
        self.by_stems: dict[tuple[str, ...], list[Entry]] = {}
        for e in entries:
            self.by_words.setdefault(e.words, []).append(e)
            if e.kind != "abbreviation" and not e.case_sensitive and len(e.words) > 1:
                self.by_stems.setdefault(_stems(e.words), []).append(e)
        self.by_english: dict[tuple[str, ...], list[Entry]] = {}
        for e in entries:
            if e.kind == "english":
                self.by_english.setdefault(english_key(e.words), []).append(e)
        self.by_english.pop((), None)
        self._english_stems = {s for key in self.by_english for s in key}
        self.longest = max((len(k) for k in self.by_words), default=0)
        self._surface = frozenset(w for words in self.by_words for w in words if len(w) > 3)

    @classmethod
    def from_json(cls, rows: list[dict]) -> "Glossary":
        return cls([Entry(r["term"], tuple(r["words"]), r["expansions"], r["kind"], r.get("articles", []),
                          r.get("case_sensitive", False), r.get("section", "")) for r in rows])

    def to_json(self) -> list[dict]:
        return [e.to_json() for e in self.entries]

    def match(self, raw: list[str]) -> list[tuple[int, int, list[Entry]]]:
        """(start, end, entries) spans over a query's surface words (as typed), longest first."""
        folded = [fold(w) for w in raw]
        stems = _stems(folded)
        out, i = [], 0
        while i < len(raw):
            for n in range(min(self.longest, len(raw) - i), 0, -1):
                found = ([e for e in self.by_words.get(tuple(folded[i:i + n]), ())
                          if not e.case_sensitive or e.term == raw[i]]
                         or (self.by_stems.get(stems[i:i + n], []) if n > 1 else self._plural(folded[i]))
                         or self._english(folded[i:i + n]))
                if found:
                    out.append((i, i + n, found))
                    i += n
                    break
            else:
                i += 1
        return out

    def events_in(self, folded_words: list[str]) -> list[Entry]:
        """The event patterns the query's (folded) words match, each once; each pattern reads the abbreviations it
        does not name as their expansions, and the words with the facts indexer/bids.py finds in them (a bid that
        does not overcall the one before)."""
        expanded = [self._read_as.get(w, w) for w in folded_words]
        facts = bid_facts(expanded)
        texts = {frozenset(): " ".join(expanded + facts)}

        def text(kept: frozenset) -> str:
            if kept not in texts:
                texts[kept] = " ".join([w if w in kept else self._read_as.get(w, w) for w in folded_words] + facts)
            return texts[kept]
        events, kept = self.events, self._kept
        typed = " ".join(folded_words) if expanded != folded_words else ""
        found = self._event_filter.candidates(texts[frozenset()] + " " + typed)   # those whose needed words it has
        return [events[n][1] for n in sorted(found) if events[n][0].search(text(kept[n]))]

    def as_pattern_words(self, folded_words: list[str]) -> list[str]:
        """The query's (folded) words as the event patterns read them: 'voor dat' before the one who acts written
        as one word ('voor dat ik had bijgespeeld', 'voor dat decl speelde': voordat). Abbreviations stay as
        typed here; events_in reads them per pattern."""
        words, out = folded_words, []
        for i, w in enumerate(words):
            if w == "dat" and out and out[-1] == "voor" and i + 1 < len(words) \
                    and self._read_as.get(words[i + 1], words[i + 1]) in _ACTORS:
                out[-1] = "voordat"
            else:
                out.append(w)
        return out

    def reads_as(self, word: str) -> str | None:
        """The word an abbreviation ('decl') is read as by the patterns that do not name it ('leider')."""
        return self._read_as.get(word)

    def event_words(self, event: Entry, folded_words: list[str]) -> frozenset[str]:
        """The query's words that an event pattern names literally ('opent', 'gever' of 'hij opent terwijl
        zijn linkertegenstander gever was'): the words the event was read from."""
        named = self._pattern_words.get(event.term, frozenset())
        return frozenset(w for w in folded_words if w in named or self._read_as.get(w) in named)

    def english_word(self, word: str) -> bool:
        """An inflected (folded) word of an English law name ('revoked', 'claiming'): no typo."""
        stem = _english_stem(word)
        return word.endswith(_ENGLISH_INFLECTED) and stem != word and stem in self._english_stems

    def _english(self, words: list[str]) -> list[Entry]:
        """English law names by their stemmed content words; one word only when it is English-inflected."""
        first, last = _english_stem(words[0]), _english_stem(words[-1])
        if first not in self._english_stems or last not in self._english_stems:
            return []
        if len(words) == 1 and not (words[0].endswith(_ENGLISH_INFLECTED) and first != words[0]):
            return []
        return self.by_english.get(english_key(tuple(words)), [])

    def _plural(self, word: str) -> list[Entry]:
        for suffix in _PLURALS:
            if word.endswith(suffix) and len(word) > len(suffix) + 2:
                found = [e for e in self.by_words.get((word[:-len(suffix)],), ())
                         if e.kind != "abbreviation" and not e.case_sensitive]
                if found:
                    return found
        return []

    def surface_terms(self) -> frozenset[str]:
        """Every folded word a user may type that the glossary knows (for typo correction)."""
        return self._surface


def problems(entries: list[Entry], corpus_text: str) -> list[str]:
    """Canonical terms that do not occur in the texts, word for word after stemming (each must, or the
    expansion finds nothing)."""
    def stems(text: str) -> str:
        return " " + " ".join(base_stem(fold(w)) for w, _, _ in surface_words(text)) + " "

    haystack = stems(corpus_text)
    out = []
    for e in entries:
        for x in e.expansions:
            if stems(x) not in haystack:
                out.append(f"{e.kind} {e.term!r}: {x!r} does not occur in the texts")
    return out
