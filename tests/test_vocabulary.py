"""The situation vocabulary (corpus/glossary/situations.tsv, events.tsv) and the anchor text from the graph: rows
map their phrases to their concepts, event patterns to their articles, phrasings and citing sentences are fields
of their section, and bad rows are listed with file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from indexer import bids, glossary as gloss
from indexer.analysis import fold

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- the situation vocabulary

SITUATION = {"article": "27", "section": "B1", "phrase": "hij bood te laag en verbeterde het meteen",
             "concept": "onvoldoende bod verbeterd", "source": "club",
             "reason": "27B1 'verbetert tot het laagst voldoende bod'", "line": 3}


def test_a_situation_row_maps_its_phrase_to_its_concept(store):
    from indexer.query import QueryReader
    entries = gloss.load({"situations": [SITUATION]})
    assert [(e.kind, e.articles, e.section, e.expansions) for e in entries] == [
        ("situation", ["27"], "B1", ["onvoldoende bod verbeterd"])]
    searcher = store.searcher
    reader = QueryReader(searcher.analysis, gloss.Glossary(entries), searcher.known)
    plan = reader.read("Hij bood te laag en verbeterde het meteen")
    assert len(plan.concepts) == 1 and plan.concepts[0].articles == ["27"]
    want = tuple(searcher.analysis.stem(fold(w)) for w in ("onvoldoende", "bod", "verbeterd"))
    assert want in plan.concepts[0].alternatives
    assert plan.understood == "onvoldoende bod verbeterd"


EVENT = {"pattern": r"^(?=.*\b(bood|bod)\b)(?=.*\bterwijl\b.*\bbeurt\b)", "concept": "bod voor de beurt",
         "articles": "31,29", "reason": "000 inhoud art. 31 'Bod voor de beurt'", "line": 3}


def test_an_event_pattern_adds_its_concept_and_the_page_says_so(store):
    from indexer.query import QueryReader
    entries = gloss.load({"events": [EVENT]})
    assert [(e.kind, e.articles, e.expansions) for e in entries] == [("event", ["31", "29"], ["bod voor de beurt"])]
    searcher = store.searcher
    reader = QueryReader(searcher.analysis, gloss.Glossary(entries), searcher.known)
    plan = reader.read("Partner bood 2 harten terwijl ik aan de beurt was")
    added = plan.concepts[-1]
    stems = {s for alt in added.alternatives for s in alt}
    assert added.articles == ["31", "29"] and added.words == ["bod voor de beurt"]
    assert {searcher.analysis.stem("bod"), searcher.analysis.stem("beurt")} <= stems
    assert plan.understood == "Partner bood 2 harten terwijl ik aan de beurt was + bod voor de beurt"
    assert len(reader.read("partner bood 2 harten terwijl ik aan de beurt was", literal=True).concepts) == \
        len(plan.concepts) - 1
    assert reader.read("partner bood 2 harten").understood is None      # the words apart do not make the event


def test_the_built_event_patterns_find_their_articles(store):
    found = {q: [r.article for r in store.searcher.search(q).results[:3]] for q in (
        "hij opent terwijl zijn linkertegenstander gever was", "de rest is voor mij zei de leider",
        "blinde wees een kaart aan", "iemand legt 8 harten op tafel uit de biddingbox")}
    assert found["hij opent terwijl zijn linkertegenstander gever was"][0] == "31", found
    assert found["de rest is voor mij zei de leider"][0] == "68", found
    assert found["blinde wees een kaart aan"][0] in ("42", "43"), found
    assert "38" in found["iemand legt 8 harten op tafel uit de biddingbox"], found


def test_no_director_at_the_club_is_80_but_a_ruling_without_calling_him_is_not(store):
    # 000 art. 80A 'Als er geen wedstrijdleider is, behoren de spelers iemand uit hun midden aan te wijzen'
    reader = store.searcher.reader
    assert "aanstellen van de wedstrijdleider" in (reader.read("vanavond is er geen wl op de club").understood or "")
    assert store.searcher.search("vanavond is er geen wl op de club").results[0].article == "80"
    assert "aanstellen" not in (reader.read("ze regelden de straf zonder de wl te roepen").understood or "")


@pytest.mark.parametrize("words, insufficient", [
    ("hij bood 2 ruiten over mijn 2 harten", True), ("1 harten over 1 sa", True), ("2 h over 2 s", True),
    ("2 harten over 2 harten", True), ("1 sa over 2 klaveren", True), ("na mijn 1 sa bood hij 1 harten", True),
    ("hij bood 3 ruiten over mijn 2 harten", False), ("2 schoppen over 2 harten", False),
    ("na mijn 1 sa bood hij 2 klaveren", False), ("12 harten over 1 sa", False), ("na", False), ("2 over", False),
])
def test_a_bid_that_does_not_overcall_the_one_before_is_a_fact_for_the_events(words, insufficient):
    # 002 art. 18B: a bid overcalls with more tricks, or as many in a higher strain (18E); else it is insufficient
    assert bids.facts(words.split()) == ([bids.INSUFFICIENT] if insufficient else [])


def test_two_bids_told_as_they_were_made_find_the_insufficient_bid(store):
    q = "hij bood 1 harten over mijn 1sa heen, wat nu"
    assert "onvoldoende bod" in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "27"
    assert "onvoldoende bod" not in (store.searcher.reader.read("hij bood 2 harten over mijn 1sa").understood or "")


def test_a_bid_while_the_player_who_had_to_pass_was_to_call_is_28_not_the_partner_who_must_pass(store):
    # 001 art. 28A 'RT is verplicht te passen'; the offender's partner who must pass after a bid out of turn is 31
    read = store.searcher.reader.read
    assert "beschouwd als bieden op de beurt" in (read("west bood terwijl zuid aan de beurt was maar zuid moest "
                                                       "verplicht passen").understood or "")
    for q in ("hij bood voor zijn beurt en nu moet zijn partner passen", "hij bood voor zn beurt, zn partner moest passen"):
        assert "beschouwd als bieden op de beurt" not in (read(q).understood or ""), q


def test_declarer_naming_a_card_dummy_lacks_is_46b4_not_a_question_about_a_void(store):
    # 000 art. 46B4 'Als de leider een kaart noemt die niet in de blinde aanwezig is, is de aanduiding ongeldig'
    concept = "aanduiding van een kaart die niet in de blinde aanwezig is"
    search = store.searcher.search
    for q in ("ik heb een kaart uit de blinde genoemd die er niet ligt",
              "leider vroeg om de vrouw van tafel maar de blinde heeft geen vrouw"):
        assert concept in (store.searcher.reader.read(q).understood or ""), q
        assert search(q).results[0].article == "46", q
    assert concept not in (store.searcher.reader.read("dummy vraagt of partner geen harten meer heeft").understood or "")


def test_playing_on_after_an_irregularity_is_read_as_its_acceptance(store):
    # 000 art. 11 'Het verlies van het recht op bestraffing', 53 '... geaccepteerd', 27A 'wordt geaccepteerd als ...'
    read = store.searcher.reader.read
    assert "geaccepteerd" in (read("hij bood voor zijn beurt en lt bood gewoon verder, nog straf?").understood or "")
    assert "geaccepteerd" not in (read("partner speelde gewoon bij").understood or "")      # no penalty asked for


def test_a_revoke_noticed_in_time_is_corrected_but_an_established_one_is_not(store):
    # 004 'Een verzaking moet hersteld worden, tenzij u of uw partner een kaart heeft gespeeld in de volgende slag'
    read, concept = store.searcher.reader.read, "verzaking moet hersteld worden"
    assert concept in (read("oost verzaakt en merkt het op tijd").understood or "")
    assert store.searcher.search("oost verzaakt en merkt het op tijd").results[0].article == "62"
    assert concept not in (read("verzaking pas ontdekt na de volgende slag").understood or "")


def test_a_call_other_than_meant_is_25_but_an_explanation_other_than_agreed_is_not(store):
    # 000 art. 25 'Het wijzigen van biedingen', 25A 'onopzettelijk gedane bieding'; 75 for explanations
    read, concept = store.searcher.reader.read, "onopzettelijk gedane bieding"
    assert concept in (read("ik pakte 2 schoppen maar bedoelde 2 harten").understood or "")
    assert store.searcher.search("ik pakte 2 schoppen maar bedoelde 2 harten").results[0].article == "25"
    assert concept not in (read("partner legde uit dat het stayman was maar we hadden iets anders afgesproken")
                           .understood or "")


def test_a_spectator_speaking_at_the_table_is_no_dummy_speaking(store):
    q = "mogen toeschouwers iets zeggen aan tafel"
    assert "beperkingen voor de blinde" not in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "76"
    assert "beperkingen voor de blinde" in (store.searcher.reader.read("de blinde zei iets").understood or "")


def test_seeing_another_players_card_before_the_auction_is_16(store):
    # 003 (2017) art. 16: 'voordat het bieden begint, het zien van een kaart die aan een andere speler ... toebehoort'
    q = "ik zag voor het bieden een kaart van mijn lt"
    assert "het zien van een kaart" in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "16"


def test_a_card_seen_while_dealing_is_a_redeal_but_a_gesture_seen_is_not(store):
    # index (000) 'Geven ... Opnieuw geven 6, 86'
    read = store.searcher.reader.read
    assert "opnieuw geven" in (read("bij het geven lag er een kaart open").understood or "")
    assert "opnieuw geven" not in (read("ik zag dat hij een teken gaf").understood or "")


def test_asking_whether_someone_has_none_of_a_suit_is_61(store):
    # 000 inhoud art. 61 'Verzuimen te bekennen - informeren naar een verzaking'
    read = store.searcher.reader.read
    assert "informeren naar een verzaking" in (read("dummy vraagt of de leider geen harten meer heeft").understood or "")
    assert "informeren naar een verzaking" not in (read("ik vroeg wat geen bod betekende").understood or "")


def test_whether_to_tell_of_ones_own_sides_infraction_is_72(store):
    # index (000) 'Verborgen houden van overtreding 72'
    read = store.searcher.reader.read
    assert "verborgen houden van overtreding" in (read("moet ik melden dat mijn partner verzaakt heeft").understood or "")
    assert read("mag ik tegen mijn partner zeggen dat hij moet opletten").understood is None


def test_a_forced_pass_that_helped_the_offenders_is_23(store):
    # 001 art. 23A 'Gedwongen pas die schade toebrengt'
    q = "partner moest verplicht passen en daardoor zijn wij de dupe"
    assert "gedwongen pas die schade toebrengt" in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "23"


def test_a_redouble_without_a_double_is_36(store):
    # 002 art. 19B1 'Een speler mag alleen het laatst voorafgaande doublet redoubleren'; 000 inhoud art. 36
    assert "ontoelaatbaar doublet of redoublet" in (store.searcher.reader.read("herdubbel zonder dubbel").understood or "")


def test_ruffing_while_still_holding_the_suit_is_44(store):
    # 000 inhoud art. 44 'C. Verplichting om te bekennen'
    q = "mag ik troeven als ik nog klaveren heb"
    assert "verplichting om te bekennen" in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "44"


def test_the_director_giving_a_score_of_his_own_is_12(store):
    # 000 Omschrijvingen 'Arbitrale score: Een score die de wedstrijdleider naar eigen inzicht toekent (zie artikel 12)'
    q = "mag de wl zelf een score geven in plaats van de uitslag"
    assert "arbitrale score" in (store.searcher.reader.read(q).understood or "")
    assert store.searcher.search(q).results[0].article == "12"


def test_a_lead_made_because_one_was_told_it_was_ones_turn_is_47(store):
    # 000 art. 55A '... teruggenomen (na verkeerde informatie, zie artikel 47E1)'
    q = "de leider zei dat ik moest uitkomen maar het was niet mijn beurt"
    assert "terugnemen van gespeelde kaart" in (store.searcher.reader.read(q).understood or "")


def test_te_vroeg_is_early_but_vroeg_alone_is_asked(store):
    read = store.searcher.reader.read
    assert read("te vroeg voorgespeeld").understood == "voortijdig voorgespeeld"
    assert store.searcher.search("hij vroeg wat de biedingen betekenden").results[0].article == "20"


def test_an_event_knows_the_words_it_was_read_from(store):
    from indexer.query import QueryReader
    glossary = gloss.Glossary(gloss.load({"events": [EVENT]}))
    (event,) = [e for _, e in glossary.events]
    words = "partner bood 2 harten terwijl ik aan de beurt was".split()
    assert glossary.event_words(event, words) == {"bood", "terwijl", "beurt"}   # not 'b' of \b, not 'partner'
    plan = QueryReader(store.searcher.analysis, glossary, store.searcher.known).read(" ".join(words))
    assert [c.explains for c in plan.concepts if c.articles] == [{"bood", "terwijl", "beurt"}]


def test_an_event_row_that_does_not_compile_is_left_out_and_listed(corpus, tmp_path):
    import dataclasses

    from kb.corpus import read_tsv
    from kb.glossaries import coverage_lines, glossary_tables
    path = tmp_path / "events.tsv"
    path.write_text("pattern\tconcept\tarticles\treason\n\\bbod (voor\tbod voor de beurt\t31\tx\n"
                    "\\bgever\\b\tbod voor de beurt\t31\t000 art. 17\n", "utf-8")
    c = dataclasses.replace(corpus, glossaries=dict(corpus.glossaries, events=read_tsv(path)))
    assert [r["pattern"] for r in glossary_tables(c)["events"]] == [r"\bgever\b"]
    lines = coverage_lines(c, {"1997": ["31"]})
    assert any("events.tsv:2" in x and "geen geldige reguliere expressie" in x for x in lines), lines
    assert gloss.Glossary(gloss.load({"events": [dict(EVENT, pattern="(")]})).events == []


def test_situation_phrasings_are_indexed_on_their_section(store):
    from indexer.anchors import situation_texts
    artifact = dict(store.data, glossaries={"situations": [SITUATION, dict(SITUATION, article="23", section="A",
                                                                                 phrase="de pas benadeelde ons")]})
    texts = situation_texts(artifact)
    assert texts[("1997", "27", "B1")] == ["hij bood te laag en verbeterde het meteen ; onvoldoende bod verbeterd"]
    # 1997 has no text of article 23: its phrasings go where the text is
    assert ("1987", "23", "A") in texts and not any(k[:2] == ("1997", "23") for k in texts)


def test_the_artifact_carries_the_glossaries_and_the_index_has_their_fields(store):
    tables = store.data["glossaries"]
    assert {"abbreviations", "synonyms", "english", "situations", "events"} <= set(tables)
    assert all(r["line"] for rows in tables.values() for r in rows)
    assert store.searcher.impact.lists["anchors"]


def _corpus_with(corpus, tmp_path, text):
    import dataclasses

    from kb.corpus import read_tsv
    path = tmp_path / "situations.tsv"
    path.write_text(text, "utf-8")
    return dataclasses.replace(corpus, glossaries=dict(corpus.glossaries, situations=read_tsv(path)))


def test_a_partial_situation_file_keeps_its_good_rows_and_check_lists_the_rest(corpus, tmp_path):
    from kb.glossaries import coverage_lines, glossary_tables, situation_coverage
    header = "# article\tsection\tphrase\tconcept\tsource\treason\narticle\tsection\tphrase\tconcept\tsource\treason\n"
    good = "27\tB1\thij bood te laag\tonvoldoende bod\tclub\t27B1\n"
    c = _corpus_with(corpus, tmp_path, header + good + "99\t\tbestaat niet\tbod\tclub\tx\n31\t\tpartner bood voor")
    rows = glossary_tables(c)["situations"]
    assert [(r["article"], r["phrase"], r["line"]) for r in rows] == [("27", "hij bood te laag", 3)]
    cov = situation_coverage(c, {"1997": ["27", "31"]})
    assert cov["rows"] == 1 and "27" not in cov["missing"] and "31" in cov["missing"] and "bijlage" in cov["missing"]
    assert len(cov["skipped"]) == 2 and "situations.tsv:4" in cov["skipped"][0]
    lines = coverage_lines(c, {"1997": ["27"]})
    assert lines[0].startswith("Situaties") and any("ZONDER SITUATIES" in x for x in lines)
    empty = _corpus_with(corpus, tmp_path, header)
    assert glossary_tables(empty)["situations"] == []
    import dataclasses
    missing = dataclasses.replace(corpus, glossaries={k: v for k, v in corpus.glossaries.items() if k != "situations"})
    assert glossary_tables(missing)["situations"] == []


def test_a_situation_file_without_its_columns_is_an_error_with_file_and_line(corpus, tmp_path):
    from kb.corpus import CorpusError
    from kb.glossaries import glossary_tables
    c = _corpus_with(corpus, tmp_path, "article\tphrase\n27\thij bood te laag\n")
    with pytest.raises(CorpusError, match="situations.tsv.*concept"):
        glossary_tables(c)


def test_check_lists_articles_without_situations():
    from kb.check import run_check
    out = []
    run_check(ROOT / "corpus", out.append)
    line = next(x for x in out if x.startswith("Situaties"))
    assert "artikelen gedekt" in line


# ---------------------------------------------------------------- anchor text from the graph

def test_the_citing_sentence_describes_its_target(store):
    from indexer.anchors import reference_anchors
    anchors = reference_anchors(store.data)
    assert any("zie artikel 23 A" in a and "benadeelt" in a for a in anchors[("1987", "23", "A")])
    # a guide passage is anchor text of the section it explains
    assert any("denkpauze" in a.lower() for key, texts in anchors.items() if key[1] == "16" for a in texts)


def test_anchor_text_finds_its_section(store):
    # 'benadeelt' stands in 23A's incoming references; the search finds 23 by it
    results = store.searcher.search("pas benadeelt niet-overtredende partij", limit=5).results
    assert results and "23" in [r.article for r in results[:3]]
