"""The Python-Markdown extension (kb/markdown_citations.py): exact input -> exact output, in the manner of
Python-Markdown's own extension tests (markdown.test_tools.TestCase.assertMarkdownRenders)."""
from __future__ import annotations

import markdown
import pytest
from markdown.test_tools import TestCase

from kb.citations import Citation
from kb.markdown_citations import Citations, plan_links, render_text

EDITIONS = ["1987", "1997", "2017"]


HOW = {"sentence": "editie genoemd in dezelfde zin", "document": "editie zoals de tekst eerder noemde"}


def a(cite, edition, href, text, label=None, how=None, against=None, tag="a"):
    """The element the extension writes; ``how``: the edition_from when it is not the request's."""
    label = label or f"artikel {cite} (Spelregels {edition})"
    notes = ([f"gelezen bij artikel {against}"] if against else []) + ([HOW[how]] if how else [])
    title = label + (f" ({'; '.join(notes)})" if notes else "")
    attrs = {"class": "cite", "data-cite": cite, "data-edition": edition, "title": title}
    if against:
        attrs["data-against"] = against
    if how:
        attrs["data-edition-from"] = how
    if tag == "a":
        attrs["href"] = href
    return f'<{tag} ' + " ".join(f'{k}="{v}"' for k, v in sorted(attrs.items())) + f'>{text}</{tag}>'


class TestCitationsExtension(TestCase):
    default_kwargs = {"extensions": [Citations(edition="1997", editions=EDITIONS)]}

    def test_single_reference(self):
        self.assertMarkdownRenders(
            "zie artikel 12C1",
            f'<p>zie {a("12C1", "1997", "/1997/artikel/12#12C1", "artikel 12C1")}</p>')

    def test_whole_article(self):
        self.assertMarkdownRenders(
            "Volgens artikel 70 wordt",
            f'<p>Volgens {a("70", "1997", "/1997/artikel/70", "artikel 70")} wordt</p>')

    def test_list_links_every_item(self):
        self.assertMarkdownRenders(
            "de artikelen 30, 31 of 32",
            f'<p>de {a("30", "1997", "/1997/artikel/30", "artikelen 30")}, '
            f'{a("31", "1997", "/1997/artikel/31", "31")} of {a("32", "1997", "/1997/artikel/32", "32")}</p>')

    def test_range_links_its_ends(self):
        self.assertMarkdownRenders(
            "De artikelen 61 t/m 64 regelen",
            f'<p>De {a("61", "1997", "/1997/artikel/61", "artikelen 61")} t/m '
            f'{a("64", "1997", "/1997/artikel/64", "64")} regelen</p>')

    def test_loose_and_law_forms(self):
        self.assertMarkdownRenders(
            "art. 27 B 1 (b) en Law 16B1(a)",
            f'<p>{a("27B1b", "1997", "/1997/artikel/27#27B1b", "art. 27 B 1 (b)", "artikel 27B1(b) (Spelregels 1997)")}'
            f' en {a("16B1a", "1997", "/1997/artikel/16#16B1a", "Law 16B1(a)", "artikel 16B1(a) (Spelregels 1997)")}</p>')

    def test_qualified_edition(self):
        self.assertMarkdownRenders(
            "artikel 30 uit de spelregels van 1987",
            f'<p>{a("30", "1987", "/1987/artikel/30", "artikel 30 uit de spelregels van 1987", how="sentence")}</p>')

    def test_declared_edition_holds_until_the_next_declaration(self):
        self.assertMarkdownRenders(
            "**Spelregels 1987.** Zie artikel 30B2a.\n\nNu geldt artikel 30B2.\n\n**Huidige regels.** Artikel 30B2.",
            f'<p><strong>Spelregels 1987.</strong> Zie '
            f'{a("30B2a", "1987", "/1987/artikel/30#30B2a", "artikel 30B2a", "artikel 30B2(a) (Spelregels 1987)", "document")}.</p>\n'
            f'<p>Nu geldt {a("30B2", "1987", "/1987/artikel/30#30B2", "artikel 30B2", "artikel 30B2 (Spelregels 1987)", "document")}.</p>\n'
            f'<p><strong>Huidige regels.</strong> {a("30B2", "1997", "/1997/artikel/30#30B2", "Artikel 30B2")}.</p>')

    def test_inside_emphasis_and_lists(self):
        self.assertMarkdownRenders(
            "- **artikel 16A**\n- *art 73c*",
            f'<ul>\n<li><strong>{a("16A", "1997", "/1997/artikel/16#16A", "artikel 16A")}</strong></li>\n'
            f'<li><em>{a("73C", "1997", "/1997/artikel/73#73C", "art 73c")}</em></li>\n</ul>')

    def test_bridge_notation_is_left_alone(self):
        self.assertMarkdownRenders(
            "Bord 4, ronde 6, tafel 12: 1♠ – pas – 3SA +1, 55% en 12-14 punten.",
            "<p>Bord 4, ronde 6, tafel 12: 1♠ – pas – 3SA +1, 55% en 12-14 punten.</p>")

    def test_not_inside_code_and_a_span_inside_existing_links(self):
        self.assertMarkdownRenders(
            "`artikel 12` en [artikel 13](https://example.org/x)\n\n    artikel 14",
            f'<p><code>artikel 12</code> en <a href="https://example.org/x">'
            f'{a("13", "1997", None, "artikel 13", tag="span")}</a></p>\n'
            '<pre><code>artikel 14\n</code></pre>')

    def test_not_inside_raw_html_blocks(self):
        self.assertMarkdownRenders(
            "<div>artikel 71</div>\n\nartikel 72",
            f'<div>artikel 71</div>\n\n<p>{a("72", "1997", "/1997/artikel/72", "artikel 72")}</p>')

    def test_escapes_and_entities_survive(self):
        self.assertMarkdownRenders(
            "NZ & OW: artikel 12 \\*niet\\*",
            f'<p>NZ &amp; OW: {a("12", "1997", "/1997/artikel/12", "artikel 12")} *niet*</p>')

    def test_marker_characters_in_the_input_are_neutralised(self):
        self.assertMarkdownRenders(
            "x\ue0000\ue001y\ue002 artikel 12",
            f'<p>x\ufffd0\ufffdy\ufffd {a("12", "1997", "/1997/artikel/12", "artikel 12")}</p>')

    def test_absolute_base_url(self):
        self.assertMarkdownRenders(
            "artikel 27B2",
            f'<p>{a("27B2", "1997", "https://regels.example/1997/artikel/27#27B2", "artikel 27B2")}</p>',
            extensions=[Citations(edition="1997", base_url="https://regels.example/")])

    def test_no_edition_gives_unversioned_links(self):
        self.assertMarkdownRenders(
            "artikel 27B1(b)",
            '<p><a class="cite" data-cite="27B1b" href="/artikel/27B1b" title="artikel 27B1(b)">artikel 27B1(b)</a></p>',
            extensions=[Citations()])

    def test_missing_article_is_a_span(self):
        exists = lambda edition, cit: cit.article != "99"  # noqa: E731
        self.assertMarkdownRenders(
            "artikel 99; artikel 12",
            '<p><span class="cite cite-missing" data-cite="99" data-edition="1997" '
            'title="artikel 99 (Spelregels 1997): niet in de kennisbank">artikel 99</span>; '
            f'{a("12", "1997", "/1997/artikel/12", "artikel 12")}</p>',
            extensions=[Citations(edition="1997", exists=exists)])

    def test_unknown_named_edition_does_not_switch(self):
        self.assertMarkdownRenders(
            "Volgens de spelregels van 2005 geldt artikel 12.",
            f'<p>Volgens de spelregels van 2005 geldt {a("12", "1997", "/1997/artikel/12", "artikel 12")}.</p>')

    def test_html_class(self):
        self.assertMarkdownRenders(
            "artikel 12",
            '<p><a class="ref" data-cite="12" data-edition="1997" href="/1997/artikel/12" '
            'title="artikel 12 (Spelregels 1997)">artikel 12</a></p>',
            extensions=[Citations(edition="1997", html_class="ref")])


def test_links_keep_offsets_into_the_source_and_what_was_rendered():
    source = "Zie `artikel 12` en\r\nartikel 13, en de artikelen 61 t/m 63."
    md = markdown.Markdown(extensions=[Citations(edition="1997")])
    md.convert(source)
    got = [(source[lk.start:lk.end], lk.rendered, [t.citation.id for t in lk.targets]) for lk in md.citation_links]
    assert got == [("artikel 12", False, ["12"]), ("artikel 13", True, ["13"]),
                   ("artikelen 61", True, ["61", "62"]), ("63", True, ["63"])]


def test_a_markdown_instance_can_be_reused():
    md = markdown.Markdown(extensions=[Citations(edition="1997")])
    md.convert("artikel 12 en artikel 13")
    assert len(md.citation_links) == 2
    md.reset()
    assert md.citation_links == []
    assert "/1997/artikel/14" in md.convert("artikel 14")
    assert [lk.text for lk in md.citation_links] == ["artikel 14"]


def test_plain_text_escapes_then_makes_paragraphs():
    html, links = render_text("<b>Feiten</b>\nartikel 12 & meer\n\nartikel 13", "1997")
    assert html == ('<p>&lt;b&gt;Feiten&lt;/b&gt;<br>\n'
                    f'{a("12", "1997", "/1997/artikel/12", "artikel 12")} &amp; meer</p>\n'
                    f'<p>{a("13", "1997", "/1997/artikel/13", "artikel 13")}</p>')
    assert [lk.rendered for lk in links] == [True, True]


def test_plan_links_attaches_implied_range_numbers_to_the_first_link():
    links = plan_links("artikelen 28 t/m 32 uit de spelregels van 1987", "1997", EDITIONS)
    assert [(lk.text, [(t.edition, t.citation.id) for t in lk.targets]) for lk in links] == [
        ("artikelen 28", [("1987", "28"), ("1987", "29"), ("1987", "30"), ("1987", "31")]),
        ("32", [("1987", "32")]),
    ]


@pytest.mark.parametrize("text", ["", "   ", "\n\n"])
def test_empty_input(text):
    assert markdown.markdown(text, extensions=[Citations(edition="1997")]) == ""
    assert render_text(text, "1997") == ("", [])


def test_citation_type_is_the_grammar_s():
    (lk,) = plan_links("art. 27 lid B sub 1 (b)", "1997")
    assert lk.targets[0].citation == Citation("27", ("B", "1", "b"))
