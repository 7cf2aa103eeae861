"""What a director does at the table, in a real browser (chromium)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


def test_search_from_home_lands_on_article_27(page):
    page.goto("/")
    box = page.locator("#home-q")
    box.fill("onvoldoende bod")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/zoeken\?"))
    first = page.locator("main a[href*='/artikel/']").first
    assert re.search(r"/\d{4}/artikel/27(#|$)", first.get_attribute("href")), first.get_attribute("href")
    first.click()
    page.wait_for_url(re.compile(r"/artikel/27"))
    assert "Onvoldoende bod" in page.locator("h1").inner_text()
    assert page.locator("section[id='27B']").count() == 1


def test_autocomplete_offers_suggestions(page):
    page.goto("/")
    page.locator("#home-q").press_sequentially("onvoldoende", delay=20)
    options = page.locator(".suggestions [role=option]")
    options.first.wait_for(state="visible", timeout=5000)
    assert options.count() >= 1
    assert page.locator("#home-q").get_attribute("aria-expanded") == "true"
    page.locator("#home-q").press("Escape")
    assert page.locator("#home-q").get_attribute("aria-expanded") == "false"


def test_follow_a_reference(page):
    page.goto("/1997/artikel/27")
    page.locator("[id='27C'] a.ref[data-cite='31']").click()
    page.wait_for_url(re.compile(r"/1997/artikel/31$"))
    assert page.locator("h1").inner_text().startswith("Artikel 31")


def test_follow_a_keyword_link_to_its_entry(page):
    page.goto("/1997/artikel/18")
    link = page.locator("[id='18D'] a.kw")
    assert link.inner_text() == "onvoldoende bod" and link.get_attribute("title") == "Trefwoord: Bod › Onvoldoende bod"
    style = link.evaluate("a => [getComputedStyle(a).textDecorationLine, getComputedStyle(a).textDecorationStyle]")
    assert style == ["underline", "dotted"]  # told apart from the text around it by more than colour
    link.click()
    page.wait_for_url(re.compile(r"/trefwoorden#tw-bod--onvoldoende-bod$"))
    target = page.locator("[id='tw-bod--onvoldoende-bod']")
    expect(target).to_be_in_viewport()
    assert target.evaluate("e => e.matches(':target')") and "Onvoldoende bod" in target.inner_text()


def test_hover_preview_shows_the_cited_text(page):
    page.goto("/1987/artikel/24")
    link = page.locator("[id='24B'] a.ref[data-cite='23A']").first
    link.hover()
    preview = page.locator("#preview")
    preview.wait_for(state="visible", timeout=5000)
    expect(page.locator("#preview")).not_to_contain_text("Laden", timeout=5000)  # no eval under the CSP
    text = preview.inner_text()
    assert "23A" in text
    assert "pas" in text.lower()  # 1987 23A is about a forced pass
    assert link.get_attribute("aria-describedby") == "preview"
    page.mouse.move(5, 5)
    preview.wait_for(state="hidden", timeout=5000)


def test_keyboard_focus_shows_preview_and_escape_hides_it(page):
    page.goto("/1997/artikel/27")
    page.locator("[id='27C'] a.ref[data-cite='31']").focus()
    page.locator("#preview").wait_for(state="visible", timeout=5000)
    page.keyboard.press("Escape")
    page.locator("#preview").wait_for(state="hidden", timeout=5000)


def test_tap_shows_preview_then_follows(phone):
    phone.goto("/1997/artikel/27")
    link = phone.locator("[id='27C'] a.ref[data-cite='31']")
    link.tap()
    phone.locator("#preview").wait_for(state="visible", timeout=5000)
    assert phone.url.endswith("/1997/artikel/27")  # the first tap only previews
    phone.locator("#preview a.pv-link").tap()
    phone.wait_for_url(re.compile(r"/1997/artikel/31"))


def test_copy_citation_copies_label_and_link(page, base_url):
    page.goto("/1997/artikel/27")
    button = page.locator("[id='27B3'] button.copy").first
    assert button.is_visible()
    button.click()
    expect(page.locator("[id='27B3'] button.copy").first).to_have_text("Gekopieerd")  # no eval under the CSP
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"artikel 27B3 (Spelregels 1997) {base_url}/1997/artikel/27#27B3"


def test_missing_section_anchor_falls_back(page):
    # 1987 has 27B4; the 1997 source has no 27B4 and no gap that implies one (27B2 is a placeholder instead)
    page.goto("/artikel/27B4")
    assert page.url.endswith("/1997/artikel/27#27B4")
    note = page.locator("#fallback-note")
    note.wait_for(state="visible", timeout=5000)
    assert "27B4" in note.inner_text() and "27B" in note.inner_text()
    assert "target-fallback" in page.locator("section[id='27B']").get_attribute("class")


@pytest.mark.parametrize("path", ["/", "/1997/artikel/27", "/2017/artikel/77", "/2017/artikel/16", "/trefwoorden",
                                  "/vergelijk/27?van=1987&naar=1997", "/begrippen", "/1997/", "/gids/wijziging-bod",
                                  "/1997/artikel/999"])
def test_no_horizontal_scroll_at_360px(phone, path, screenshots):
    phone.goto(path)
    width = phone.evaluate("document.documentElement.scrollWidth")
    name = re.sub(r"[^a-z0-9]+", "_", path.lower()).strip("_") or "home"
    phone.screenshot(path=str(screenshots / f"phone_{name}.png"), full_page=False)
    assert width <= 360, f"{path}: scrollWidth {width}"


def test_no_console_errors_or_csp_violations(page):
    for path in ("/", "/1997/artikel/27", "/1987/artikel/26", "/vergelijk/16?van=1997&naar=2017", "/trefwoorden"):
        page.goto(path)
        page.locator("[id='27C'] a.ref").first.hover() if path == "/1997/artikel/27" else None
        page.wait_for_timeout(300)
    assert page.console_errors == []


def test_ruling_links_say_how_they_were_read_on_hover(page):
    page.goto("/uitspraak")
    page.fill("#tekst", "Spelregels 1987\n\nOost paste (artikel 30); zie lid B van hetzelfde artikel.")
    relative = page.locator("#uitspraak-html a.cite[data-against='30']")
    relative.wait_for(timeout=5000)
    assert relative.get_attribute("data-edition") == "1987"
    title = relative.get_attribute("title")
    assert "gelezen bij artikel 30" in title and "eerder noemde" in title
    page.locator("#uitspraak-aangehaald li").first.wait_for(timeout=5000)
