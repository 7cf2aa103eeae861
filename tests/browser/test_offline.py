"""Offline after one visit (issue 14): the service worker stores the whole build at the first visit; without a
connection every article, the keyword index, the citation jump and the lookup still work; a new build replaces
the whole cache at the next visit online. Each test serves its own copy of the corpus (a rebuild changes it)."""
from __future__ import annotations

import json
import re
import shutil
import urllib.request
from pathlib import Path

import pytest

from builder import build

from browser_server import ROOT, start_server, stop_server

CACHE_STATE = """async () => {
  const keys = await caches.keys();
  const out = {};
  for (const k of keys) {
    const entries = await (await caches.open(k)).keys();
    const builds = new Set();
    for (const req of entries) { builds.add((await caches.match(req)).headers.get('X-KB-Build')); }
    out[k] = {count: entries.length, builds: [...builds]};
  }
  return out;
}"""


@pytest.fixture()
def site(tmp_path):
    """A server of a copy of the corpus: (url, corpus dir, data dir)."""
    corpus, data = tmp_path / "corpus", tmp_path / "data"
    shutil.copytree(ROOT / "corpus", corpus)
    build(corpus, data, log=lambda *_: None)
    proc, url = start_server(data, KB_CORPUS_DIR=str(corpus))
    yield url, corpus, data
    stop_server(proc)


@pytest.fixture()
def visitor(browser, site):
    ctx = browser.new_context(base_url=site[0], viewport={"width": 360, "height": 740}, is_mobile=True,
                              has_touch=True, locale="nl-NL", service_workers="allow")
    yield ctx, ctx.new_page()
    ctx.close()


def precache_list(url: str) -> dict:
    with urllib.request.urlopen(url + "/offline/precache.json", timeout=10) as r:
        return json.load(r)


def wait_for_cache(page, build_id: str, count: int) -> dict:
    """Wait until the only kb- cache is the one of build_id, holding count responses, all of that build."""
    want = {f"kb-{build_id}": {"count": count, "builds": [build_id]}}
    state = {}
    for _ in range(120):
        state = page.evaluate(CACHE_STATE)
        if state == want:
            return state
        page.wait_for_timeout(500)
    pytest.fail(f"cache never became {want}: {state}")


def first_visit(page, url: str) -> dict:
    listed = precache_list(url)
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for_cache(page, listed["version"], len(listed["urls"]))
    for _ in range(100):  # polled from here: wait_for_function evaluates strings, which the CSP forbids
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return listed


def assert_offline_page(page, heading: str) -> None:
    assert heading in page.locator("h1").inner_text()
    assert page.evaluate("document.documentElement.hasAttribute('data-offline')")
    assert page.locator("#offline-line").is_visible()


def test_without_a_visit_nothing_opens_offline(browser, site):
    """The offline emulation is real: a browser that never visited gets nothing."""
    ctx = browser.new_context(base_url=site[0])
    page = ctx.new_page()
    ctx.set_offline(True)
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        page.goto("/1987/artikel/30")
    ctx.close()


def test_after_one_visit_the_build_works_offline(visitor, site):
    ctx, page = visitor
    listed = first_visit(page, site[0])
    urls = listed["urls"]
    for expected in ("/1987/artikel/30", "/2017/artikel/16", "/1997/", "/trefwoorden", "/begrippen", "/gids",
                     "/uitspraak", "/static/uitspraak.js", "/offline/lookup.json"):
        assert expected in urls
    ctx.set_offline(True)

    page.goto("/2017/artikel/16")  # never visited
    assert_offline_page(page, "Artikel 16")
    assert page.locator("section[id='16B']").count() == 1

    page.goto("/trefwoorden")
    assert_offline_page(page, "Trefwoorden")
    assert page.locator("main a[href*='/artikel/']").count() > 100

    page.goto("/1987/artikel/30")
    assert_offline_page(page, "Artikel 30")
    assert "1987" in page.title()

    page.goto("/zoeken?q=art.+27+lid+B+sub+3")  # the citation jump
    page.wait_for_url(re.compile(r"/1997/artikel/27#27B3$"))
    assert_offline_page(page, "Artikel 27")
    assert page.locator("section[id='27B3']").is_visible()

    page.goto("/artikel/25A")  # an unversioned citation link
    page.wait_for_url(re.compile(r"/1997/artikel/25#25A$"))


def test_offline_search_finds_keywords_and_titles(visitor, site):
    ctx, page = visitor
    first_visit(page, site[0])
    ctx.set_offline(True)
    page.goto("/zoeken?q=onvoldoende+boden")  # plural: the build's stem table maps it to 'bod'
    assert_offline_page(page, "Zoeken zonder verbinding")
    page.locator("#offline-results li").first.wait_for(timeout=5000)
    results = page.locator("#offline-results").inner_text()
    assert "Onvoldoende bod" in results
    assert page.locator("#offline-results a[href='/1997/artikel/27']").count() >= 1
    assert "vraagt een verbinding" in page.locator("main").inner_text()

    page.goto("/")  # the autocomplete, answered by the service worker from the lookup
    page.locator("#home-q").press_sequentially("verzaking", delay=20)
    options = page.locator(".suggestions [role=option]")
    options.first.wait_for(state="visible", timeout=5000)
    assert "erzaking" in options.first.inner_text()
    page.locator("#home-q").fill("")
    page.locator("#home-q").press_sequentially("27B2", delay=20)
    page.locator(".suggestions [role=option]").first.wait_for(state="visible", timeout=5000)
    page.locator("#home-q").press("Enter")
    page.wait_for_url(re.compile(r"/1997/artikel/27#27B2$"))


def test_a_new_build_replaces_the_whole_cache(visitor, site):
    ctx, page = visitor
    url, corpus, data = site
    old = first_visit(page, url)

    (corpus / "rebuild-marker.txt").write_text("a new input, so a new build version\n", "utf-8")
    build(corpus, data, log=lambda *_: None)
    new = precache_list(url)
    assert new["version"] != old["version"]
    with urllib.request.urlopen(url + "/sw.js", timeout=10) as r:
        assert json.dumps(new["version"]) in r.read().decode()

    page.goto("/1997/artikel/27")  # a visit online: the browser finds the new /sw.js
    state = wait_for_cache(page, new["version"], len(new["urls"]))
    assert list(state) == [f"kb-{new['version']}"]

    ctx.set_offline(True)
    page.goto("/1987/artikel/24")
    assert_offline_page(page, "Artikel 24")


CITATIONS = ["27B2", "27 B 2", "27B1(b)", "art. 27 lid B sub 1 (b)", "Law 16B1(a)", "artikel 12C1", "45c4",
             "bijlage", "Appendix", "27B(b)", "027b02", "27  b  1  b  (3)", "12-14", "3SA", "bord 9", "onvoldoende bod",
             "27B1bb", "wet 40", "  80A ", "1234", "", "45.C.4", "16.B.1.a", "art. 45, lid C", "L45", "arikel 45",
             "artiekel 45", "aantal 45", "19.45", "artikel 28 (1987)", "1987 artikel 28", "Law 16 (2017)",
             "(art. 86B)", "artikel 62?", "“45C4”", "artikel 16 van de spelregels", "27B1 b)", "art. 27 B 1 b)",
             "artikel 27 paragraaf B", "27 b)", "art:41", "art nr 41", "artikel nr. 41D", "nr 41"]
WORDS = ["Opgeëist", "café-crème", "♠ en ♥", "ÉÉN slag", "na_de_pas 12", "Ĳsselmeer", "naïef"]


def test_offline_lookup_parses_and_folds_like_the_server(page):
    """static/offline-lookup.js ports kb/citations.parse_citation and indexer/analysis.fold: same answers."""
    from indexer.analysis import fold, surface_words
    from kb.citations import parse_citation, split_edition
    page.goto("/offline")
    got = page.evaluate("xs => xs.map(x => { const c = KBLookup.parseCitation(x); return c ? c.id : null; })",
                        CITATIONS)
    want = [c.id if (c := parse_citation(x)) else None for x in CITATIONS]
    assert got == want
    assert sum(w is not None for w in want) >= 10
    got = page.evaluate("xs => xs.map(x => KBLookup.splitEdition(x))", CITATIONS)
    assert got == [list(split_edition(x)) for x in CITATIONS]
    assert sum(year is not None for _, year in got) >= 3
    got = page.evaluate("xs => xs.map(x => KBLookup.words(x))", WORDS)
    assert got == [[fold(w) for w, _, _ in surface_words(x)] for x in WORDS]
