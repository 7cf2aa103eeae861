"""From what a user typed to what to search for: plain words, never query syntax.

A query becomes a list of *concepts*; each concept is one thing the user asked for (a word, or a glossary
phrase such as 'opening lead') with its alternatives: the stems of the words as typed, of the typo
correction, of the glossary's canonical terms. Typo corrections also make the "Bedoelde u …?" suggestion,
from the surface words of the texts, never from stems."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.text import distance    # the one edit distance

from .analysis import STOPWORDS, SUIT_WORDS, Analysis, clean, fold, surface_words
from .dutch_words import is_dutch_word, is_rare_dutch_word
from .glossary import ENGLISH_FUNCTION, Glossary
from .typos import Speller

MAX_CHARS = 500          # the searcher reads no more of a query than this (the web app refuses longer ones)
MAX_WORDS = 40
# words, digits apart from letters (3SA -> 3 SA), 'A+'/'A-' whole, suit symbols as words
_TOKEN = re.compile(r"[^\W\d_]+(?:\+|-(?=\s|$))?|\d+|[" + "".join(SUIT_WORDS) + "]")
SEPARABLE = ("open", "dicht", "terug", "uit", "op", "af", "aan", "mee", "toe", "weg", "bij")
ABBREVIATED_WEIGHT = 0.7  # a word's abbreviation, as the keyword index writes it (WL), beside the word
JOIN_SPAN = 4            # words between a verb and its particle that the query may still join ('legt zijn kaarten open')
_PAIR = re.compile(r"\b([NnOo])\s?[-/]\s?([ZzWw])\b")   # N-Z, O/W -> NZ, OW


# a count is written both ways in the laws ('dertien kaarten', '13 kaarten'): a number 2-13 also finds its word
NUMBER_WORDS = ("twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf", "dertien")
ORDINALS = dict(zip(map(str, range(1, 14)), "eerste tweede derde vierde vijfde zesde zevende achtste negende tiende "
                    "elfde twaalfde dertiende".split()))
# the tens the laws write in digits (60 %, 40 procent, 30 minuten)
TENS = ("twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig", "negentig", "honderd")
_NUMBER_OF = {**dict(zip(NUMBER_WORDS, map(str, range(2, 14)))), **dict(zip(TENS, map(str, range(20, 101, 10))))}
_NUMBERS = {**_NUMBER_OF, **{n: w for w, n in _NUMBER_OF.items()}}

REMEMBERED = 20_000  # typed words whose correction and concept are remembered per searcher

# Question words and chatter carry no weight in a query (the texts' stoplist already drops wat, hoe, mag, kan,
# moet, doen, nog …), nor do the other forms of those modal and auxiliary verbs (mocht, kon, wilde, hebt; not
# moest: an obligation), discourse particles (toen, echt, heel) or abbreviated connectives (ipv, bv, evt: the
# event patterns still read them); roles and negations stay: partner, tegenspeler, leider, blinde, niet, geen.
QUESTION_WORDS = frozenset("""
nu nou eigenlijk precies even graag eens gaat gaan ga ging gingen krijg krijgt krijgen kregen kreeg jullie hoeveel klopt
ok oke okay hallo help vraagje mogelijk misschien zomaar gewoon
mn zn ff eh euh ofzo ge gij wa da
mocht mochten moogt kon konden kun kunt wil wilt wilde wilden wou willen hebt zult zul zijt
toen echt heel erg
ipv bv bijv evt oid
""".split()) | ENGLISH_FUNCTION | frozenset(
    # the small words of English law names ('before' is never 'behoren') and of English questions ('when' is
    # never 'hen', 'four' never 'fout', 'next' never 'net')
    "what when where which whom whose does must should would could shall will might there then than someone "
    "somebody anyone happens happen all both each every one two three four five six seven eight nine ten "
    "next current previous".split())

# a question about what happens next wants the section that gives the rectification or penalty
_CONSEQUENCE = re.compile(r"\bwat (nu|dan|gebeurt|moet|doe|doen|krijg|krijgen|is de straf)\b|\bhoeveel slag|"
                          r"\bwelke (straf|gevolg)|\bgevolg(en)?\b|\bwat als\b")   # not 'mag dat': whether one may


@dataclass
class Concept:
    words: list[str]                                   # as typed
    alternatives: dict[tuple[str, ...], float] = field(default_factory=dict)  # stems (all wanted) -> weight
    phrases: list[list[str]] = field(default_factory=list)         # stem sequences worth a phrase bonus
    articles: list[str] = field(default_factory=list)              # articles the glossary names
    weight: float = 1.0
    explains: frozenset[str] = frozenset()    # an event's (folded) query words that told it: described by it
    abbreviated: tuple[str, ...] = ()         # the alternative that is the texts' abbreviation of the word asked

    def add(self, stems, weight: float) -> None:
        stems = tuple(dict.fromkeys(s for s in stems if s))
        if stems and weight > self.alternatives.get(stems, 0.0):
            self.alternatives[stems] = weight


@dataclass
class Plan:
    text: str
    concepts: list[Concept]
    suggestion: str | None = None
    phrases: list[list[str]] = field(default_factory=list)
    understood: str | None = None      # the query as searched, when a glossary term or correction rewrote it
    consequence: bool = False          # asks what happens (wat nu, hoeveel slagen, welke straf)
    folded: str = ""                   # the query's words, folded, as typed
    events: list[str] = field(default_factory=list)   # the event patterns read into the words, by their concept
    usual: list[str] = field(default_factory=list)    # the words folded, a typo as the texts' usual form (blinde)

    @property
    def stems(self) -> set[str]:
        return {s for c in self.concepts for alt in c.alternatives for s in alt}


class QueryReader:
    def __init__(self, analysis: Analysis, glossary: Glossary, known_stems):
        self.analysis = analysis
        self.glossary = glossary
        self.known = known_stems            # stems that occur in the index
        words = dict(analysis.vocabulary)
        for w in glossary.surface_terms():
            words.setdefault(w, 1)
        self.speller = Speller(words)
        self._corrections: dict[str, str | None] = {}
        self._words: dict[tuple[str, str], tuple] = {}
        self._stems: dict[str, list[str]] = {}
        self._phrases_stems: dict[str, list[str]] = {}
        self._forms: dict[str, str] = {}
        # per stem, the texts' most frequent word of it (the most frequent written last)
        self._by_stem = {analysis.stem(w): w for w, _ in sorted(analysis.vocabulary.items(), key=lambda x: x[1])}

    def tokens(self, text: str) -> list[tuple[str, int, int]]:
        """The query's words with their places; a suit symbol is its suit's word, an ordinal in digits ('2e',
        '13de') the ordinal's word ('tweede'), the x of '3x' the word keer."""
        text = _PAIR.sub(r"\1\2", text)
        out = [(SUIT_WORDS.get(m.group(0), m.group(0)), m.start(), m.end()) for m in _TOKEN.finditer(text)]
        for i in range(len(out) - 1, 0, -1):
            (number, start, end), (suffix, s2, e2) = out[i - 1], out[i]
            if s2 == end and suffix.lower() in ("e", "de", "ste") and number in ORDINALS:
                out[i - 1:i + 1] = [(ORDINALS[number], start, e2)]
            elif s2 == end and suffix.lower() == "x" and number.isdigit():    # '3x pas': three times, no double
                out[i] = ("keer", s2, e2)
        return out

    def read(self, query: str, literal: bool = False) -> Plan:
        """The plan of a query; `literal` searches the words as typed (no glossary, no correction) and only
        suggests the corrections."""
        text = clean(query)[:MAX_CHARS]
        toks = self.tokens(text)[:MAX_WORDS]
        words = [t[0] for t in toks]
        corrected: dict[int, str] = {}
        for i, w in enumerate(words):
            fix = self._correction(w)
            if fix:
                corrected[i] = fix
        effective = words if literal else [corrected.get(i, w) for i, w in enumerate(words)]
        concepts: list[Concept] = []
        shown: dict[int, tuple[int, str]] = {i: (i + 1, w) for i, w in corrected.items()}
        spans = {} if literal else {start: (end, entries) for start, end, entries in self.glossary.match(effective)}
        i = 0
        while i < len(effective):
            if i in spans:
                end, entries = spans[i]
                concepts.append(self._glossary_concept(words[i:end], effective[i:end], entries))
                if not self._same_word(effective[i:end], entries):
                    shown[i] = (end, entries[0].expansions[0])
                i = end
                continue
            c = self._word_concept(words[i], effective[i])
            if c.alternatives:
                joined = self._joined(effective, i)
                if joined:
                    c.add(joined, 0.8)
                concepts.append(c)
            i += 1
        folded = [fold(w) for w in effective]
        events, told = ([], []) if literal else self._read_events(self.glossary.as_pattern_words(folded), concepts)
        suggestion = _rewrite(text, toks, {i: (i + 1, w) for i, w in corrected.items()}) if corrected else None
        plan = Plan(text, _once(concepts), suggestion)
        if not literal and shown:
            plan.understood = _rewrite(text, toks, shown)
        plan.events = events
        plan.usual = [] if literal else [_remember(self._forms, f, self._usual_form) for f in folded]
        if told:
            plan.understood = (plan.understood or text) + " + " + " + ".join(told)
        plan.phrases = self._phrases(effective, concepts)
        plan.folded = " ".join(fold(w) for w in words)
        plan.consequence = bool(_CONSEQUENCE.search(plan.folded))
        return plan

    # ---- pieces

    def _correction(self, word: str) -> str | None:
        """The correction of one typed word, remembered: the same words come back all day."""
        return _remember(self._corrections, word, self._correct)

    def _correct(self, word: str) -> str | None:
        f = fold(word)
        if len(f) < 4 or not f.isalpha() or f in STOPWORDS or f in QUESTION_WORDS or f in self.speller:
            return None
        if f in self.glossary.surface_terms() or self.glossary.english_word(f):
            return None
        if any(s in self.known for s in self.analysis.query_stems(f)):
            return None
        if self._known_parts(f):
            return None
        if is_dutch_word(f):         # a correct Dutch word the laws do not use ('liet') is never 'corrected'
            return None
        fix = self.speller.correct(f)
        if fix and is_rare_dutch_word(f) and distance(f, fix, 1) > 1:
            return None              # 'tergend' is no typo of 'tegen'; 'verzakking' is one of 'verzaking'
        return fix

    def _known_parts(self, f: str) -> list[str]:
        # the vocabulary's parts, else a last part inflected as the texts do not write it ('tempowisselingen')
        parts = self.analysis.split_compound(f) or self.analysis.split_compound(f, known=self.known)
        stems = [self.analysis.stem(p) for p in parts]
        return stems if stems and all(s in self.known for s in stems) else []

    def _word_concept(self, typed: str, word: str) -> Concept:
        """The concept of one word (not a glossary term); what it is made of is remembered per word."""
        alternatives, phrases, abbreviated = _remember(self._words, (typed, word), self._word_parts)
        return Concept([typed], dict(alternatives), [list(p) for p in phrases], abbreviated=abbreviated)

    def _word_parts(self, key: tuple[str, str]) -> tuple:
        c = self._new_word_concept(*key)
        return tuple(c.alternatives.items()), tuple(tuple(p) for p in c.phrases), c.abbreviated

    def _new_word_concept(self, typed: str, word: str) -> Concept:
        c = Concept([typed])
        if len(word) == 1 and not word.isdigit() or fold(word) in QUESTION_WORDS:
            return c          # a lone letter (the b of '<b>', a section letter) or a question word is no search word
        stems = self.analysis.query_stems(word)
        if not stems:
            return c
        c.add(stems, 1.0 if word == typed else 0.9)
        other = _NUMBERS.get(fold(word))
        if other:
            c.add(self.analysis.query_stems(other), 0.9)
        separable = self._separable(fold(word))
        if separable:
            c.add(separable, 0.8)
        short = self.glossary.abbreviated.get(fold(word))
        short = short and self.analysis.stem(short)
        if short in self.known:      # the abbreviation the texts write for it ('WL' for wedstrijdleider)
            c.add([short], ABBREVIATED_WEIGHT)
            c.abbreviated = (short,)
        if not any(s in self.known for s in stems):
            parts = self._known_parts(fold(word))     # a compound the texts do not have: its parts
            if parts:
                c.add(parts, 0.7)
                c.phrases.append(parts)
        return c

    def _read_events(self, folded: list[str], concepts: list[Concept]) -> tuple[list[str], list[str]]:
        """The event patterns the words match, as typed or with their typos in the texts' usual form, each added
        to `concepts` as a concept of its own: (their terms, once each; the terms to announce, which the words
        do not already say)."""
        said = {st for c in concepts for alt in c.alternatives for st in alt}
        usual = [f if self.glossary.reads_as(f) else _remember(self._forms, f, self._usual_form) for f in folded]
        found = self.glossary.events_in(folded)
        if usual != folded:
            found += [e for e in self.glossary.events_in(usual) if e not in found]
            folded = folded + usual                                    # what the events may be read from
        for e in found:
            c = self._glossary_concept([e.expansions[0]], [], [e])
            c.explains = self.glossary.event_words(e, folded)
            concepts.append(c)
        terms = list(dict.fromkeys(e.expansions[0] for e in found))   # rows of one concept: once
        return terms, [term for term in terms if not self._said(term, said)]

    def _usual_form(self, f: str) -> str:
        """A typed word that is neither in the texts nor Dutch but has a stem of the texts ('uitkommen': 'uitkom'),
        as the texts' most frequent word of that stem ('uitkomen'): the event patterns name the texts' forms."""
        if f in self.analysis.vocabulary or is_rare_dutch_word(f) or not f.isalpha():
            return f
        other = f[:-1] + {"t": "d", "d": "t"}.get(f[-1], f[-1])    # d for t, the commonest slip ('bijgespeelt')
        if other in self.analysis.vocabulary:
            return other
        stems = self.analysis.query_stems(f)
        return self._by_stem.get(stems[0], f) if stems else f

    def _said(self, term: str, said: set[str]) -> bool:
        """Whether the query's own words (with their glossary terms) already say an event's term: three in four
        of its stems ('dubbel voor de beurt' says 'doublet of redoublet voor de beurt'). Then the event still
        names its articles, but the page does not announce it as a rewrite."""
        stems = set(self._phrase_stems(term))
        return bool(stems) and len(stems & said) >= 0.75 * len(stems)

    def _same_word(self, words: list[str], entries) -> bool:
        """One Dutch word that is a form of its glossary term ('bood' for 'bod; bieding': the stem 'bied'):
        searched as the term, but not announced as a rewrite — the page never 'corrects' a correct word."""
        if len(words) != 1 or any(e.kind in ("english", "abbreviation") for e in entries):
            return False
        own = set(self.analysis.query_stems(words[0]))
        return bool(own) and any(own & set(self._phrase_stems(x)) for e in entries for x in e.expansions)

    def _phrase_stems(self, phrase: str) -> list[str]:
        """The stems of a glossary phrase's words, remembered: the same terms come back all day."""
        return _remember(self._phrases_stems, phrase, lambda p: [s for w, _, _ in surface_words(p)
                                                         for s in self.analysis.query_stems(w)])

    def _joined(self, words: list[str], i: int) -> list[str]:
        """A separable verb split in the query ('komt ... uit', 'legt zijn kaarten open') as the laws also
        write it, joined ('uitkomt'): its stem, on the verb and on the particle, when the texts have it."""
        f = fold(words[i])
        if f in SEPARABLE:
            pairs = [(fold(w), f) for w in words[max(0, i - JOIN_SPAN):i]]
        else:
            pairs = [(f, fold(w)) for w in words[i + 1:i + 1 + JOIN_SPAN] if fold(w) in SEPARABLE]
        for verb, particle in pairs:
            if len(verb) >= 3 and verb not in SEPARABLE and verb not in STOPWORDS:
                stem = self.analysis.stem(particle + verb)
                if stem in self.known:
                    return [stem]
        return []

    def _separable(self, f: str) -> list[str]:
        """A separable verb is written apart in the laws ('openlegt' -> 'legt ... open'): particle and verb."""
        for particle in SEPARABLE:
            rest = f[len(particle):]
            if f.startswith(particle) and len(rest) >= 3:
                verb = self.analysis.stem(rest)
                if verb in self.known and self.analysis.stem(particle) in self.known:
                    return [self.analysis.stem(particle), verb]
        return []

    def _glossary_concept(self, typed: list[str], words: list[str], entries) -> Concept:
        c = Concept(typed)
        own = [s for w in words for s in self.analysis.query_stems(w)]
        if own and all(s in self.known for s in own):
            c.add(own, 0.7)
        n = 0
        for e in entries:
            c.articles.extend(a for a in e.articles if a not in c.articles)
            for x in e.expansions:
                stems = self._phrase_stems(x)
                c.add(stems, 1.0 if n == 0 else 0.9)
                if len(stems) > 1:
                    c.phrases.append(list(stems))
                n += 1
        return c

    def _phrases(self, words: list[str], concepts: list[Concept]) -> list[list[str]]:
        """Stem sequences worth a bonus when they stand together: the query's own words and each
        multi-word canonical term."""
        own = [s for w in words if fold(w) not in QUESTION_WORDS
               for s in _remember(self._stems, w, self.analysis.query_stems)]
        out = [own] if len(own) > 1 else []
        for c in concepts:
            out.extend(p for p in c.phrases if len(p) > 1)
        return out


def _once(concepts: list[Concept]) -> list[Concept]:
    """A word said twice ('pas … passen', 'ruiten … geen ruiten meer') is asked for once."""
    seen, out = set(), []
    for c in concepts:
        key = frozenset(c.alternatives)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _rewrite(text: str, toks: list[tuple[str, int, int]], spans: dict[int, tuple[int, str]]) -> str:
    """text with the tokens of each span (first token -> (end token, replacement)) replaced."""
    out, last, i = [], 0, 0
    while i < len(toks):
        if i in spans:
            end, replacement = spans[i]
            start = toks[i][1]
            if start and text[start - 1].isalnum():       # '1sa' -> '1 sans atout', not '1sans atout'
                replacement = " " + replacement
            out.append(text[last:start] + replacement)
            last = toks[end - 1][2]
            i = end
        else:
            i += 1
    return " ".join(("".join(out) + text[last:]).split())


def _remember(table: dict, key, compute):
    """table[key], computed once; the table is emptied when it holds REMEMBERED entries (a bound, not an LRU:
    filling it takes many distinct words)."""
    try:
        return table[key]
    except KeyError:
        pass
    if len(table) >= REMEMBERED:
        table.clear()
    found = table[key] = compute(key)
    return found
