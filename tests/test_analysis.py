"""Dutch analysis word by word, the glossaries of each kind, typo correction and the suggestion."""
from __future__ import annotations

from pathlib import Path

import pytest

from indexer import glossary as gloss
from indexer.analysis import STOPWORDS, Analysis, fold, pair_terms
from indexer.documents import all_text
from indexer.typos import Speller, distance

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def analysis(store):
    return store.searcher.analysis


@pytest.fixture(scope="module")
def reader(store):
    return store.searcher.reader


def stems(analysis, text, compounds=False):
    return [(s, w) for s, w, *_ in analysis.terms(text, compounds=compounds)]


# ---------------------------------------------------------------- analyzer, word by word

@pytest.mark.parametrize("word, stem", [
    ("slagen", "slag"), ("slag", "slag"),                 # the Snowball stemmer says 'slaag'
    ("boden", "bod"), ("bod", "bod"),                     # ... and 'bood'
    ("gever", "gever"),                                   # ... and 'ver' (a false ge- prefix)
    ("tegenspeler", "tegenspeler"), ("tegenspelers", "tegenspeler"),
    ("downslagen", "downslag"),                           # a compound ending in an overridden noun
    ("kaarten", "kaart"), ("kaart", "kaart"),
    ("strafkaarten", "strafkaart"),
    ("biedingen", "bied"), ("bieding", "bied"), ("bieden", "bied"),
    ("gedoubleerd", "doubleer"), ("doubleren", "doubleer"),
    ("verzaakt", "verzaak"), ("verzaking", "verzaak"),
    ("Opgeëist", "opeis"), ("opgeeist", "opeis"), ("opeisen", "opeis"),
    ("speelt", "speel"), ("gespeeld", "speel"), ("spelen", "speel"),
    ("verzuimd", "verzuim"),                              # a participle the texts do not have: its verb
])
def test_stems(analysis, word, stem):
    assert stems(analysis, word) == [(stem, 1.0)]


def test_stopwords_go_but_meaning_bearing_words_stay(analysis):
    words = [s for s, _ in stems(analysis, "de speler is niet aan de beurt, geen bod voor of na de pas zonder troef tegen")]
    assert words == ["speler", "niet", "beurt", "geen", "bod", "voor", "na", "pas", "zonder", "troef", "tegen"]
    for kept in ("niet", "geen", "voor", "na", "zonder", "tegen"):
        assert kept not in STOPWORDS


def test_suit_symbols_are_words(analysis):
    assert [s for s, _ in stems(analysis, "1♠ 2♥ 3♦ 4♣")] == ["1", "schop", "2", "hart", "3", "ruit", "4", "klaver"]
    assert stems(analysis, "♠") == stems(analysis, "schoppen")


def test_diacritics_fold():
    assert fold("Opgeëist") == "opgeeist"
    assert fold("Protestcomité") == "protestcomite"


def test_compounds_split_from_the_corpus_vocabulary_keeping_the_whole_word(analysis):
    assert analysis.splits["strafkaart"] == ["straf", "kaart"]
    out = stems(analysis, "strafkaart", compounds=True)
    assert out[0] == ("strafkaart", 1.0)                 # the whole word, full weight
    assert ("straf", 0.4) in out and ("kaart", 0.4) in out  # its parts, less
    # particles are no parts; inflections are no compounds
    assert analysis.split_compound("voorspelen") == []
    assert analysis.split_compound("kaarten") == []


def test_compound_parts_find_their_compounds(store):
    answer = store.searcher.search("straf kaart", limit=5)
    assert "50" in [r.article for r in answer.results[:3]]


def test_pairs_for_the_phrase_bonus():
    assert pair_terms(["beeldzijde", "naar", "beneed"]) == ["beeldzijde+naar", "beeldzijde+beneed", "naar+beneed"]


def test_analysis_round_trips_json(analysis):
    again = Analysis.from_json(analysis.to_json())
    assert again.terms("verzuimd te alerteren") and \
        list(again.terms("verzuimd te alerteren")) == list(analysis.terms("verzuimd te alerteren"))


# ---------------------------------------------------------------- glossaries, each kind

def concepts(reader, q):
    return reader.read(q).concepts


def alternatives(reader, q):
    return {alt for c in concepts(reader, q) for alt in c.alternatives}


@pytest.mark.parametrize("query, expected", [
    ("RT", ("rechtertegenstander",)),                 # abbreviation
    ("hwl", ("hoofdwedstrijdleider",)),               # abbreviations in lowercase, as typed on a phone
    ("OI", ("ongeoorloofd", "informatie")),
    ("scheidsrechter", ("wedstrijdleider",)),         # colloquial
    ("tafelarbiter", ("wedstrijdleider",)),           # regional
    ("dubbel", ("doublet",)),                         # Flemish, named by the sources themselves
    ("herdubbel", ("redoublet",)),
    ("declarer", ("leider",)),                        # English law names
    ("opening lead", ("uitkomst",)),
    ("call out of rotation", ("bied", "voor", "beurt")),
    ("psychic", ("psychologisch", "bod")),
])
def test_glossary_expands(reader, analysis, query, expected):
    want = tuple(analysis.stem(fold(w)) if w != "informatie" else w for w in expected)
    assert want in alternatives(reader, query) or tuple(expected) in alternatives(reader, query)


def test_single_letter_abbreviation_only_as_a_capital(reader):
    assert ("doublet",) in alternatives(reader, "1♥ X")
    assert ("doublet",) not in alternatives(reader, "x")


def test_english_law_name_names_its_law(reader, store):
    c = concepts(reader, "bid out of rotation")
    assert c[0].articles == ["31"]
    assert [r.article for r in store.searcher.search("bid out of rotation").results][0] == "31"


@pytest.mark.parametrize("kind", ["abbreviation", "synonym", "colloquial", "regional", "flemish", "english"])
def test_every_glossary_kind_is_there(kind):
    entries = gloss.load(ROOT / "corpus" / "glossary")
    assert any(e.kind == kind for e in entries)


def test_every_canonical_term_occurs_in_the_texts(store):
    entries = gloss.load(ROOT / "corpus" / "glossary")
    assert len(entries) > 200
    assert gloss.problems(entries, all_text(store.data)) == []


def test_glossary_problems_are_found():
    e = gloss.Entry("zwabber", ("zwabber",), ["bestaat-niet-in-de-wet"], "synonym")
    assert gloss.problems([e], "De wedstrijdleider") != []


# ---------------------------------------------------------------- typos and the suggestion

def test_distance_counts_transpositions():
    assert distance("opeisne", "opeisen", 2) == 1
    assert distance("strafkart", "strafkaart", 2) == 1
    assert distance("abc", "xyz", 1) == 2


@pytest.mark.parametrize("typo, word", [
    ("strafkart", "strafkaart"), ("verzakking", "verzaking"), ("toeschower", "toeschouwer"),
    ("buert", "beurt"), ("wedstrijdleidr", "wedstrijdleider"), ("systeemkaar", "systeemkaart"),
])
def test_speller(store, typo, word):
    assert store.searcher.reader.speller.correct(typo) == word


def test_suggestion_is_built_from_surface_words(reader):
    plan = reader.read("uitkomst voor de buert")
    assert plan.suggestion == "uitkomst voor de beurt"      # the word as the laws write it, not a stem
    assert reader.read("strafkart").suggestion == "strafkaart"
    assert reader.read("kleine strafkaart").suggestion is None


def test_known_words_are_not_corrected(reader):
    assert reader.read("redoubleren").suggestion is None
    assert Speller({"kaart": 3}).correct("kaart") is None


def test_snippet_marks_every_query_word_in_text_order_and_escapes():
    from indexer.analysis import Analysis
    from indexer.snippets import snippet
    text = 'De speler <b>legt</b> een "strafkaart" & de leider beslist; de speler speelt de strafkaart.'
    out = snippet(text, {"strafkaart", "speler"}, Analysis())
    assert out.count("<mark>") == 4
    assert out.index("<mark>speler</mark>") < out.index("<mark>strafkaart</mark>")
    assert "&lt;b&gt;legt&lt;/b&gt;" in out and "&quot;" in out and "&amp;" in out
    assert "<b>" not in out


def test_snippet_window_goes_to_the_densest_hits():
    from indexer.analysis import Analysis
    from indexer.snippets import snippet
    text = " ".join(["vulwoord"] * 80) + " strafkaart en nog een strafkaart hier " + " ".join(["vulwoord"] * 80)
    out = snippet(text, {"strafkaart"}, Analysis(), width=120)
    assert out.startswith("… ") and out.endswith(" …")
    assert out.count("<mark>strafkaart</mark>") == 2
