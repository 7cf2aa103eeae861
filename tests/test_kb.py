"""The knowledge base: parser outputs against golden files, and the facts the sources settle.

Golden files live in tests/golden/. After a deliberate change of parser output, rewrite them with
UPDATE_GOLDEN=1 python -m pytest tests/test_kb.py and review the diff."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kb.assemble import build_knowledge_base
from kb.corpus import CorpusError, load_corpus
from kb.parse_bullets import parse_bullets
from kb.parse_guide import parse_guide
from kb.parse_index import parse_index
from kb.parse_wiki import parse_wiki

GOLDEN = Path(__file__).parent / "golden"


def section_view(s):
    return {"id": s.id, "title": s.title, "text": s.text, "lines": [x.line for x in s.sources],
            "cut": [[x.starts_mid, x.ends_open] for x in s.sources if x.starts_mid or x.ends_open],
            "children": [section_view(c) for c in s.children]}


def article_view(a):
    return {"edition": a.edition, "number": a.number, "title": a.title, "text": a.text,
            "headings": [f"{h.kind} {h.number} {h.title}" for h in a.headings], "complete": a.complete,
            "known_from": a.known_from, "sections": [section_view(s) for s in a.sections],
            "footnotes": [[f.number, f.text, f.markers] for f in a.footnotes],
            "unplaced": [u["text"] for u in a.unplaced]}


def check_golden(name: str, value) -> None:
    path = GOLDEN / f"{name}.json"
    text = json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, "utf-8")
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"golden file {path.name} was missing and has been written; review and commit it")
    assert json.loads(text) == json.loads(path.read_text("utf-8")), f"{name} differs from {path}"


def test_golden_wiki_1987(corpus):
    arts = parse_wiki(corpus.source("001"))
    check_golden("001_wiki_1987", [article_view(a) for a in arts.values()])


def test_golden_wiki_1997(corpus):
    arts = parse_wiki(corpus.source("002"))
    check_golden("002_wiki_1997", [article_view(a) for a in arts.values()])


def test_golden_bullets_2017(corpus):
    arts = parse_bullets(corpus.source("003"), corpus.annotations["003_structure"])
    check_golden("003_bullets_2017", [article_view(a) for a in arts.values()])


def test_golden_guide(corpus):
    passages = parse_guide(corpus.source("004"), corpus.annotations["004_guide"])
    check_golden("004_guide", [{"id": p.id, "title": p.title, "level": p.level, "topic": p.topic,
                                "line": p.source.line, "explains": p.explains, "text": p.text} for p in passages])


def test_golden_chunks_1997(kb):
    arts = [article_view(a) for n, a in sorted(kb.articles["1997"].items(), key=lambda x: (len(x[0]), x[0]))]
    check_golden("000_chunks_1997", {
        "articles": arts,
        "placements": [[p.line, p.article, list(p.path) if p.path is not None else None, p.how, p.certain]
                       for p in kb.placements],
        "definitions": [[d.term, d.text, d.source.line, d.fragment] for d in kb.definitions],
        "frontmatter": [[f["id"], f["text"][:80]] for f in kb.frontmatter],
    })


def test_golden_keyword_index(corpus):
    src = corpus.source("000")
    lines = [(n, src.line(n)) for n in range(111, 137)]
    entries, problems = parse_index(lines, src.name, corpus.annotations["000_index"])
    assert problems == []
    check_golden("000_index", [[e.source.line, e.path, e.articles, e.see, e.see_also, e.fragment] for e in entries])


def test_golden_references(kb):
    check_golden("references", [[r.edition, r.article + r.section, r.field, r.text, r.kind,
                                 f"{r.to_edition}:{r.to_article}{r.to_section}", r.status] for r in kb.references])


# ---------------------------------------------------------------- facts the sources settle


def text_of(article):
    return " ".join([article.text] + [s.text for s in article.walk()] + [u["text"] for u in article.unplaced])


def test_suit_glyphs_are_mapped_in_000_only(kb):
    assert "schoppen (♠), harten (♥), ruiten (♦), klaveren (♣)" in kb.articles["1997"]["1"].text
    assert "2♦ niet conventioneel" in text_of(kb.articles["1997"]["75"])
    # in 001 '§ I' is a paragraph sign: a heading, never a suit
    assert any(h.kind == "paragraaf" and h.number == "I" for h in kb.articles["1987"]["24"].headings)
    assert "♥" not in text_of(kb.articles["1987"]["24"])


def targets(kb, edition, number):
    return [r.to_article + r.to_section for r in kb.references if r.edition == edition and r.article == number]


def test_references_of_1987_31_and_1997_21(kb):
    assert set(targets(kb, "1987", "31")) == {"29", "31A2b", "23A", "26", "25"}
    assert targets(kb, "1997", "21") == ["17E", "21B1", "16C", "40C"]


def test_nothing_is_dropped_or_unresolved_silently(kb):
    assert all(r.status in ("resolved", "article_only", "no_text", "unresolved") for r in kb.references)
    assert all(r.reason for r in kb.references if r.status != "resolved")
    assert sum(r.status == "resolved" for r in kb.references) > 90


def test_headless_chunks_land_in_their_articles(kb):
    a12 = text_of(kb.articles["1997"]["12"])
    assert "De scores, toegekend aan beide partijen, hoeven niet complementair te zijn" in a12
    assert "complementair" not in text_of(kb.articles["1997"]["11"])
    assert kb.articles["1997"]["50"].find("50D").title == "Behandeling van grote strafkaart"
    assert kb.articles["1997"].get("49").find("49D") is None
    assert kb.articles["1997"]["45"].find("45C4").text.startswith("die tegenstander de aldus gespeelde kaart")
    assert kb.articles["1997"]["29"].find("29B") is not None  # 1987's 29A text, numbered B in 1997 by its markers
    assert not [p for p in kb.placements if p.how == "continuity"]


def test_every_text_block_knows_its_source(kb):
    assert sorted(kb.articles) == ["1987", "1997", "2017"] and all(kb.articles.values())
    for edition, arts in kb.articles.items():
        for art in arts.values():
            if art.text:
                assert art.sources and all(s.file and s.line for s in art.sources), (edition, art.number)
            for s in art.walk():
                if s.text:
                    assert s.sources and all(x.file and x.line for x in s.sources), s.id
                    covered = sum(x.end - x.start for x in s.sources)
                    assert covered >= len(s.text) - len(s.sources), s.id


def test_fragments_and_completeness(kb):
    assert kb.articles["1987"]["31"].complete and kb.articles["1997"]["20"].complete
    assert kb.articles["1997"]["33"].complete  # heading and the next article's heading in one chunk
    assert not kb.articles["1997"]["27"].complete
    assert not kb.articles["2017"]["77"].complete  # the score table without its numbers
    assert not kb.articles["2017"]["16"].complete  # C2 is missing from the extract
    assert kb.articles["1997"]["12"].find("12A1").sources[0].starts_mid
    assert kb.articles["1997"]["2"].known_from == ["toc", "index"] and not kb.articles["1997"]["2"].has_text
    assert kb.articles["1987"]["19"].known_from == ["reference"]


def test_2017_extract(kb):
    a19 = kb.articles["2017"]["19"]
    assert a19.title == "Doublet en redoublet" and a19.title_source == "curated"
    assert [s.id for s in a19.sections] == ["19A", "19B", "19C", "19D"]
    a16 = kb.articles["2017"]["16"]
    assert a16.find("16D2c") and a16.find("16C3")
    assert a16.find("16C2").text == "" and a16.find("16C2").known_from == ["numbering"]  # the extract skips C2
    assert "Noot: Het Bondsbestuur heeft dit niet verboden." in a16.find("16B2").text
    assert not a16.find("16B2").text.endswith("logisch alternatief is.")  # the glued duplicate is dropped


def test_footnotes_are_tied_to_their_markers(kb):
    fn = {f.number: f for f in kb.articles["1987"]["31"].footnotes}
    assert fn["1"].markers == ["31A2"] and fn["2"].markers == ["31B"]
    assert {f.number: f.markers for f in kb.articles["1997"]["20"].footnotes}["2"] == ["20F1", "20F2"]


def test_keyword_index(kb):
    by_path = {tuple(k.path): k for k in kb.keywords}
    assert by_path[("Accepteren van", "Onvoldoende bod")].articles == ["27"]
    assert by_path[("Dummy",)].see == ["Blinde"]
    assert by_path[("Afspraken tussen partners", "Afwijken van afspraken tussen partners")].articles == ["75"]
    assert by_path[("Anderszins verkregen informatie",)].see_also == ["Informatie"]
    assert by_path[("Straffen", "Door spelers zelf")].articles == ["10"]
    assert by_path[("Beurt", "Bieden", "Bod voor de beurt")].articles == ["27", "31"]
    assert by_path[("Verzaking", "Voldongen worden")].articles == ["63", "67"]  # curated headword


def test_definitions(kb):
    defs = {d.term: d for d in kb.definitions}
    assert defs["Kleur"].text.startswith("Eén van de vier groepen")
    assert "(♠)" in defs["Kleur"].text
    assert defs["RT"].text == "Rechtertegenstander"
    assert defs["Conventie"].fragment
    assert "(In Vlaanderen: herdubbel)" in defs["Redoublet"].text


def test_guide_passages_link_to_articles(kb):
    by_title = {p.title: p for p in kb.guide}
    assert by_title["Onvoldoende bod"].explains == ["27"]
    assert by_title["Behandeling kleine strafkaart"].explains == ["50C"]
    assert by_title["Onvoldoende bod"].text.startswith("Een voorbeeld van een onvoldoende bod")


def test_a_curated_row_that_no_longer_matches_fails_with_its_file_and_line(tmp_path):
    import shutil
    root = Path(__file__).resolve().parent.parent / "corpus"
    shutil.copytree(root, tmp_path / "corpus")
    path = tmp_path / "corpus" / "annotations" / "000_chunks.tsv"
    rows = path.read_text("utf-8").replace("deze specifieke overtreding van de Spelregels", "iets anders")
    path.write_text(rows, "utf-8")
    with pytest.raises(CorpusError) as err:
        build_knowledge_base(load_corpus(tmp_path / "corpus"))
    assert "000_chunks.tsv" in str(err.value) and ":" in str(err.value)
