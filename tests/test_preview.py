"""GET /api/v1/preview and /api/v1/resolve: fields, house style, CORS, nearest citations, errors; and the
/uitspraak page and /static/embed.js that use them."""
from __future__ import annotations

import re

import pytest

from web.rulings import PREVIEW_CHARS, shorten


def get(client, path, **params):
    return client.get(path, query_string=params)


def test_preview_of_a_section(client):
    resp = get(client, "/api/v1/preview", cite="27B2", edition="1987")
    assert resp.status_code == 200
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    data = resp.get_json()
    assert {k: data[k] for k in ("cite", "edition", "article", "section", "label", "exact")} == {
        "cite": "27B2", "edition": "1987", "article": "27", "section": "B2",
        "label": "artikel 27B2 (Spelregels 1987)", "exact": True}
    assert data["url"] == "http://localhost/1987/artikel/27#27B2"
    assert data["title"] == "Niet conventioneel bod, verbeterd door een ander voldoende bod of pas"
    assert data["text"].startswith("Als het onvoldoende niet conventionele bod verbeterd wordt")


def test_preview_in_the_house_style(client):
    data = get(client, "/api/v1/preview", cite="art. 27 lid B sub 1 (b)", edition="1987").get_json()
    assert (data["cite"], data["label"]) == ("27B1b", "artikel 27B1(b) (Spelregels 1987)")
    assert data["url"].endswith("/1987/artikel/27#27B1b")


def test_preview_of_an_article_gives_its_first_lines(client, store):
    data = get(client, "/api/v1/preview", cite="27", edition="1987").get_json()
    assert data["section"] is None and data["url"].endswith("/1987/artikel/27")
    assert data["title"] == store.article("1987", "27")["title"]
    assert data["text"].startswith("A. Accepteren van onvoldoende bod — Elk onvoldoende bod")
    assert len(data["text"]) <= PREVIEW_CHARS + 2 and "\n" not in data["text"]


def test_preview_without_edition_uses_the_default(client, store):
    data = get(client, "/api/v1/preview", cite="12C1").get_json()
    assert data["edition"] == store.default_edition


def test_preview_of_a_section_missing_from_an_incomplete_article(client, store):
    """1997 article 27 is only partly in the sources: 27B2 is not there, 27B is shown instead."""
    assert store.article("1997", "27")["complete"] is False
    assert store.section("1997", "27", "27B2")["text"] == ""  # a placeholder: known from the numbering only
    resp = get(client, "/api/v1/preview", cite="27B2", edition="1997")
    assert resp.status_code == 200
    data = resp.get_json()
    assert (data["cite"], data["label"], data["exact"], data["shown"]) == (
        "27B2", "artikel 27B2 (Spelregels 1997)", False, "27B")
    assert data["url"].endswith("/1997/artikel/27#27B2")
    assert data["text"] == store.section("1997", "27", "27B")["text"]
    assert "27B2" in data["note"]


def test_preview_of_an_article_without_text(client, store):
    """1997 article 23 is known from the table of contents only; of 10 only the headings are there."""
    assert not store.article("1997", "23")["has_text"] and not store.article("1997", "23")["sections"]
    data = get(client, "/api/v1/preview", cite="23", edition="1997").get_json()
    assert (data["has_text"], data["text"]) == (False, "") and data["note"]
    assert not store.article("1997", "10")["has_text"]
    data = get(client, "/api/v1/preview", cite="10", edition="1997").get_json()
    assert data["has_text"] is False and "kopjes" in data["note"]
    assert data["text"].startswith("A. " + store.section("1997", "10", "10A")["title"])


def test_unknown_article_is_404_with_nearest(client, store):
    resp = get(client, "/api/v1/preview", cite="95", edition="1997")
    assert resp.status_code == 404
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    data = resp.get_json()
    assert "95" in data["error"]
    assert [n["cite"] for n in data["nearest"]][:2] == ["93", "92"]
    for n in data["nearest"]:
        assert store.article(n["edition"], re.match(r"\d+|bijlage", n["cite"]).group()) is not None


def test_article_missing_from_an_edition_points_to_other_editions(client):
    data = get(client, "/api/v1/preview", cite="73", edition="1987").get_json()
    assert data["nearest"][0] == {"cite": "73", "edition": "1997", "label": "artikel 73 (Spelregels 1997)",
                                  "url": "http://localhost/1997/artikel/73"}


def test_section_missing_from_a_complete_article_is_404(client, store):
    assert store.article("1987", "27")["complete"] is True
    resp = get(client, "/api/v1/preview", cite="27D", edition="1987")
    assert resp.status_code == 404
    nearest = [n["cite"] for n in resp.get_json()["nearest"]]
    assert {"27A", "27B", "27C"} <= set(nearest)


@pytest.mark.parametrize("params, needle", [
    ({}, "citaat"),
    ({"cite": ""}, "citaat"),
    ({"cite": "3♣"}, "geen artikelcitaat"),
    ({"cite": "bord 7"}, "geen artikelcitaat"),
    ({"cite": "27BB"}, "geen artikelcitaat"),
    ({"cite": "2" * 81}, "te lang"),
])
@pytest.mark.parametrize("path", ["/api/v1/preview", "/api/v1/resolve"])
def test_not_a_citation_is_400(client, path, params, needle):
    resp = get(client, path, **params)
    assert resp.status_code == 400
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    assert needle in resp.get_json()["error"]


@pytest.mark.parametrize("path", ["/api/v1/preview", "/api/v1/resolve"])
def test_unknown_edition_is_400_with_the_editions(client, store, path):
    resp = get(client, path, cite="27", edition="2005")
    assert resp.status_code == 400
    assert resp.get_json()["editions"] == store.edition_ids


@pytest.mark.parametrize("path", ["/api/v1/preview", "/api/v1/resolve"])
def test_cors_preflight(client, path):
    resp = client.options(path, headers={"Origin": "https://club.example", "Access-Control-Request-Method": "GET"})
    assert resp.status_code in (200, 204)
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    assert "GET" in resp.headers["Access-Control-Allow-Methods"]


def test_resolve(client):
    resp = get(client, "/api/v1/resolve", cite="27 B 1 (b)", edition="1987")
    assert resp.status_code == 200
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    assert resp.get_json() == {"cite": "27B1b", "edition": "1987", "article": "27", "section": "B1b",
                               "label": "artikel 27B1(b) (Spelregels 1987)",
                               "url": "http://localhost/1987/artikel/27#27B1b",
                               "path": "/1987/artikel/27#27B1b", "exact": True}


def test_resolve_unknown_is_404_with_nearest(client):
    resp = get(client, "/api/v1/resolve", cite="27D", edition="1987")
    assert resp.status_code == 404
    assert resp.get_json()["nearest"]


def test_resolved_urls_lead_to_the_article_page(client):
    data = get(client, "/api/v1/resolve", cite="Law 16B1(a)", edition="2017").get_json()
    page = client.get(data["path"].split("#")[0])
    assert page.status_code == 200
    assert data["path"] == "/2017/artikel/16#16B1a"
    assert 'id="16B1"' in page.get_data(as_text=True)   # 16B1a is a sub-item of 16B1 in the 2017 extract


def test_shorten():
    assert shorten("a  b\nc") == "a b c"
    long = "woord " * 200
    out = shorten(long)
    assert len(out) <= PREVIEW_CHARS + 2 and out.endswith(" …") and "  " not in out


# ---------------------------------------------------------------- /uitspraak and embed.js


def test_uitspraak_page(client):
    resp = client.get("/uitspraak")
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert '<form class="ruling-form"' in html and 'method="post"' in html and 'name="tekst"' in html
    assert "/static/uitspraak.js" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "no inline scripts"
    assert not re.search(r"\sstyle=", html), "no inline styles"


def test_uitspraak_renders_without_javascript(client):
    text = "Onder de **Spelregels 1987** gold art. 27 B 1 (b).\r\n\r\nNu: artikel 12C1 <script>alert(1)</script>"
    resp = client.post("/uitspraak", data={"tekst": text, "editie": "1997", "formaat": "markdown"})
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert 'href="http://localhost/1987/artikel/27#27B1b"' in html
    assert 'href="http://localhost/1997/artikel/12#12C1"' in html
    assert "<script>alert" not in html
    assert "artikel 27B1(b) (Spelregels 1987)" in html  # the cited list
    assert "Als de wedstrijdleider van oordeel is" in html  # with the text beside it
    assert "[art. 27 B 1 (b)](http://localhost/1987/artikel/27#27B1b)" in html  # markdown to copy


@pytest.mark.parametrize("data, status", [
    ({"tekst": "artikel 12", "editie": "2005"}, 400),
    ({"tekst": "artikel 12", "formaat": "pdf"}, 400),
])
def test_uitspraak_bad_input(client, data, status):
    resp = client.post("/uitspraak", data=data)
    assert resp.status_code == status
    assert "text/html" in resp.content_type


def test_uitspraak_too_big(client, app, monkeypatch):
    monkeypatch.setitem(app.config, "MAX_LINKIFY_BYTES", 100)
    resp = client.post("/uitspraak", data={"tekst": "artikel 12 " * 20})
    assert resp.status_code == 413
    assert "te groot" in resp.get_data(as_text=True)


def test_embed_script_is_served(client):
    resp = client.get("/static/embed.js")
    assert resp.status_code == 200
    js = resp.get_data(as_text=True)
    resp.close()
    assert "/api/v1/preview" in js and "currentScript" in js and 'role", "tooltip"' in js
    assert "innerHTML" not in js  # previews are built with textContent only
