"""Dutch analysis word by word, the glossaries of each kind, typo correction and the suggestion, questions as
questions, how sections add up to an article, English law names. The situation vocabulary: test_vocabulary.py."""
from __future__ import annotations

import pytest

from indexer import glossary as gloss
from indexer.analysis import STOPWORDS, Analysis, fold, pair_terms
from indexer.documents import all_text
from indexer.typos import Speller, distance


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
    ("borden", "bord"), ("bord", "bord"),                 # the Snowball stemmer says 'bor'
    ("woorden", "woord"), ("voorbeelden", "voorbeeld"), ("antwoorden", "antwoord"),
    ("plaatsen", "plaats"), ("plaats", "plaats"),         # ... and 'plaat' for the singular
    ("fouten", "fout"), ("foute", "fout"), ("alerts", "alert"), ("methoden", "methode"),
    ("kwetsbaarheden", "kwetsbar"), ("kwetsbaarheid", "kwetsbar"),   # a plural in -heden as its singular
])
def test_stems(analysis, word, stem):
    assert stems(analysis, word) == [(stem, 1.0)]


@pytest.mark.parametrize("form, infinitive", [
    ("zag", "zien"), ("zagen", "zien"), ("ziet", "zien"), ("gezien", "zien"),
    ("viel", "vallen"), ("vielen", "vallen"), ("valt", "vallen"),
    ("vond", "vinden"), ("vonden", "vinden"), ("gevonden", "vinden"),
    ("kwam", "komen"), ("kwamen", "komen"), ("ontbrak", "ontbreken"), ("verstond", "verstaan"), ("stak", "steken"), ("nam", "nemen"), ("vroeg", "vragen"),
    ("vergeleek", "vergelijken"), ("sloeg", "slaan"),
])
def test_a_strong_verbs_forms_search_as_its_infinitive(analysis, form, infinitive):
    assert stems(analysis, form) == stems(analysis, infinitive)


@pytest.mark.parametrize("t_form, d_form", [("beschouwt", "beschouwd"), ("bedoelt", "bedoeld"), ("bepaalt", "bepaald"),
                                            ("benadeelt", "benadeeld")])
def test_a_verbs_t_and_d_forms_the_texts_both_write_search_as_one(analysis, t_form, d_form):
    # a 'dt-fout' ('bieding beschouwt als op de beurt') finds the title that writes 'beschouwd'
    assert t_form in analysis.vocabulary and d_form in analysis.vocabulary
    assert stems(analysis, t_form) == stems(analysis, d_form)


@pytest.mark.parametrize("inflected, base", [("ontoelaatbare", "ontoelaatbaar"), ("onverliesbare", "onverliesbaar")])
def test_an_adjective_in_bare_searches_as_its_baar_form(analysis, inflected, base):
    # 'ontoelaatbare doubletten' finds 36 'Ontoelaatbaar doublet of redoublet'
    assert stems(analysis, inflected) == stems(analysis, base)


def test_a_word_the_texts_write_in_one_form_only_keeps_its_own_stem(analysis):
    # 'kaart' has no 'kaard' beside it: not a verb form, left as it is
    assert "kaard" not in analysis.vocabulary
    assert stems(analysis, "kaart") != stems(analysis, "kaar")


@pytest.mark.parametrize("form, infinitive", [("betekende", "betekenen"), ("betekenden", "betekenen"),
                                              ("pakte", "pakken")])
def test_a_typed_weak_past_tense_searches_as_its_infinitive(analysis, form, infinitive):
    assert form not in analysis.vocabulary
    assert stems(analysis, form) == stems(analysis, infinitive)


@pytest.mark.parametrize("form, verb", [("gevallen", "vallen"), ("namen", "nemen"),
                                            ("zie", "zien")])
def test_a_form_that_is_another_word_too_stays_apart(analysis, form, verb):
    # 'in die gevallen' (cases), 'namen' (names), 'zie artikel': dutch_verbs.py leaves them out
    assert stems(analysis, form) != stems(analysis, verb)


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


def test_a_compound_whose_last_part_is_inflected_splits_on_the_index_stems_for_queries(store):
    analysis, known = store.searcher.analysis, store.searcher.known
    assert analysis.split_compound("tempowisselingen") == []          # 'wisselingen' is not in the texts
    assert analysis.split_compound("tempowisselingen", known=known) == ["tempo", "wisselingen"]
    assert analysis.split_compound("strafkaar", known=known) == []    # a typo's short tail is no part
    assert [r.article for r in store.searcher.search("claimbetwisting").results][:1] == ["70"]


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
    ("scheidsrechters", ("wedstrijdleider",)),        # a plural of a glossary word (a Dutch word: never corrected)
    ("penalty cards", ("strafkaart",)),               # a phrase of several words by its stems
])
def test_glossary_expands(reader, analysis, query, expected):
    want = tuple(analysis.stem(fold(w)) if w != "informatie" else w for w in expected)
    assert want in alternatives(reader, query) or tuple(expected) in alternatives(reader, query)


def test_an_inflected_adjective_is_not_its_noun(reader):
    assert ("doublet",) not in alternatives(reader, "dubbele kaart")      # 'dubbel' (Flemish) is doublet


def test_single_letter_abbreviation_only_as_a_capital(reader):
    assert ("doublet",) in alternatives(reader, "1♥ X")
    assert ("doublet",) not in alternatives(reader, "x")


def test_english_law_name_names_its_law(reader, store):
    c = concepts(reader, "bid out of rotation")
    assert c[0].articles == ["31"]
    assert [r.article for r in store.searcher.search("bid out of rotation").results][0] == "31"


@pytest.mark.parametrize("query, first", [
    ("call out of rotation", "29"),        # Laws 29-32 (out of rotation), not 28 (considered in rotation)
    ("time limit for an appeal", "92"),    # 92B 'Tijdslimiet voor protesten'
    ("slembonus", "77"),                   # 003 art. 77 'Voor het maken van een slem'
    ("taken van de wedstrijdleider", "81"),   # 81 'Taken en bevoegdheden' (82A is one duty)
    ("claim disputed", "70"),                # an English name in either order: 'disputed claim'
    ("revoke penalty", "64"),                # 64A 'Verzaking wordt bestraft'
    ("termijn voor een protest", "92"),      # 92B 'Tijdslimiet voor protesten'
    ("incorrect designation of dummy's card", "46"),   # Law 46; not 'deviation' (75) for a near spelling
    ("onduidelijk noemen van kaart uit de blinde", "46"),   # situation 46A, not 45's played card
])
def test_a_name_finds_its_law_first(store, query, first):
    assert [r.article for r in store.searcher.search(query).results][0] == first


@pytest.mark.parametrize("kind", ["abbreviation", "synonym", "colloquial", "regional", "flemish", "english"])
def test_every_glossary_kind_is_there(store, kind):
    entries = gloss.load(store.data["glossaries"])
    assert any(e.kind == kind for e in entries)


def test_every_canonical_term_occurs_in_the_texts(store):
    entries = gloss.load(store.data["glossaries"])
    assert len(entries) > 200
    assert gloss.problems([e for e in entries if e.kind != "situation"], all_text(store.data, situations=False)) == []


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


def test_a_typo_no_source_writes_is_corrected_even_if_common(reader):
    # 'beurd' once stood in a situation row and so counted as a word of the texts, never corrected
    assert reader.read("pas voor de beurd").understood == "pas voor de beurt"


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


# ---------------------------------------------------------------- questions as questions

@pytest.mark.parametrize("question, plain", [
    ("wat nu als mijn partner voor zijn beurt biedt", "partner voor beurt biedt"),
    ("mag ik dat nog veranderen, hoe gaat dat eigenlijk", "veranderen"),
    ("hoeveel kaarten krijgt elke speler", "kaarten elke speler"),    # (with a revoke, an event reads the question)
    # the other forms of modal verbs, and particles
    ("ik wilde 1 schoppen zeggen, kon dat nog", "1 schoppen zeggen"),
    ("toen hij echt heel lang nadacht", "lang nadacht"),
    ("moogt ge dat veranderen", "veranderen"),
    # English small words and numbers, never corrected into Dutch ('four' is no 'fout')
    ("what happens when all four players pass", "players pass"),
    ("a lead to the next trick", "lead trick"),
])
def test_question_words_carry_no_weight(reader, question, plain):
    got = [c.alternatives for c in reader.read(question).concepts]
    assert got and got == [c.alternatives for c in reader.read(plain).concepts]


def test_an_obligation_stays(reader):
    assert "moest" in [c.words[0] for c in reader.read("partner moest passen").concepts]


@pytest.mark.parametrize("typed, other", [("3", "drie"), ("dertien", "13"), ("13", "dertien")])
def test_a_count_finds_its_word_and_a_number_word_its_digits(reader, typed, other):
    [concept] = reader.read(f"{typed} kaarten").concepts[:1]
    assert concept.alternatives[(other,)] < concept.alternatives[(typed,)]


def test_a_ten_written_as_a_word_finds_the_digits_the_laws_write(reader, store):
    # 88 writes '60 %'; 'zestig procent' finds it, and '40' the word too
    assert ("60",) in alternatives(reader, "zestig procent")
    assert tuple(store.searcher.analysis.query_stems("veertig")) in alternatives(reader, "40 procent")


def test_a_count_written_as_a_word_finds_the_section_that_writes_it_so(store):
    # 'dertien kaarten' stands in the laws as a word; the digits find it too
    with_digits = store.searcher.search("13 kaarten", limit=10).results
    as_word = store.searcher.search("dertien kaarten", limit=10).results
    assert with_digits and as_word
    assert {r.article for r in as_word[:3]} & {r.article for r in with_digits[:5]}


def test_roles_and_negations_stay(reader):
    words = [c.words[0] for c in reader.read("mag de blinde niet zeggen dat partner geen kaart had").concepts]
    assert {"blinde", "niet", "partner", "geen"} <= set(words)


@pytest.mark.parametrize("q, asks", [("wat nu", True), ("partner bood voor zijn beurt, wat gebeurt er", True),
                                     ("hoeveel slagen bij een verzaking", True), ("welke straf krijgt hij", True),
                                     ("onvoldoende bod", False), ("wat is een strafkaart", False),
                                     ("herdubbelen na een doublet, mag dat", False)])   # whether one may
def test_a_question_about_the_consequence_is_recognised(reader, q, asks):
    assert reader.read(q).consequence is asks


def test_a_consequence_question_favours_the_rectification(store, monkeypatch):
    import indexer.search as search_module
    searcher = store.searcher
    q = "wat gebeurt er na een verzaking"
    boosted = {(r.article, r.section): r.score for r in searcher.search(q, limit=10).results}
    assert list(boosted)[0][0] in ("64", "62", "63")
    monkeypatch.setattr(search_module, "REMEDY_BOOST", 1.0)
    plain = {(r.article, r.section): r.score for r in searcher.search(q, limit=10).results}
    # the texts that give the rectification (strafbepaling, slagen overgedragen …) gain, the others do not
    rises = [k for k in boosted if k in plain and boosted[k] > plain[k] * 1.05]
    assert rises and len(rises) < len(boosted)


# ---------------------------------------------------------------- how sections add up to an article

def test_sections_repeating_the_same_words_are_not_more_evidence(store, monkeypatch):
    import indexer.search as search_module
    q = "bieden terwijl je verplicht bent te passen"
    # article 37 is one text with all the words; 35 has several sections with the same words: 37 goes first
    assert store.searcher.search(q, limit=5).results[0].article == "37"
    monkeypatch.setattr(search_module, "REPEAT_SHARE", 1.0)   # every further section counting in full
    assert store.searcher.search(q, limit=5).results[0].article != "37"


def test_a_further_section_adds_what_it_matches_anew(store):
    from indexer.search import _Query
    plan = store.searcher.reader.read("strafkaart verzaking")
    q = _Query(plan, store.searcher.known)
    strafkaart, verzaking = (q.bits[s] for s in ("strafkaart", "verzaak"))
    assert q.novelty(strafkaart, strafkaart) == 0.0
    assert q.novelty(strafkaart, verzaking) == 1.0
    assert 0.0 < q.novelty(strafkaart, strafkaart | verzaking) < 1.0


# ---------------------------------------------------------------- English law names, inflected

@pytest.mark.parametrize("q, article", [("revoked", "61"), ("claiming", "68"), ("leads out of turn", "53"),
                                        ("penalty cards played", "50"), ("correcting a revoke", "62"),
                                        ("deviate from his agreements", "75"), ("dummy's limitations", "43"),
                                        ("what does the director do after his own error", "82")])
def test_an_english_law_name_matches_inflected_and_with_other_small_words(reader, q, article):
    plan = reader.read(q)
    assert plan.understood and article in plan.concepts[0].articles


@pytest.mark.parametrize("q", ["verzaking herstellen", "de leider speelt", "passen", "beslissing"])
def test_a_dutch_word_is_no_inflected_english_name(reader, q):
    matched = [e for _, _, entries in reader.glossary.match(q.split()) for e in entries]
    assert not any(e.kind == "english" for e in matched)
    # what names articles here is an event pattern at most ('verzaking herstellen' is 62), never an English name
    assert all(c.explains for c in reader.read(q).concepts if c.articles)


@pytest.mark.parametrize("q", ["correcting a revoke before it is established", "revoked", "claiming",
                               "can a player deviate from his agreements", "what happens when someone bids out of turn"])
def test_an_english_law_word_or_small_word_is_never_corrected(reader, q):
    plan = reader.read(q)
    assert plan.suggestion is None and "behoren" not in (plan.understood or "")
    assert not {"hen", "played", "wat"} & set((plan.understood or "").split())


@pytest.mark.parametrize("q, joined", [("wie komt uit na de pas", "uitkom"), ("leider legt zijn kaarten open", "openleg"),
                                       ("partner neemt zijn kaart terug", "terugnem")])
def test_a_separable_verb_split_in_the_query_is_joined(reader, q, joined):
    concepts = reader.read(q).concepts
    having = [c.words[0] for c in concepts if (joined,) in c.alternatives]
    assert len(having) == 2      # the verb and its particle


def test_a_particle_far_from_any_verb_joins_nothing(reader):
    assert not any(len(c.alternatives) > 1 for c in reader.read("kaart uit").concepts)


def test_a_word_said_twice_is_asked_for_once(reader):
    twice = reader.read("drie keer pas maar een van die passen was niet op zijn beurt").concepts
    assert [c.alternatives for c in twice].count({("pas",): 1.0}) == 1


def test_a_word_searches_its_abbreviation_as_the_keyword_index_writes_it(reader, store):
    # index (000) 'Arbitrale score › Bevoegdheid WL om arbitrale score toe te kennen 12, 86'
    leider = reader.read("wedstrijdleider").concepts[0]
    assert leider.alternatives == {("wedstrijdleider",): 1.0, ("wl",): 0.7}
    assert reader.read("wedstrijdleider").understood is None     # no rewrite: the word itself is searched first
    first = store.searcher.search("wanneer mag de wedstrijdleider een arbitrale score toekennen").results[0]
    assert first.article == "12"


def test_an_exact_name_is_matched_in_the_words_asked_not_in_their_abbreviation(store):
    # index (000) 'Opeisen › Roepen van de WL 68' is exactly 'wl roepen', not 'wedstrijdleider roepen'
    searcher = store.searcher
    exact = lambda q: {key[2] for key in searcher._exact(searcher.reader.read(q), {}, None)}
    assert "68" in exact("wl roepen")
    assert "68" not in exact("wedstrijdleider roepen")



@pytest.mark.parametrize("q, word", [("wie doet de 2e bieding", "tweede"), ("de 13e kaart zat nog in het bord", "dertiende"),
                                     ("de 5de kaart in een slag", "vijfde")])
def test_an_ordinal_in_digits_is_read_as_its_word(reader, q, word):
    words = [w for w, _, _ in reader.tokens(q)]
    assert word in words and not {"e", "de"} & set(words[words.index(word):words.index(word) + 2][1:])
    assert reader.read(q).suggestion is None      # no 'Bedoelde u ...?': the ordinal is a word, not a typo


def test_the_x_of_a_number_is_times_not_a_double(reader):
    assert [w for w, _, _ in reader.tokens("na 3x pas nog een bod")] == ["na", "3", "keer", "pas", "nog", "een", "bod"]
    assert "x" in [w for w, _, _ in reader.tokens("hij zei 3 x")]      # apart, it may be the double ('3 X')
