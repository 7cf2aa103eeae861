"""The HTML pages (issue 4): every route, redirect and 404, with the real corpus."""
from __future__ import annotations

import html
import re

import pytest

from web.render import reference_map, render_block, word_diff


def get(client, url, status=200):
    r = client.get(url)
    assert r.status_code == status, (url, r.status_code, r.data[:300])
    return r.get_data(as_text=True)


def walk(sections):
    for s in sections:
        yield s
        yield from walk(s["children"])


# ---------------------------------------------------------------- every article page, every section id

def test_every_article_renders_with_its_section_ids(client, store):
    assert len(store.articles) > 100 and sum(len(list(walk(a["sections"]))) for a in store.articles.values()) > 300
    for key, art in store.articles.items():
        edition, number = key.split("/")
        page = get(client, f"/{edition}/artikel/{number}")
        for s in walk(art["sections"]):
            assert f'id="{s["id"]}"' in page, (key, s["id"])
        assert f'id="{number}"' in page
        assert "<script>" not in page and " style=" not in page  # CSP: no inline scripts or styles


def test_every_edition_lists_all_its_articles(client, store):
    assert store.edition_ids == ["1987", "1997", "2017"] and all(store.editions[e]["articles"] for e in store.edition_ids)
    for e in store.edition_ids:
        page = get(client, f"/{e}/")
        for n in store.editions[e]["articles"]:
            assert f'href="/{e}/artikel/{n}"' in page


def test_edition_page_states(client):
    page = get(client, "/1997")  # without the slash too
    assert "Hoofdstuk V" in page and 'id="hoofdstuk-v"' in page
    row = page[page.index('href="/1997/artikel/2"'):][:400]
    assert "alleen de titel" in row
    row = page[page.index('href="/1997/artikel/27"'):][:400]
    assert "fragmenten" in row
    row = get(client, "/1987/")
    assert "volledige tekst" in row[row.index('href="/1987/artikel/26"'):][:400]


# ---------------------------------------------------------------- article content

def test_article_1_has_the_suits(client):
    page = get(client, "/1997/artikel/1")
    assert "schoppen (♠)" in page and "klaveren (♣)" in page
    assert "Het spel kaarten" in page


def test_article_75_has_the_example_with_its_unplaced_notice(client):
    page = get(client, "/1997/artikel/75")
    assert "2♦" in page
    assert "Bij dit artikel, plaats onbekend" in page
    assert "Dit fragment begint midden in het lid" in page


def test_article_27_sections_fragments_sources(client):
    page = get(client, "/1997/artikel/27")
    for sid in ("27A", "27B", "27B1", "27B3", "27C"):
        assert f'id="{sid}"' in page
        assert f'href="#{sid}"' in page  # visible permalink
    assert "Accepteren van onvoldoende bod" in page
    assert "De tekst kan hierna doorgaan" in page  # 27C ends open
    assert "tekst niet in de bron" in page  # 27B1 is an empty fragment
    assert 'id="27B2"' in page and 'href="/1987/artikel/27#27B2"' in page  # the gap, linked to 1987
    assert "000_48d6a93a0c75e5bf.txt" in page and "regel 49" in page
    assert "niet volledig in de bron" in page


def test_references_are_links_with_preview_data(client):
    page = get(client, "/1997/artikel/27")
    m = re.search(r'<a class="ref ref-resolved" href="/1997/artikel/31" data-cite="31" data-edition="1997">artikel 31</a>',
                  page)
    assert m, "27C's reference to article 31 is a link"


def test_reference_to_section_links_anchor(client):
    page = get(client, "/1987/artikel/35")
    assert re.search(r'class="ref ref-no_text"[^>]*data-cite="19"', page)  # 1987 has no text of 19
    page = get(client, "/1987/artikel/24")
    assert 'data-cite="23A"' in page and 'href="/1987/artikel/23#23A"' in page


def test_defined_terms_are_marked_with_their_definition(client, store):
    term, uses = next((term, uses) for term, uses in store.term_uses.items() if term in store.definitions)
    page = get(client, f"/1997/artikel/{uses[0]['article']}")
    d = store.definitions[term]
    assert f'data-term="{term}"' in page
    assert html.escape(d["text"], quote=True)[:40] in page


def test_footnotes_are_linked_both_ways(client):
    page = get(client, "/1987/artikel/26")
    assert 'id="fn-1"' in page and 'href="#fn-1"' in page and 'href="#fn-2"' in page
    assert "¹⁾" in page  # the marker as in the source
    assert 'href="#26B"' in page  # back from footnote 2 to the section that carries its marker


def test_title_only_and_reference_only_articles(client):
    page = get(client, "/1997/artikel/2")
    assert "Van dit artikel staat alleen de titel in de bron" in page
    assert "inhoudsopgave" in page
    page = get(client, "/1987/artikel/50")
    assert "Van dit artikel staat geen tekst in de bron" in page
    assert "verwijzingen in andere artikelen" in page


def test_notes_and_curated_placements_are_shown(client):
    page = get(client, "/2017/artikel/16")
    assert "Plaats afgeleid" in page  # a section note
    page = get(client, "/1997/artikel/12")
    assert "Plaats in het artikel door de redactie vastgesteld" in page


def test_see_also_panel(client):
    page = get(client, "/1987/artikel/26")
    assert "Verwijzingen naar dit artikel" in page
    assert "<mark>artikel 26</mark>" in page  # the citing sentence, the reference marked
    assert 'href="/1987/artikel/25#25B2a"' in page
    page = get(client, "/1997/artikel/27")
    assert "Accepteren van › Onvoldoende bod" in page
    assert 'href="/1987/artikel/27"' in page  # the same article in another edition
    assert 'href="/vergelijk/27?van=1987&amp;naar=1997"' in page
    assert 'href="/gids/onvoldoende-bod"' in page
    assert "Verwante artikelen" in page
    assert '<svg class="refmap"' in page and 'href="/1997/artikel/31" class="node"' in page


def test_copy_buttons_prev_next_breadcrumbs(client):
    page = get(client, "/1997/artikel/27")
    assert 'data-copy-label="artikel 27B3 (Spelregels 1997)"' in page
    assert 'data-copy-url="http://localhost/1997/artikel/27#27B3"' in page
    assert 'data-copy-label="artikel 27 (Spelregels 1997)"' in page
    assert re.search(r'href="/1997/artikel/26" rel="prev"', page)
    assert re.search(r'href="/1997/artikel/28" rel="next"', page)
    crumbs = page[page.index('class="crumbs"'):page.index("</nav>", page.index('class="crumbs"'))]
    assert "Spelregels 1997" in crumbs and "Paragraaf III" in crumbs and "Onvoldoende bod" in crumbs


# ---------------------------------------------------------------- redirects

@pytest.mark.parametrize("url,location", [
    ("/1997/artikel/27B2", "/1997/artikel/27#27B2"),
    ("/1997/artikel/27B1b", "/1997/artikel/27#27B1b"),
    ("/1997/artikel/027", "/1997/artikel/27"),
    ("/artikel/27B1b", "/1997/artikel/27#27B1b"),
    ("/artikel/27", "/1997/artikel/27"),
    ("/artikel/27%20B%201%20(b)", "/1997/artikel/27#27B1b"),
    ("/vergelijk/16", "/vergelijk/16?van=1997&naar=2017"),
    ("/vergelijk/27", "/vergelijk/27?van=1987&naar=1997"),
    ("/vergelijk/27?van=1987", "/vergelijk/27?van=1987&naar=1997"),
])
def test_redirects(client, url, location):
    r = client.get(url)
    assert r.status_code == 302, (url, r.status_code)
    assert r.headers["Location"].endswith(location), r.headers["Location"]


# ---------------------------------------------------------------- 404s that say what exists

def test_unknown_article_suggests_the_nearest(client):
    page = get(client, "/1997/artikel/99", 404)
    assert "Artikel 93" in page and 'href="/1997/artikel/93"' in page
    page = get(client, "/2017/artikel/27", 404)
    assert 'href="/1997/artikel/27"' in page  # the article in an edition that has it


def test_unknown_edition_and_paths(client):
    page = get(client, "/1999/", 404)
    assert 'href="/1997/"' in page and 'href="/2017/"' in page
    page = get(client, "/1999/artikel/27", 404)
    assert 'href="/1997/artikel/27"' in page
    page = get(client, "/trefwoord", 404)
    assert 'href="/trefwoorden"' in page
    page = get(client, "/bestaat/niet/hier", 404)
    assert "Niet gevonden" in page and 'href="/1997/"' in page
    get(client, "/artikel/999", 404)
    get(client, "/artikel/abc", 404)
    page = get(client, "/gids/onvoldoende", 404)
    assert 'href="/gids/onvoldoende-bod"' in page


@pytest.mark.parametrize("url", ["/%00", "/1997/artikel/%F0%9F%82%A1", "/1997/artikel/" + "9" * 300,
                                 "/vergelijk/27?van=<script>&naar=1997", "/vergelijk/%2e%2e", "/gids/%3Cb%3E",
                                 "/1997/artikel/27B1b9x", "/artikel/" + "x" * 5000])
def test_bad_input_never_500(client, url):
    r = client.get(url)
    assert 400 <= r.status_code < 500 or r.status_code == 302, (url, r.status_code)
    assert b"<script>" not in r.data


def test_method_not_allowed(client):
    assert client.post("/1997/artikel/27").status_code == 405


# ---------------------------------------------------------------- compare

def test_compare_word_level(client):
    page = get(client, "/vergelijk/27?van=1987&naar=1997")
    assert "Spelregels 1987" in page and "Spelregels 1997" in page
    sec = page[page.index('id="27B"'):page.index('id="27B1"')]
    assert "<del>verbeterd door het te </del>" in sec  # only in 1987
    assert sec.count("vervangen door") == 2  # common words on both sides, not marked
    same = page[page.index('id="27A"'):page.index('id="27B"')]
    assert "gelijk" in same and "<del>" not in same and "<ins>" not in same


def test_compare_16_and_77(client):
    page = get(client, "/vergelijk/16?van=1997&naar=2017")
    assert "<ins>" in page
    get(client, "/vergelijk/77?van=1997&naar=2017")


def test_compare_errors(client):
    get(client, "/vergelijk/27?van=1997&naar=1997", 400)
    get(client, "/vergelijk/27?van=1999&naar=1997", 400)
    page = get(client, "/vergelijk/1?van=1987&naar=1997", 404)
    assert 'href="/1997/artikel/1"' in page
    get(client, "/vergelijk/1", 404)  # only one edition has article 1
    get(client, "/vergelijk/abc", 404)


def test_compare_index(client):
    page = get(client, "/vergelijk")
    assert 'href="/vergelijk/27?van=1987&amp;naar=1997"' in page
    assert 'href="/vergelijk/16?van=1997&amp;naar=2017"' in page


# ---------------------------------------------------------------- keyword index, definitions, guide

def test_keyword_index(client, store):
    page = get(client, "/trefwoorden")
    assert 'id="letter-A"' in page and 'href="#letter-O"' in page
    assert 'id="tw-aarzeling"' in page
    assert 'href="#tw-anderszins-verkregen-informatie"' in page  # a see-link
    entry = page[page.index('id="tw-accepteren-van"'):]
    assert "Onvoldoende bod" in entry[:2000] and 'href="/1997/artikel/27"' in entry[:2000]
    assert len(store.data["keywords"]) > 100
    for k in store.data["keywords"]:
        assert html.escape(k["path"][-1], quote=False) in page


def test_every_keyword_link_of_every_article_page_lands_on_its_entry(client, store):
    index = get(client, "/trefwoorden")
    ids = re.findall(r'\sid="([^"]+)"', index)
    assert len(ids) == len(set(ids)), "an id twice on /trefwoorden"
    links = []
    for key, art in store.articles.items():
        if any(s["layer"] == "keyword" for b in [art, *walk(art["sections"])] for s in b["layers"]):
            edition, number = key.split("/")
            page = get(client, f"/{edition}/artikel/{number}")
            found = re.findall(r'<a class="kw" href="/trefwoorden#([^"]+)" title="Trefwoord: ([^"]+)">([^<]+)</a>', page)
            assert found, key
            links += found
    assert len(links) >= 40
    assert {a for a, _, _ in links} <= set(ids)
    assert ("tw-bod--onvoldoende-bod", "Bod › Onvoldoende bod", "onvoldoende bod") in links
    panel = get(client, "/1997/artikel/27")  # the panel 'In het trefwoordenregister' links each entry too
    assert 'href="/trefwoorden#tw-accepteren-van--onvoldoende-bod">Accepteren van › Onvoldoende bod</a>' in panel
    offline = [e["url"] for e in client.get("/offline/lookup.json").get_json()["entries"] if e["kind"] == "keyword"]
    assert len(offline) == len(store.data["keywords"])  # and so does the offline lookup
    assert {u.split("#")[1] for u in offline} <= set(ids) and "/trefwoorden#tw-bod--onvoldoende-bod" in offline


def test_definitions(client, store):
    page = get(client, "/begrippen")
    assert len(store.data["definitions"]) >= 16
    for d in store.data["definitions"]:
        assert html.escape(d["term"], quote=False) in page
    assert 'id="begrip-alerteren"' in page
    entry = page[page.index('id="begrip-arbitrale-score"'):]
    assert 'href="/1997/artikel/12"' in entry[:1500]


def test_guide(client, store):
    page = get(client, "/gids")
    assert len(store.data["guide"]) > 5
    for p in store.data["guide"]:
        assert f'href="/gids/{p["id"]}"' in page
    page = get(client, "/gids/wijziging-bod")
    assert "Wijziging bod" in page
    assert 'href="/1997/artikel/25#25A"' in page and "artikel 25A (Spelregels 1997)" in page
    assert "<li>1e mogelijkheid" in page  # lines starting '- ' are list items
    assert 'rel="next"' in page


def test_home(client):
    page = get(client, "/")
    assert 'data-suggest' in page and 'action="/zoeken"' in page
    assert 'href="/1987/"' in page and 'href="/2017/"' in page
    assert 'href="/1997/artikel/27"' in page and "Onvoldoende bod" in page
    assert 'src="/static/site.js"' in page


def test_security_headers_on_html(client):
    r = client.get("/1997/artikel/27")
    csp = r.headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert r.headers.get("X-Content-Type-Options") == "nosniff"


def test_static_assets(client):
    for name in ("site.css", "site.js", "favicon.svg"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and len(r.data) > 100, name
        r.close()


# ---------------------------------------------------------------- the render functions

def ref_span(start: int, end: int, article: str, section: str = "", status: str = "resolved") -> dict:
    return {"layer": "reference", "start": start, "end": end, "to_edition": "1997", "to_article": article,
            "to_section": section, "status": status, "reason": "lid B staat niet in de tekst"}


def test_render_block_escapes_and_structures():
    text = "Zie <b>artikel 27</b> & meer\n- een\n- twee\n| a | b |\n| c | d |\nslot"
    start = text.index("artikel 27")
    out = render_block(text, [ref_span(start, start + 10, "27", "B")])
    assert "&lt;b&gt;" in out and "<b>" not in out and "&amp; meer" in out
    assert '<a class="ref ref-resolved" href="/1997/artikel/27#27B" data-cite="27B" data-edition="1997">artikel 27</a>' in out
    assert "<ul><li>een</li><li>twee</li></ul>" in out
    assert "<tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr>" in out
    assert out.endswith("<p>slot</p>")


def test_render_block_paints_every_layer():
    text = "De leider beslist over artikel 81 B ¹⁾."
    spans = [{"layer": "definition", "start": 3, "end": 9, "term": "Leider"},
             ref_span(23, 35, "81", "B", "article_only"),
             {"layer": "footnote", "start": 36, "end": 38, "number": "1"}]
    out = render_block(text, spans, definitions={"Leider": {"text": "De speler die <wint>"}})
    assert ('<a class="term" href="/begrippen#begrip-leider" data-term="Leider" title="Leider: De speler die '
            '&lt;wint&gt;" data-definition="De speler die &lt;wint&gt;">leider</a>') in out
    assert 'class="ref ref-article_only" href="/1997/artikel/81#81B" data-cite="81B"' in out
    assert 'title="lid B staat niet in de tekst"' in out  # the reason of a reference that is not resolved
    assert '<span class="fn-mark"><a href="#fn-1" id="fnref-1" aria-label="voetnoot 1">¹⁾</a></span>.' in out
    assert render_block(text) == "<p>De leider beslist over artikel 81 B ¹⁾.</p>"
    keyword = {"layer": "keyword", "start": 10, "end": 17, "entry": "Beslissingen › Fout <in>", "anchor": "tw-x--y"}
    assert ('<a class="kw" href="/trefwoorden#tw-x--y" title="Trefwoord: Beslissingen › Fout &lt;in&gt;">beslist'
            '</a>') in render_block(text, [keyword])
    assert render_block("") == ""


def test_render_block_clips_a_span_to_its_line():
    out = render_block("zie artikel\n27 en verder", [ref_span(4, 14, "27")])
    assert out.count("<a ") == 2 and "<p>zie <a" in out and "</a> en verder</p>" in out


def test_word_diff():
    d = word_diff("de leider mag passen", "de arbiter mag passen")
    assert "<del>leider</del>" in d.old and "<ins>arbiter</ins>" in d.new and d.changed
    assert not word_diff("gelijk", "gelijk").changed
    assert "&lt;" in word_diff("<x>", "").old


def test_reference_map_svg():
    svg = reference_map({"label": "Art. 27", "title": "Onvoldoende bod"},
                        [{"label": "Art. 25", "title": "A", "url": "/1997/artikel/25"}],
                        [{"label": f"Art. {n}", "title": "<t>", "url": f"/1997/artikel/{n}"} for n in range(30, 40)],
                        caption="kaart")
    assert svg.startswith("<svg") and svg.count('class="node"') == 8  # 1 left + 7 right (limit)
    assert "+3 meer" in svg and "&lt;t&gt;" in svg and "<t>" not in svg


def test_article_without_title_says_so_and_names_it_from_another_edition(client):
    html = client.get("/1997/artikel/31").get_data(as_text=True)
    assert "<em>Bod voor de beurt</em>" in html and "titel uit 1987" in html
    assert "de bron van deze editie geeft de titel niet" in html
    assert "title-borrowed" not in client.get("/1997/artikel/27").get_data(as_text=True)
