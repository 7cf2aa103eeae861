"""Mounted under a path prefix (SCRIPT_NAME /regels, as behind a proxy that serves the site at a sub-path):
every internal link of the main pages and every url of the API stays under the prefix (web/urls.py)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from werkzeug.exceptions import NotFound
from werkzeug.middleware.dispatcher import DispatcherMiddleware

PREFIX = "/regels"
PAGES = ["/", "/1997/", "/1987/", "/1987/artikel/27", "/1997/artikel/27", "/2017/artikel/16", "/2017/artikel/77",
         "/zoeken?q=bod+buiten+de+beurt", "/trefwoorden", "/begrippen", "/gids", "/vergelijk",
         "/vergelijk/27?van=1987&naar=1997", "/uitspraak?tekst=zie+artikel+27B2+en+art.+16"]


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "action", "data-src") and value:
                self.links.append(value)


@pytest.fixture(scope="module")
def mounted(data_dir):
    from web import create_app
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": True})
    app.wsgi_app = DispatcherMiddleware(NotFound(), {PREFIX: app.wsgi_app})
    return app.test_client()


def internal(links: list[str]) -> list[str]:
    return [u for u in links if u.startswith("/") and not u.startswith("//")]


@pytest.mark.parametrize("page", PAGES)
def test_every_internal_link_of_a_page_keeps_the_prefix(mounted, page):
    r = mounted.get(PREFIX + page)
    assert r.status_code == 200, page
    parser = Links()
    parser.feed(r.get_data(as_text=True))
    links = internal(parser.links)
    assert len(links) >= 5, (page, parser.links)
    outside = [u for u in links if not u.startswith(PREFIX + "/")]
    assert outside == [], (page, outside)


def test_the_links_under_the_prefix_lead_somewhere(mounted):
    r = mounted.get(PREFIX + "/1997/artikel/27")
    parser = Links()
    parser.feed(r.get_data(as_text=True))
    paths = sorted({u.split("#")[0] for u in internal(parser.links)} - {""})[:40]
    assert len(paths) >= 10
    for path in paths:
        assert mounted.get(path).status_code in (200, 301, 302, 308), path


def test_the_layers_links_keep_the_prefix(mounted):
    page = mounted.get(PREFIX + "/1997/artikel/27").get_data(as_text=True)
    for cls in ("kw", "ref ref-resolved", "term"):
        assert re.search(rf'<a class="{cls}" href="{PREFIX}/', page), cls
    assert not re.search(r'<a class="(kw|term|ref[^"]*)" href="/(?!regels/)', page)


def urls_in(value) -> list[str]:
    if isinstance(value, dict):
        return [u for k, v in value.items() for u in ([v] if k == "url" and isinstance(v, str) else urls_in(v))]
    if isinstance(value, list):
        return [u for v in value for u in urls_in(v)]
    return []


API = ["/api/v1/search?q=bod+buiten+de+beurt", "/api/v1/search?q=27B2", "/api/v1/search?q=begrippen+gids+speler",
       "/api/v1/suggest?q=27", "/api/v1/suggest?q=str", "/api/v1/suggest?q=beurt",
       "/api/v1/articles/1997/27", "/api/v1/articles/1987/27", "/api/v1/preview?cite=27B2&edition=1997",
       "/api/v1/resolve?cite=27B2&edition=1987"]     # /api/v1/toc has no urls (ids the pages use as anchors)


@pytest.mark.parametrize("path", API)
def test_every_url_of_the_api_keeps_the_prefix(mounted, path):
    r = mounted.get(PREFIX + path)
    assert r.status_code == 200, path
    urls = urls_in(r.get_json())
    assert urls, path
    outside = [u for u in urls if not re.match(rf"(https?://[^/]+)?{PREFIX}/", u)]
    assert outside == [], (path, outside)


def test_linkify_urls_and_html_keep_the_prefix(mounted):
    for absolute in (False, True):
        r = mounted.post(PREFIX + "/api/v1/linkify", json={"text": "zie artikel 27B2 en 16", "edition": "1997",
                                                            "absolute": absolute})
        assert r.status_code == 200
        body = r.get_json()
        urls = urls_in(body)
        hrefs = re.findall(r'href="([^"]+)"', body["html"])
        assert urls and hrefs
        assert all(re.match(rf"(http://localhost)?{PREFIX}/", u) for u in urls + hrefs), (urls, hrefs)


def test_the_search_redirect_and_kinds_of_results_keep_the_prefix(mounted):
    r = mounted.get(PREFIX + "/zoeken?q=27B2")
    assert r.status_code == 302 and r.headers["Location"].startswith(PREFIX + "/")
    kinds = set()
    for q in ("strafkaart", "blinde", "verzaken", "claim"):
        for result in mounted.get(PREFIX + "/api/v1/search?q=" + q).get_json()["results"]:
            kinds.add(result["kind"])
            assert result["url"].startswith(PREFIX + "/"), result
    assert "article" in kinds and len(kinds) >= 2, kinds


def test_the_browser_scripts_are_told_the_prefix(mounted):
    html = mounted.get(PREFIX + "/1997/artikel/27").get_data(as_text=True)
    assert f'<html lang="nl" data-root="{PREFIX}">' in html          # site.js and offline.js read it
    sw = mounted.get(PREFIX + "/sw.js").get_data(as_text=True)
    assert f'self.KB_ROOT = "{PREFIX}";' in sw and f'self.KB_PRECACHE = "{PREFIX}/offline/precache.json";' in sw
    lookup = mounted.get(PREFIX + "/offline/lookup.json").get_json()
    assert lookup["root"] == PREFIX
    manifest = mounted.get(PREFIX + "/manifest.webmanifest").get_json()
    assert manifest["scope"] == PREFIX + "/" and manifest["start_url"] == PREFIX + "/"
