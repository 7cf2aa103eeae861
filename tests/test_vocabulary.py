"""The situation vocabulary (corpus/glossary/situations.tsv, events.tsv) and the anchor text from the graph: rows
map their phrases to their concepts, event patterns to their articles, phrasings and citing sentences are fields
of their section, and bad rows are listed with file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from indexer import glossary as gloss
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
