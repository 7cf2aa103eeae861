"""Under a path prefix (SCRIPT_NAME=/regels, docs/ops.md): the browser scripts call the API under the prefix
(autocomplete, hover previews), the service worker registers with the scope /regels/ and, after one visit,
opens a never-visited article and jumps to a cited section offline — all under /regels."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_server import start_server, stop_server
from test_offline import CACHE_STATE

PREFIX = "/regels"


@pytest.fixture(scope="module")
def mounted_site(data_dir):
    proc, url = start_server(data_dir, prefix=PREFIX)
    yield url + PREFIX
    stop_server(proc)


@pytest.fixture()
def mounted_page(browser, mounted_site):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              locale="nl-NL", service_workers="allow")
    page = ctx.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    yield ctx, page, requested
    ctx.close()


def test_autocomplete_and_previews_ask_the_api_under_the_prefix(mounted_page, mounted_site):
    ctx, page, requested = mounted_page
    page.goto(mounted_site + "/")
    page.locator("#home-q").press_sequentially("onvoldoende", delay=20)
    option = page.locator(".suggestions [role=option]").first
    option.wait_for(state="visible", timeout=5000)
    page.goto(mounted_site + "/1987/artikel/24")
    page.locator("[id='24B'] a.ref[data-cite='23A']").first.focus()
    expect(page.locator("#preview")).to_contain_text("23A", timeout=5000)
    api = [u for u in requested if "/api/v1/" in u]
    assert api and all(f"{PREFIX}/api/v1/" in u for u in api), api


def test_offline_under_the_prefix(mounted_page, mounted_site):
    ctx, page, _ = mounted_page
    page.goto(mounted_site + "/")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope.endswith(PREFIX + "/"), scope
    for _ in range(240):      # the whole build stored and this page controlled (polled: the CSP forbids eval)
        state = page.evaluate(CACHE_STATE)
        if state and all(v["count"] > 100 for v in state.values()) and page.evaluate(
                "navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(500)
    ctx.set_offline(True)
    page.goto(mounted_site + "/2017/artikel/16")      # never visited
    assert "Artikel 16" in page.locator("h1").inner_text()
    assert page.evaluate("document.documentElement.hasAttribute('data-offline')")
    page.goto(mounted_site + "/zoeken?q=art.+27+lid+B+sub+3")       # the citation jump, offline
    page.wait_for_url(re.compile(PREFIX + r"/1997/artikel/27#27B3$"))
    assert page.locator("section[id='27B3']").is_visible()
