"""The structure a director can trust: one table of contents per edition, placeholders for missing
sections, editions compared by content. Golden files: tests/golden/toc_<ed>.json and compare_pairs.json
(UPDATE_GOLDEN=1 rewrites them; review the diff against the sources)."""
from __future__ import annotations

import pytest

from kb.compare import compare_articles
from test_kb import check_golden

COMPARED = [("1987", "1997", str(n)) for n in range(23, 41)] + [("1997", "2017", n) for n in ("16", "19", "77")]


def nodes(tree, trail=()):
    for node in tree:
        yield node, trail
        yield from nodes(node["children"], trail + (node,))


def outline(tree):
    return [{"kind": n["kind"], "number": n["number"], "title": n["title"], "title_from": n["title_from"],
             "inferred": n["inferred"], "children": outline(n["children"])} for n in tree]


@pytest.mark.parametrize("edition", ["1987", "1997", "2017"])
def test_golden_toc(kb, edition):
    check_golden(f"toc_{edition}", outline(kb.toc[edition]))


@pytest.mark.parametrize("edition", ["1987", "1997", "2017"])
def test_each_heading_once_each_article_once(kb, edition):
    found = list(nodes(kb.toc[edition]))
    articles = [n["number"] for n, _ in found if n["kind"] == "artikel"]
    assert articles and sorted(articles) == sorted(kb.articles[edition])
    heads = [tuple((h["kind"], h["number"]) for h in trail) + ((n["kind"], n["number"]),)
             for n, trail in found if n["kind"] != "artikel"]
    assert len(heads) == len(set(heads))
    assert all(n["inferred"] is bool(n["reason"]) for n, _ in found)  # inferred always with its reason


def paragraaf_of(kb, edition):
    return {n["number"]: next((h["number"] for h in reversed(t) if h["kind"] == "paragraaf"), None)
            for n, t in nodes(kb.toc[edition]) if n["kind"] == "artikel"}


def test_1997_parts_as_the_sources_print_them(kb):
    par = paragraaf_of(kb, "1997")
    assert {par[str(n)] for n in range(28, 36)} == {"IV"} and par["36"] == "V" and par["27"] == "III"
    deel = next(n for n, t in nodes(kb.toc["1997"]) if n["kind"] == "deel" and n["number"] == "II"
                and t[-1]["number"] == "V")
    assert deel["inferred"] and deel["title_from"] == "1987" and deel["title"] == "Onregelmatigheden"
    assert [c["number"] for c in deel["children"]][:2] == ["23", "I"]  # 23 before paragraaf I, as in 1987
    a23 = next(n for n, _ in nodes(kb.toc["1997"]) if n["kind"] == "artikel" and n["number"] == "23")
    assert a23["title_from"] == "1987" and a23["title"] == "Onregelmatige pas die schade toebrengt"
    hoofdstuk_v = [n for n, _ in nodes(kb.toc["1997"]) if n["kind"] == "hoofdstuk" and n["number"] == "V"]
    assert len(hoofdstuk_v) == 1 and hoofdstuk_v[0]["title"] == "Het bieden"


def test_1987_paragraphs_from_its_template(kb):
    par = paragraaf_of(kb, "1987")
    assert {par[str(n)] for n in range(28, 36)} == {"IV"} and par["36"] == "V" and par["40"] == "VI"
    assert not any(n["inferred"] for n, _ in nodes(kb.toc["1987"]) if n["kind"] != "artikel")


def test_2017_gives_no_headings(kb):
    assert [n["kind"] for n in kb.toc["2017"]] == ["artikel"] * len(kb.articles["2017"])
    a19 = next(n for n in kb.toc["2017"] if n["number"] == "19")
    assert a19["title_from"] == "1997"  # the extract lacks the heading; the curated title is 1997's


def test_golden_compare_pairs(store):
    pairs = {f"{n} {van}/{naar}": compare_articles(store.article(van, n), store.article(naar, n))
             for van, naar, n in COMPARED}
    assert all(pairs.values())
    check_golden("compare_pairs", pairs)


def test_compare_by_content_not_by_label(store):
    pairs = {(p["van"], p["naar"]): p for p in compare_articles(store.article("1987", "27"), store.article("1997", "27"))}
    assert pairs["27A", "27A"]["change"] == "same"
    assert pairs["27B4", "27B3"]["change"] == "renumbered" and pairs["27B4", "27B3"]["similarity"] > 0.9
    assert ("27B3", "27B3") not in pairs and pairs["27B1", "27B1"]["change"] == "no_text"
    everyone = [p["van"] for p in pairs.values() if p["van"]]
    assert len(everyone) == len(set(everyone))
    a16 = {(p["van"], p["naar"]) for p in compare_articles(store.article("1997", "16"), store.article("2017", "16"))}
    assert ("16A", "16B") in a16  # 2017 inserted a new A: 'van de zijde van de partner' is B now


def test_similarity_counts_title_changes(store):
    pairs = {p["van"]: p for p in compare_articles(store.article("1987", "25"), store.article("1997", "25"))}
    assert pairs["25A"]["change"] == "changed" and pairs["25A"]["similarity"] < 1


def test_toc_api(client):
    body = client.get("/api/v1/toc/1997").get_json()
    assert body["edition"] == "1997" and body["toc"][0]["kind"] == "hoofdstuk"
    assert set(body["toc"][0]) >= {"kind", "number", "title", "title_from", "inferred", "children"}
    resp = client.get("/api/v1/toc/1800")
    assert resp.status_code == 404 and "error" in resp.get_json()


@pytest.mark.parametrize("query,status", [("?van=1987&naar=1997", 200), ("?van=1987", 400), ("?van=1987&naar=2999", 400),
                                          ("?van=1987&naar=2017", 404)])
def test_compare_api(client, query, status):
    resp = client.get("/api/v1/compare/27" + query)
    assert resp.status_code == status, resp.get_json()
    body = resp.get_json()
    if status == 200:
        assert body["article"] == "27" and ("27A", "27A") in {(p["van"], p["naar"]) for p in body["pairs"]}
        assert all(0 <= p["similarity"] <= 1 for p in body["pairs"])
    else:
        assert body["error"]


def test_placeholder_and_citation_jumps(client):
    resp = client.get("/1997/artikel/27B2")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/1997/artikel/27#27B2")
    page = client.get("/1997/artikel/27").get_data(as_text=True)
    start = page.index('id="27B2"')
    assert "tekst niet in de bron" in page[start:start + 1500] and "/1987/artikel/27#27B2" in page[start:start + 1500]
    resp = client.get("/1997/artikel/27Z9")
    assert resp.status_code == 404
    assert "/1997/artikel/27#27B" in resp.get_data(as_text=True)
    assert client.get("/artikel/27Z9").status_code == 404
    resp = client.get("/zoeken?q=12C1")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("#12C1")


def test_compare_page_says_renumbered(client):
    page = client.get("/vergelijk/27?van=1987&naar=1997").get_data(as_text=True)
    assert "27B4 → 27B3" in page and "was 27B4 in 1987" in page


def test_edition_page_renders_the_tree(client):
    page = client.get("/1997/").get_data(as_text=True)
    assert page.count(">Hoofdstuk V <") == 1 and page.count("JUISTE GANG VAN ZAKEN") == 1
    assert "titel uit 1987" in page and "kop afgeleid, niet in de bron" in page


def test_keyword_index_three_levels_and_see_links(client):
    page = client.get("/trefwoorden").get_data(as_text=True)
    beurt = page[page.index('id="tw-beurt"'):]
    beurt = beurt[:beurt.index("</dd>")]
    assert 'class="term-group">Bieden<' in beurt and 'class="subsub"' in beurt  # Beurt › Bieden › …
    assert 'id="tw-beurt--bieden--bod-voor-de-beurt"' in beurt
    see = page[page.index('id="tw-dummy"'):]
    assert '<a href="#tw-blinde">Blinde</a>' in see[:600]  # 'Dummy zie Blinde' links the entry
    assert "<em>" not in page.split('class="az"')[1].split("</main>")[0].replace("<em>titel", "")  # no dead 'zie'


def test_guide_table_has_a_header_row(client):
    page = client.get("/gids/voorbeeld-denkpauze-van-partner").get_data(as_text=True)
    assert '<thead><tr><th scope="col">Z</th>' in page and "|---" not in page and "<td>---</td>" not in page


def test_preview_strips_table_markup(client):
    text = client.get("/api/v1/preview?cite=77&edition=2017").get_json()["text"]
    assert "|" not in text and "Trekpunten" in text


@pytest.mark.parametrize("column,value,words", [("starts_with", "PARAGRAAF IX Iets anders", "does not start with"),
                                                 ("title_from", "2017", "prints no deel II"),
                                                 ("reason", "", "needs its reason")])
def test_curated_structure_is_checked_against_the_sources(tmp_path, column, value, words):
    import shutil

    from kb.assemble import build_knowledge_base
    from kb.corpus import CorpusError, load_corpus
    from test_corpus_errors import ROOT, set_cell
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    line = set_cell(tmp_path / "corpus" / "annotations" / "toc.tsv", column, value)
    with pytest.raises(CorpusError) as err:
        build_knowledge_base(load_corpus(tmp_path / "corpus"))
    assert "toc.tsv" in str(err.value) and f":{line}" in str(err.value) and words in str(err.value)
