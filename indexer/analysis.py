"""Dutch text analysis, the same for the index and for the queries.

    text -> surface words (suit symbols become words, diacritics folded, lowercase)
         -> stoplist (function words only: niet, geen, voor, na, zonder, tegen … carry meaning and stay)
         -> stem (PyStemmer's Dutch Snowball stemmer, with an override list where it errs for bridge words)
         -> compound parts from the corpus's own vocabulary (strafkaart -> strafkaart + straf + kaart, the
            parts with a lower weight), at index time only.

``Analysis`` holds what is learnt from the corpus (the vocabulary, derived stem overrides, compound splits);
it is made once per build (``Analysis.from_texts``), saved beside the index and loaded by the searcher, so a
query is analysed exactly like the texts of its own build.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

import Stemmer
from whoosh.analysis import Analyzer, Token

from .dutch_verbs import infinitive

SUIT_WORDS = {"♠": "schoppen", "♥": "harten", "♦": "ruiten", "♣": "klaveren",
              "♤": "schoppen", "♡": "harten", "♢": "ruiten", "♧": "klaveren"}
_SUITS_RE = re.compile("[" + "".join(SUIT_WORDS) + "]")

# Function words only. Words that change what a rule says stay searchable: niet, geen, voor, na, zonder,
# tegen, boven, onder, tijdens, meer, minder, alle, beide, eigen, zelf.
STOPWORDS = frozenset("""
de het een en of van in op te dat die dit deze is zijn was waren wordt worden werd werden ben bent
aan als bij met om tot door dan er hier daar
hij zij ze u je jij jou jouw mij me mijn we wij ik uw zich hun hem haar ons onze men
ook maar nog wel al toch dus want omdat
kan kunnen mag mogen moet moeten zal zullen zou zouden heeft hebben heb had hadden
wat wie waar wanneer hoe welke welk waarom waardoor iets iemand
doe doen doet gedaan gebeurt gebeuren gebeurd gebeurde gebeurden
terwijl zodat nadat voordat indien zoals welke wiens waarvan daarvan hiervan daarbij hierbij
""".split())

# Where the Snowball stemmer errs for this domain: (folded) word -> stem. Plural and singular of one noun
# must meet (slagen/slag, boden/bod); nouns must not lose a false ge- prefix (gever is not 'ver').
STEM_OVERRIDES = {
    "slag": "slag", "slagen": "slag",
    "bod": "bod", "boden": "bod",
    "bord": "bord", "borden": "bord", "woord": "woord", "woorden": "woord", "antwoord": "antwoord",
    "antwoorden": "antwoord", "voorbeeld": "voorbeeld", "voorbeelden": "voorbeeld", "methode": "methode",
    "methoden": "methode", "plaats": "plaats", "plaatsen": "plaats", "alert": "alert", "alerts": "alert",
    "speelwijze": "speelwijze", "speelwijzen": "speelwijze", "fout": "fout", "foute": "fout", "fouten": "fout",
    "gever": "gever", "gevers": "gever",
    "gift": "gift", "giften": "gift",
    "tegenspeler": "tegenspeler", "tegenspelers": "tegenspeler",
    "tegenstander": "tegenstander", "tegenstanders": "tegenstander",
    "tegenpartij": "tegenpartij", "tegenpartijen": "tegenpartij",
    "afgestaan": "afstaan", "afgestane": "afstaan", "afstaat": "afstaan", "afstond": "afstaan",
    "teruggenomen": "terugnem", "terugnemen": "terugnem", "terugneemt": "terugnem", "terugnam": "terugnem",
    "genomen": "nem", "nemen": "nem", "neemt": "nem",
    "opgeeist": "opeis", "opeist": "opeis",
    "uitgekomen": "uitkom", "uitkomen": "uitkom", "uitkomt": "uitkom", "uitkwam": "uitkom",
    "voorgespeeld": "voorspeel", "voorgespeelde": "voorspeel", "voorspeelt": "voorspeel",
    "gespeeld": "speel", "gespeelde": "speel", "speelt": "speel", "speelde": "speel",
    "geboden": "bied", "biedt": "bied", "bood": "bied",
    "gepast": "pas", "past": "pas", "paste": "pas",
    "gegeven": "geef", "geeft": "geef", "gaf": "geef",
    "getoond": "toon", "getoonde": "toon", "toont": "toon",
    "bekend": "beken", "bekent": "beken", "beken": "beken", "bekennen": "beken",
    "verzaakt": "verzaak", "verzaakte": "verzaak",
    "kwetsbaar": "kwetsbar", "kwetsbaarheid": "kwetsbar", "kwetsbare": "kwetsbar",
    "arbitrale": "arbitraal", "arbitraal": "arbitraal",
    "informatie": "informatie",
    "leider": "leider", "leiders": "leider",
    "straf": "straf", "straffen": "straf",
    "tegen": "tegen", "boven": "boven", "onder": "onder",
    # the stemmer makes 'wijzigen' (to change: 25 'Het wijzigen van biedingen') 'wijs', the stem of 'wijzen' (to point)
    "wijzigen": "wijzig", "wijzig": "wijzig", "wijzigt": "wijzig", "wijzigde": "wijzig", "wijzigden": "wijzig",
    "gewijzigd": "wijzig", "gewijzigde": "wijzig", "wijziging": "wijzig", "wijzigingen": "wijzig",
    # words the stemmer gives the stem of another word: aanwezig (present) / aangewezen (appointed), eens (het eens
    # zijn) / een, vorige (previous) / voor, reeds / reden, gezicht / zichtbaar, gelijk / lijkt, gemiddeld / middel,
    # geacht / acht, gevolg (consequence) / volgen, negeert / neer, waarde / waren, beginselen / begin
    "aanwezig": "aanwezig", "aanwezige": "aanwezig", "aanwezigheid": "aanwezig",
    "eens": "eens", "eenheid": "eenheid", "eenheden": "eenheid",
    "vorig": "vorig", "vorige": "vorig", "voren": "voren",
    "reeds": "reeds", "reden": "reden", "redenen": "reden",
    "gezicht": "gezicht", "gezichten": "gezicht",
    "gelijk": "gelijk", "gelijke": "gelijk",
    "gemiddeld": "gemiddeld", "gemiddelde": "gemiddeld",
    "geacht": "geacht",
    "gevolg": "gevolg", "gevolgen": "gevolg",
    "negeert": "negeer", "negeren": "negeer",
    "waard": "waarde", "waarde": "waarde", "waarden": "waarde",
    "beginselen": "beginsel", "beginsel": "beginsel",
    # the forms of 'openen' (to open the bidding) as 'openen' and 'opening' stem ('open'), not 'geop', 'opent', 'oop'
    "geopend": "open", "opent": "open", "opende": "open", "openden": "open", "openingen": "open",
}

# Compounds ending in those nouns stem like them (downslagen -> downslag, sprongboden -> sprongbod).
SUFFIX_OVERRIDES = (("slagen", "slag"), ("boden", "bod"), ("gevers", "gever"), ("spelers", "speler"))
# Forms the stemmer leaves apart from their base form, which search as that form: the plural of a noun in -heid
# (onregelmatigheden -> onregelmatigheid), an adjective in -bare (Snowball: ontoelaatbaar -> ontoelaat, but
# ontoelaatbare -> ontoelaatbar)
BASE_FORMS = (("heden", "heid"), ("bare", "baar"))

# Particles and prepositions are not compound parts worth searching on their own.
_NOT_A_PART = frozenset("voor na door over om aan op uit af in met tegen mee toe bij onder niet ver her ont "
                        "be ge er ten ter".split())

_SURFACE = re.compile(r"[^\W_]+|[" + "".join(SUIT_WORDS) + "]")
PART_WEIGHT = 0.4
_stemmer = Stemmer.Stemmer("dutch")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")


def clean(text: str) -> str:
    """Unicode NFC without control or invisible characters (a query can hold anything)."""
    return _CONTROL.sub(" ", unicodedata.normalize("NFC", text or ""))


@lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """Lowercase without diacritics: 'Opgeëist' -> 'opgeeist'."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def surface_words(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) for each word; a suit symbol counts as the word for its suit."""
    return [(SUIT_WORDS.get(m.group(0), m.group(0)), m.start(), m.end()) for m in _SURFACE.finditer(text or "")]


@lru_cache(maxsize=65536)
def base_stem(folded: str) -> str:
    if folded in STEM_OVERRIDES:
        return STEM_OVERRIDES[folded]
    if folded.isdigit():
        return folded
    verb = infinitive(folded)     # a strong verb's form searches as its infinitive (indexer/dutch_verbs.py)
    if verb:
        return base_stem(verb)
    for suffix, stem in SUFFIX_OVERRIDES:
        if folded.endswith(suffix) and len(folded) > len(suffix) + 2:
            return folded[: -len(suffix)] + stem
    for suffix, base in BASE_FORMS:
        if folded.endswith(suffix) and len(folded) > len(suffix) + 3:
            return base_stem(folded[: -len(suffix)] + base)
    return _stemmer.stemWord(folded)


class Analysis:
    """What analysis learnt from one build's texts: vocabulary and compound splits."""

    def __init__(self, vocabulary: dict[str, int] | None = None, splits: dict[str, list[str]] | None = None,
                 derived: dict[str, str] | None = None):
        self.vocabulary: dict[str, int] = dict(vocabulary or {})
        self.splits: dict[str, list[str]] = dict(splits or {})
        self.derived: dict[str, str] = dict(derived or {})
        self._stems: set[str] | None = None

    # ---- learning from the corpus

    @classmethod
    def from_texts(cls, texts) -> "Analysis":
        counts: Counter = Counter()
        for text in texts:
            for w, _, _ in surface_words(text):
                counts[fold(w)] += 1
        vocab = {w: n for w, n in counts.items() if not w.isdigit()}
        derived = {}
        for w in vocab:
            if w in STEM_OVERRIDES:
                continue
            s = base_stem(w)
            alt = _inflected(w, vocab)
            if alt and alt != s:
                derived[w] = alt
        _join_t_and_d_forms(vocab, derived)
        analysis = cls(vocab, {}, derived)
        analysis.splits = {w: parts for w in vocab if (parts := analysis.split_compound(w))}
        return analysis

    def to_json(self) -> dict:
        return {"vocabulary": self.vocabulary, "splits": self.splits, "derived": self.derived}

    @classmethod
    def from_json(cls, data: dict) -> "Analysis":
        return cls(data.get("vocabulary"), data.get("splits"), data.get("derived"))

    # ---- word by word

    def stem(self, folded: str) -> str:
        found = self.derived.get(folded)
        if found:
            return found
        s = base_stem(folded)
        if folded not in self.vocabulary and folded not in STEM_OVERRIDES:
            # a form the texts do not have (verzuimd, legt): the stem of the texts' own form, if any
            alt = _inflected(folded, self.vocabulary) or _past_tense(folded, self.vocabulary)
            if alt and s not in self.stems:
                return alt
        return s

    @property
    def stems(self) -> set[str]:
        if self._stems is None:
            self._stems = {base_stem(w) for w in self.vocabulary}
        return self._stems

    def split_compound(self, word: str, depth: int = 0, known: frozenset | set | None = None) -> list[str]:
        """Parts of a compound from the vocabulary ('strafkaart' -> ['straf', 'kaart']); [] if none. With `known`
        (the index's stems; queries only), a last part whose stem is known counts too, inflected as the texts do
        not write it ('tempowisselingen': 'wisselingen', stem 'wissel')."""
        if len(word) < 6 or depth > 2:
            return []
        best: list[str] = []
        best_key = None
        for i in range(3, len(word) - 2):
            head = word[:i]
            if head not in self.vocabulary or head in _NOT_A_PART or head in STOPWORDS:
                continue
            for link in ("", "s", "e", "en"):
                if not word.startswith(link, i):
                    continue
                tail = word[i + len(link):]
                if len(tail) < 3 or tail in _NOT_A_PART or tail in STOPWORDS:
                    continue
                if tail in self.vocabulary or (known is not None and len(tail) > 5 and self.stem(tail) in known):
                    parts = [head, tail]
                else:
                    sub = self.split_compound(tail, depth + 1, known)
                    if not sub:
                        continue
                    parts = [head] + sub
                # prefer few parts, then the longest last part (the head of a Dutch compound)
                key = (-len(parts), len(parts[-1]), self.vocabulary.get(parts[-1], 0))
                if best_key is None or key > best_key:
                    best, best_key = parts, key
        return best

    def terms(self, text: str, compounds: bool = True):
        """(stem, weight, position, start, end) of the searchable words of text."""
        pos = 0
        for w, start, end in surface_words(text):
            f = fold(w)
            if f in STOPWORDS:
                continue
            yield self.stem(f), 1.0, pos, start, end
            if compounds:
                parts = self.splits.get(f)
                if parts is None and f not in self.vocabulary:
                    parts = self.split_compound(f)
                for p in parts or ():
                    yield self.stem(p), PART_WEIGHT, pos, start, end
            pos += 1

    def query_stems(self, word: str) -> list[str]:
        f = fold(word)
        return [] if f in STOPWORDS else [self.stem(f)]


def _join_t_and_d_forms(vocab, derived: dict[str, str]) -> None:
    """A verb's present form in -t and its participle in -d ('beschouwt', 'beschouwd'; 'bedoelt', 'bedoeld')
    search as one stem when the texts write both: the stem of the infinitive. People mix them up when they type
    (a 'dt-fout'); a word the texts write in only one of the two forms is left as it is."""
    for w in vocab:
        if len(w) < 6 or w[-1] != "t" or w.endswith(("dt", "st")) or w[-2] in "aeiou" or w in STEM_OVERRIDES:
            continue
        other = w[:-1] + "d"
        if other in vocab and other not in STEM_OVERRIDES:
            stem = derived.get(w) or derived.get(other) or base_stem(w[:-1] + "en")
            derived[w] = derived[other] = stem


def _inflected(word: str, vocabulary) -> str | None:
    """A verb form ending in -t or -d (legt, verzuimd, vraagt) whose infinitive or root (leggen, verzuimen,
    vragen) the texts have: the stem of that form."""
    if len(word) < 5 or word[-1] not in "td" or word.endswith(("dt", "st")) or word[-2] in "aeiou":
        return None
    return _first_known(_infinitives(word[:-1], with_root=True), word, vocabulary)


def _past_tense(word: str, vocabulary) -> str | None:
    """A weak verb's past tense (betekende, betekenden, pakte) whose infinitive the texts have (betekenen,
    pakken): the stem of the infinitive. Only for a typed word the texts lack: in the texts' own words an
    ending -de is as often an adjective's ('volgende')."""
    for suffix in ("den", "ten", "de", "te"):
        root = word[:-len(suffix)]
        if word.endswith(suffix) and len(root) >= 3:
            return _first_known(_infinitives(root), word, vocabulary)
    return None


def _infinitives(root: str, with_root: bool = False) -> list[str]:
    """The infinitives a verb root may have (leg -> leggen, vraag -> vragen), and the root itself if asked."""
    out = [root + "en", root + root[-1] + "en"] + ([root] if with_root else [])
    if len(root) > 3 and root[-2] == root[-3] and root[-2] in "aeou":      # vraag -> vragen, speel -> spelen
        out.append(root[:-2] + root[-1] + "en")
    return out


def _first_known(candidates: list[str], word: str, vocabulary) -> str | None:
    """The stem of the first candidate the texts have (not the word itself)."""
    found = next((c for c in candidates if c in vocabulary and c != word), None)
    return base_stem(found) if found else None


class DutchAnalyzer(Analyzer):
    """The whoosh side of ``Analysis`` (pickled in the index schema with the build's vocabulary)."""

    def __init__(self, analysis: Analysis | None = None, compounds: bool = True):
        self.analysis = analysis or Analysis()
        self.compounds = compounds

    def __eq__(self, other):
        return isinstance(other, DutchAnalyzer) and self.compounds == other.compounds

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for stem, weight, pos, start, end in self.analysis.terms(value, compounds=self.compounds
                                                                 and mode != "query"):
            t.text = stem
            t.boost = weight
            t.stopped = False
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar, t.endchar = start_char + start, start_char + end
            yield t


def pair_terms(stems: list[str]) -> list[str]:
    """Neighbouring words as one term ('beeldzijde+naar'), also across one word between, for the phrase
    bonus: words that stand together in a text as they do in a query."""
    out = []
    for i, a in enumerate(stems):
        for b in stems[i + 1:i + 3]:
            if a != b:
                out.append(f"{a}+{b}")
    return out


class PairAnalyzer(Analyzer):
    """Index side of the phrase bonus: pair terms of each line or ';'-separated part of a value."""

    def __init__(self, analysis: Analysis | None = None):
        self.analysis = analysis or Analysis()

    def __eq__(self, other):
        return isinstance(other, PairAnalyzer)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for part in re.split(r"[\n;]", value or ""):
            stems = [stem for stem, weight, *_ in self.analysis.terms(part, compounds=False)]
            for term in pair_terms(stems):
                t.text, t.boost, t.stopped = term, 1.0, False
                if positions:
                    t.pos = pos
                    pos += 1
                if chars:
                    t.startchar = t.endchar = start_char
                yield t
