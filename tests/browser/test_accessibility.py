"""Accessibility in a real browser (issue 14): axe-core (axe-playwright-python, pinned in requirements-dev.txt)
finds no violation on any page type at phone and desktop width, in light and dark colours; the search box,
autocomplete, previews and copy buttons work with the keyboard; focus is visible; tap targets are 44 px."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from axe_playwright_python.sync_playwright import Axe

PAGES = {
    "home": "/",
    "edition": "/1997/",
    "article 1987": "/1987/artikel/24",
    "article 1997": "/1997/artikel/27",
    "article 2017": "/2017/artikel/16",
    "search results": "/zoeken?q=onvoldoende+bod",
    "keyword index": "/trefwoorden",
    "definitions": "/begrippen",
    "guide": "/gids",
    "guide passage": "(the first passage the guide lists)",
    "ruling page": "/uitspraak",
    "comparison": "/vergelijk/27?van=1987&naar=1997",
    "comparison index": "/vergelijk",
    "offline search": "/offline?q=verzaking",
    "404": "/bestaat-niet",
}
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
AXE = Axe()

# Controls a thumb must hit (inline links in running text are exempt, as in WCAG 2.5.5).
TAP_TARGETS = ("header.site a, header.site button, header.site input, form.search-page input, form.search-page select,"
               " form.search-page button, .crumbs a, .toc-list a, .cards a, .tools a, .tools button, button.copy,"
               " .prevnext a, .az a, details.bron summary, .btn, .suggestions li, .preview a, .preview button")


def assert_no_violations(page) -> None:
    found = AXE.run(page).response["violations"]
    assert not found, "\n".join(f"{v['id']} ({len(v['nodes'])}): {v['nodes'][0]['target']} "
                                 f"{v['nodes'][0]['failureSummary'][:200]}" for v in found)


@pytest.mark.parametrize("width,scheme", [("phone", "light"), ("desktop", "light"), ("phone", "dark")])
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_no_violation(browser, base_url, name, width, scheme):
    ctx = browser.new_context(base_url=base_url, viewport=VIEWPORTS[width], locale="nl-NL", color_scheme=scheme,
                              is_mobile=width == "phone", has_touch=width == "phone")
    page = ctx.new_page()
    try:
        path = PAGES[name]
        if name == "guide passage":
            page.goto("/gids")
            path = page.locator("main a[href^='/gids/']").first.get_attribute("href")
        resp = page.goto(path)
        assert resp.status == (404 if name == "404" else 200)
        page.wait_for_load_state("load")
        if name == "offline search":
            page.locator("#offline-results li").first.wait_for(timeout=5000)
        assert_no_violations(page)
    finally:
        ctx.close()


def test_axe_on_a_rendered_ruling_and_an_open_preview(page):
    page.goto("/uitspraak")
    page.locator("#tekst").fill("De arbiter paste artikel 27B3 toe en daarna 16A1 (Spelregels 2017).")
    page.locator("#uitspraak-form button[type=submit]").click()
    page.locator("#uitspraak-resultaat").wait_for(state="visible", timeout=10000)
    assert_no_violations(page)
    page.goto("/1997/artikel/27")
    page.locator("[id='27C'] a.ref[data-cite='31']").focus()
    page.locator("#preview").wait_for(state="visible", timeout=5000)
    expect(page.locator("#preview")).not_to_contain_text("Laden", timeout=5000)  # no eval under the CSP
    assert_no_violations(page)


def test_offline_line_passes_axe(page):
    page.goto("/1997/artikel/27")
    page.evaluate("document.getElementById('offline-line').hidden = false")
    assert_no_violations(page)


def test_keyboard_search_autocomplete_and_choice(page):
    page.goto("/1997/artikel/27")
    page.keyboard.press("Tab")  # the skip link first
    assert page.evaluate("document.activeElement.className") == "skip"
    box = page.locator("#q")
    box.focus()
    box.press_sequentially("onvoldoende", delay=20)
    page.locator(".suggestions [role=option]").first.wait_for(state="visible", timeout=5000)
    box.press("ArrowDown")
    active = box.get_attribute("aria-activedescendant")
    assert active and page.locator(f"#{active}").get_attribute("aria-selected") == "true"
    outline = page.locator(f"#{active}").evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline == "solid"  # the chosen option is marked by more than a faint background
    box.press("Enter")
    page.wait_for_url(re.compile(r"/artikel/|/zoeken|/trefwoorden|/begrippen"))


def test_keyboard_copy_button(page):
    page.goto("/1997/artikel/27")
    button = page.locator("[id='27B3'] button.copy").first
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[id='27B3'] button.copy").first).to_have_text("Gekopieerd")  # no eval under the CSP


@pytest.mark.parametrize("path", ["/1997/artikel/27", "/trefwoorden", "/zoeken?q=bod", "/1997/"])
def test_focus_is_visible(page, path):
    page.goto(path)
    seen = 0
    for _ in range(12):
        page.keyboard.press("Tab")
        style = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
                                         return [e.tagName, s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
        if style[0] in ("A", "BUTTON", "INPUT", "SELECT", "SUMMARY"):
            seen += 1
            assert style[1] != "none" and style[2] >= 2, style
    assert seen >= 5


@pytest.mark.parametrize("path", ["/", "/1997/", "/1997/artikel/27", "/trefwoorden", "/zoeken?q=bod", "/uitspraak"])
def test_tap_targets_are_44px_on_a_phone(phone, path):
    phone.goto(path)
    sizes = phone.evaluate("""sel => Array.from(document.querySelectorAll(sel))
        .filter(e => e.offsetParent !== null && !e.closest('[hidden]'))
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 20),
                            Math.round(r.width), Math.round(r.height)]; })""", TAP_TARGETS)
    assert sizes, "no controls found"
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, "\n".join(map(str, small))
