"""The structure on a phone (360 px): a missing section's placeholder and its link, the compare page, the
keyword index nested as the book prints it."""
from __future__ import annotations

import re


def test_placeholder_and_its_link(phone):
    phone.goto("/1997/artikel/27B2")
    phone.wait_for_url(re.compile(r"/1997/artikel/27#27B2$"))
    holder = phone.locator("section[id='27B2']")
    assert holder.count() == 1 and "tekst niet in de bron" in holder.inner_text()
    assert holder.bounding_box()["width"] <= 360
    link = holder.locator("a[href$='/1987/artikel/27#27B2']")
    assert link.bounding_box()["height"] >= 44
    link.click()
    phone.wait_for_url(re.compile(r"/1987/artikel/27#27B2$"))
    assert "Niet conventioneel bod" in phone.locator("section[id='27B2']").inner_text()


def test_compare_page_pairs_by_content(phone):
    phone.goto("/vergelijk/27?van=1987&naar=1997")
    moved = phone.locator("section.ch-renumbered")
    assert moved.count() >= 1
    assert "was 27B4 in 1987" in moved.first.inner_text()
    assert "Poging tot verbetering door doublet of redoublet" in moved.first.inner_text()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, width  # no sideways scrolling on a phone


def test_keyword_index_nested_with_tap_targets(phone):
    phone.goto("/trefwoorden")
    beurt = phone.locator("dt#tw-beurt + dd")
    group = beurt.locator("ul.sub > li").filter(has_text="Bieden").first
    assert group.locator("ul.subsub > li").count() >= 3  # the third level under Beurt › Bieden
    links = phone.locator("dl.index a")
    assert links.count() > 100
    small = phone.evaluate("""() => [...document.querySelectorAll('dl.index a')]
        .filter(a => a.getBoundingClientRect().height < 44).length""")
    assert small == 0
