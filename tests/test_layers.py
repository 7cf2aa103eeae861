"""The layer module (kb/layers.py): every layer in one shape of stand-off spans, overlaps resolved once at
build time, stored beside each block's text in kb.json."""
from __future__ import annotations

import json
from types import SimpleNamespace

from builder import current_dir
from kb.layers import LAYERS, Block, Layering, footnote_marker, resolve
from kb.model import Article, Definition, Footnote, Reference, Section, Source
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
    assert [layer.name for layer in LAYERS] == ["reference", "footnote", "definition"]
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
    assert len(blocks) > 500 and seen == {"reference", "footnote", "definition"}
    fn = artifact["articles"]["1987/26"]["sections"]
    marked = [s for s in fn if any(x["layer"] == "footnote" for x in s["layers"])]
    assert marked, "1987 article 26 carries footnote markers"
    refs = {(r["edition"], r["article"], r["field"], r["start"]) for r in artifact["references"]}
    spans = {(a["edition"], a["article"], s["start"]) for a in artifact["articles"].values()
             for b in text_blocks(a) for s in b["layers"] if s["layer"] == "reference"}
    assert spans and all((e, n, "text", start) in refs for e, n, start in spans)
