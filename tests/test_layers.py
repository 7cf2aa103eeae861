"""The layer module (kb/layers.py): every layer in one shape of stand-off spans, overlaps resolved once at
build time, stored beside each block's text in kb.json."""
from __future__ import annotations

import json
from types import SimpleNamespace

from builder import current_dir
from kb.layers import LAYERS, Block, KeywordLinks, Layering, footnote_marker, keyword_pattern, resolve
from kb.model import Article, Definition, Footnote, KeywordEntry, Reference, Section, Source
from kb.text import keyword_anchor
from kb.toc_tree import text_blocks

TEXT = "De leider past artikel 12 1) toe."


def small_kb():
    art = Article(edition="1997", number="12", text=TEXT,
                  sections=[Section(id="12A", label="A", text="Een leider en nog een leider.")],
                  footnotes=[Footnote(number="1", text="Zie ook de leider.", source=Source("x.txt", 3))])
    ref = Reference(edition="1997", article="12", section="", field="text", start=15, end=25, text="artikel 12",
                    sentence=TEXT, kind="absolute", to_edition="1997", to_article="12", to_section="",
                    status="resolved")
    overlapping = Reference(edition="1997", article="12", section="", field="text", start=3, end=9, text="leider",
                            sentence=TEXT, kind="absolute", to_edition="1997", to_article="81", to_section="",
                            status="no_text", reason="artikel 81 heeft geen tekst")
    leider = Definition(term="Leider", text="De wedstrijdleider.", edition="1997", source=Source("x.txt", 1))
    return SimpleNamespace(articles={"1997": {"12": art}}, references=[ref, overlapping], definitions=[leider],
                           default_edition="1997")


def test_one_shape_and_the_overlap_rule():
    spans = Layering(small_kb()).spans(Block("1997", "12", "text", "", TEXT))
    assert [s["layer"] for s in spans] == ["reference", "reference", "footnote"]  # sorted by start
    assert [TEXT[s["start"]:s["end"]] for s in spans] == ["leider", "artikel 12", "1)"]
    assert spans[0] == {"layer": "reference", "start": 3, "end": 9, "to_edition": "1997", "to_article": "81",
                        "to_section": "", "status": "no_text", "reason": "artikel 81 heeft geen tekst"}
    assert spans[2] == {"layer": "footnote", "start": 26, "end": 28, "number": "1"}
    # the defined term's first use in the article is the intro's 'leider', where the reference wins: it is
    # not moved to the section, and the section's own uses are no first use
    assert Layering(small_kb()).spans(Block("1997", "12", "text", "A", "Een leider en nog een leider.")) == []


def test_a_defined_term_where_no_reference_stands():
    kb = small_kb()
    kb.references = []
    spans = Layering(kb).spans(Block("1997", "12", "text", "", TEXT))
    assert [(s["layer"], TEXT[s["start"]:s["end"]]) for s in spans] == [("definition", "leider"), ("footnote", "1)")]
    assert spans[0]["term"] == "Leider"


def test_resolve_ranks_layers_then_start_then_length():
    assert [layer.name for layer in LAYERS] == ["reference", "footnote", "definition", "keyword"]
    term = {"layer": "definition", "start": 0, "end": 10, "term": "x"}
    marker = {"layer": "footnote", "start": 8, "end": 10, "number": "1"}
    short, long = ({"layer": "reference", "start": 2, "end": e} for e in (4, 6))
    assert resolve([term, marker]) == [marker]
    assert resolve([short, long, term]) == [long]
    assert resolve([marker, short]) == [short, marker]


def test_footnote_markers_as_the_sources_print_them():
    assert footnote_marker("een andere ¹⁾ bieding", "1", []) == (11, 13)
    text = "alle 2) biedingen, 2) weer"
    assert footnote_marker(text, "2", []) == (5, 7)
    assert footnote_marker(text, "2", [(5, 7)]) == (19, 21)  # never inside a span taken already
    assert footnote_marker("een bod* hier", "*", []) == (7, 8)
    assert footnote_marker("artikel 12) zonder spatie", "1", []) is None


def test_a_footnote_block_and_a_guide_passage_carry_no_markers():
    layering = Layering(small_kb())
    assert layering.spans(Block("1997", "12", "footnote:1", "", "Zie ook de leider 1).")) == []
    assert layering.spans(Block("", "", "guide:intro", "", "1) leider")) == []


def test_every_block_of_the_build_has_its_layers(data_dir):
    artifact = json.loads((current_dir(data_dir) / "kb.json").read_text("utf-8"))
    blocks = [b for art in artifact["articles"].values()
              for b in (*text_blocks(art), *art["footnotes"], *art["unplaced"])]
    blocks += artifact["definitions"] + artifact["guide"]
    assert "defined_terms" not in artifact and "graph" not in artifact
    seen = set()
    for b in blocks:
        ends = [(s["start"], s["end"]) for s in b["layers"]]
        assert ends == sorted(ends)
        assert all(0 <= a < z <= len(b["text"]) for a, z in ends)
        assert all(z <= a2 for (_, z), (a2, _) in zip(ends, ends[1:]))  # no overlaps left
        seen |= {s["layer"] for s in b["layers"]}
    assert len(blocks) > 500 and seen == {"reference", "footnote", "definition", "keyword"}
    fn = artifact["articles"]["1987/26"]["sections"]
    marked = [s for s in fn if any(x["layer"] == "footnote" for x in s["layers"])]
    assert marked, "1987 article 26 carries footnote markers"
    refs = {(r["edition"], r["article"], r["field"], r["start"]) for r in artifact["references"]}
    spans = {(a["edition"], a["article"], s["start"]) for a in artifact["articles"].values()
             for b in text_blocks(a) for s in b["layers"] if s["layer"] == "reference"}
    assert spans and all((e, n, "text", start) in refs for e, n, start in spans)


def entry(*path: str, articles=("12",)) -> KeywordEntry:
    return KeywordEntry(term=path[-1], path=list(path), articles=list(articles), see=[], see_also=[],
                        source=Source("000.txt", 9))


def keyword_kb(intro: str, sections: dict[str, str], *entries: KeywordEntry):
    art = Article(edition="1997", number="12", text=intro,
                  sections=[Section(id="12" + k, label=k, text=v) for k, v in sections.items()])
    return SimpleNamespace(articles={"1997": {"12": art}}, references=[], definitions=[], keywords=list(entries),
                           default_edition="1997")


def keyword_spans(kb, section: str, text: str) -> list[tuple[str, str, str]]:
    return [(text[s["start"]:s["end"]], s["entry"], s["anchor"])
            for s in Layering(kb).spans(Block("1997", "12", "text", section, text)) if s["layer"] == "keyword"]


def test_a_keyword_entry_is_linked_where_its_article_words_it_first_in_each_block():
    intro, a = "Een ONVOLDOENDE  bod, daarna nog een onvoldoende bod.", "Het onvoldoende bod wordt geaccepteerd."
    kb = keyword_kb(intro, {"A": a}, entry("Bod", "Onvoldoende bod"))
    link = ("Bod › Onvoldoende bod", "tw-bod--onvoldoende-bod")
    assert keyword_spans(kb, "", intro) == [("ONVOLDOENDE  bod", *link)]  # case folded, the first one only
    assert keyword_spans(kb, "A", a) == [("onvoldoende bod", *link)]      # and once in every block
    span = Layering(kb).spans(Block("1997", "12", "text", "", intro))[0]
    assert span == {"layer": "keyword", "start": 4, "end": 20, "entry": "Bod › Onvoldoende bod",
                    "anchor": "tw-bod--onvoldoende-bod"}
    other = keyword_kb(intro, {}, entry("Bod", "Onvoldoende bod", articles=["13"]))
    assert keyword_spans(other, "", intro) == []  # an entry links only in the articles it names


def test_a_keyword_never_matches_inside_a_word_but_folds_accents_and_plurals():
    assert keyword_pattern("Kaart").search("een strafkaart en kaartje") is None
    assert keyword_pattern("Kaart").search("de kaarten").group() == "kaarten"  # plural of a word of 5+ letters
    assert keyword_pattern("Bod").search("boden") is None                      # a short word: no plural
    assert keyword_pattern("Geëiste slagen").search("de geeiste slagen").group() == "geeiste slagen"
    assert keyword_pattern("Accepteren van").pattern == keyword_pattern("Accepteren").pattern  # 'van' dropped
    assert keyword_pattern("Strafkaart(en)").search("strafkaarten")
    assert keyword_pattern("Na") is None  # too short to say anything
    text = "Één Strafkaart is géén kaart."
    kb = keyword_kb(text, {}, entry("Kaart"), entry("Één strafkaart"))
    assert keyword_spans(kb, "", text) == [("Één Strafkaart", "Één strafkaart", "tw-een-strafkaart"),
                                           ("kaart", "Kaart", "tw-kaart")]


def test_the_headword_stands_in_only_where_the_article_lacks_the_entry_words_and_only_once():
    intro, a = "Over de blinde.", "De blinde speelt."
    kb = keyword_kb(intro, {"A": a}, entry("Blinde", "Onvolledige aanduiding van kaart"))
    assert keyword_spans(kb, "", intro) == [("blinde", "Blinde › Onvolledige aanduiding van kaart",
                                             "tw-blinde--onvolledige-aanduiding-van-kaart")]
    assert keyword_spans(kb, "A", a) == []
    kb = keyword_kb(intro, {"A": "De aanduiding van kaart door de blinde."},
                    entry("Blinde", "Aanduiding van kaart"))
    assert keyword_spans(kb, "", intro) == []  # the entry's own words stand in section A
    assert keyword_spans(kb, "A", "De aanduiding van kaart door de blinde.")[0][0] == "aanduiding van kaart"


def test_a_short_one_word_sub_entry_needs_its_headword_beside_it():
    intro, a = "Op onjuiste wijze.", "Een doublet op de juiste wijze."
    kb = keyword_kb(intro, {"A": a}, entry("Doublet", "Wijze"))
    assert keyword_spans(kb, "", intro) == []
    assert keyword_spans(kb, "A", a) == [("wijze", "Doublet › Wijze", "tw-doublet--wijze")]  # beside "doublet"
    text = "Op basis van matchpunten, na een verzaking."
    kb = keyword_kb(text, {}, entry("Scoren", "Matchpunten"), entry("Bekennen", "Verzaking"), entry("Verzaking"))
    assert [w for w, _, _ in keyword_spans(kb, "", text)] == ["matchpunten", "verzaking"]  # long, or a headword


def test_a_keyword_never_overlaps_a_reference_or_a_defined_term():
    kb = small_kb()
    kb.keywords = [entry("Leider"), entry("Artikel")]
    # the intro's first 'leider' is a reference: the keyword takes no other one; 'artikel' is in a reference
    assert keyword_spans(kb, "", TEXT) == []
    kb.references = []
    spans = Layering(kb).spans(Block("1997", "12", "text", "", TEXT))
    assert [(s["layer"], TEXT[s["start"]:s["end"]]) for s in spans] == [
        ("definition", "leider"), ("keyword", "artikel"), ("footnote", "1)")]
    # in section A no defined term is used first, so the keyword links its first 'leider'
    assert keyword_spans(kb, "A", "Een leider en nog een leider.") == [("leider", "Leider", "tw-leider")]
    assert KeywordLinks(SimpleNamespace(articles={}, default_edition="1997")).by_block == {}  # no index: no links


def test_the_artifact_carries_the_keyword_links(data_dir):
    artifact = json.loads((current_dir(data_dir) / "kb.json").read_text("utf-8"))
    anchors = {keyword_anchor(k["path"]): " › ".join(k["path"]) for k in artifact["keywords"]}
    found = [(art, b, s) for art in artifact["articles"].values() for b in text_blocks(art)
             for s in b["layers"] if s["layer"] == "keyword"]
    assert 40 <= len(found) <= 200
    for art, b, s in found:
        assert art["edition"] == artifact["default_edition"]
        assert anchors[s["anchor"]] == s["entry"]
        assert keyword_pattern(s["entry"].split(" › ")[-1]) or keyword_pattern(s["entry"].split(" › ")[0])
    per_article: dict[str, int] = {}
    for art, _, _ in found:
        per_article[art["article"]] = per_article.get(art["article"], 0) + 1
    assert max(per_article.values()) <= 25  # pages stay light
    art18 = artifact["articles"]["1997/18"]
    words = {b["text"][s["start"]:s["end"]].lower() for b in text_blocks(art18) for s in b["layers"]
             if s["layer"] == "keyword"}
    assert {"voldoende bod", "onvoldoende bod"} <= words
