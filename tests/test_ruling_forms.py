"""Rulings as committees write them (issue 10): every form and trap, exact output in the manner of
Python-Markdown's own tests, edition scope over headings, paragraphs, bullets and table cells, relative
references, and bodies that must stay linear in time."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from markdown.test_tools import TestCase

from kb.citations import MAX_REFERENCES, TooManyReferences, find_references
from kb.markdown_citations import Citations, plan_links, render_markdown, render_text
from test_markdown_citations import EDITIONS, a

LIMIT = 256 * 1024


def refs(text: str, edition: str = "1997") -> list[str]:
    """'edition:cite' of every reference, in order (the edition only when it is not the request's)."""
    out = []
    for lk in plan_links(text, edition, EDITIONS):
        for t in lk.targets:
            out.append(t.citation.id if t.edition == edition else f"{t.edition}:{t.citation.id}")
    return out


class TestForms(TestCase):
    default_kwargs = {"extensions": ["tables", Citations(edition="1997", editions=EDITIONS)]}

    def test_sub_points_spaced_and_glued(self):
        self.assertMarkdownRenders(
            "art. 25 B 2 c en art.25B2c",
            f'<p>{a("25B2c", "1997", "/1997/artikel/25#25B2c", "art. 25 B 2 c", "artikel 25B2(c) (Spelregels 1997)")}'
            f' en {a("25B2c", "1997", "/1997/artikel/25#25B2c", "art.25B2c", "artikel 25B2(c) (Spelregels 1997)")}</p>')

    def test_lid_and_sub_words(self):
        self.assertMarkdownRenders(
            "Art. 63 A 1 en artikel 40 lid C sub 1",
            f'<p>{a("63A1", "1997", "/1997/artikel/63#63A1", "Art. 63 A 1")} en '
            f'{a("40C1", "1997", "/1997/artikel/40#40C1", "artikel 40 lid C sub 1")}</p>')

    def test_bare_after_zie_and_in_brackets(self):
        self.assertMarkdownRenders(
            "artikel 21 geldt (21B1), zie 41C",
            f'<p>{a("21", "1997", "/1997/artikel/21", "artikel 21")} geldt '
            f'({a("21B1", "1997", "/1997/artikel/21#21B1", "21B1")}), '
            f'{a("41C", "1997", "/1997/artikel/41#41C", "zie 41C")}</p>')

    def test_relative_to_the_article_before(self):
        self.assertMarkdownRenders(
            "artikel 40: lid C van hetzelfde artikel",
            f'<p>{a("40", "1997", "/1997/artikel/40", "artikel 40")}: '
            f'{a("40C", "1997", "/1997/artikel/40#40C", "lid C van hetzelfde artikel", against="40")}</p>')

    def test_law_at_the_start_of_a_bullet_and_a_singular_list(self):
        self.assertMarkdownRenders(
            "- Law 12\n- artikel 44 en 45",
            f'<ul>\n<li>{a("12", "1997", "/1997/artikel/12", "Law 12")}</li>\n'
            f'<li>{a("44", "1997", "/1997/artikel/44", "artikel 44")} en '
            f'{a("45", "1997", "/1997/artikel/45", "45")}</li>\n</ul>')

    def test_bold_italic_and_link_text(self):
        self.assertMarkdownRenders(
            "**artikel 16A**, *artikel 73C* en [artikel 75](https://example.org/75)",
            f'<p><strong>{a("16A", "1997", "/1997/artikel/16#16A", "artikel 16A")}</strong>, '
            f'<em>{a("73C", "1997", "/1997/artikel/73#73C", "artikel 73C")}</em> en '
            f'<a href="https://example.org/75">{a("75", "1997", None, "artikel 75", tag="span")}</a></p>')

    def test_column_of_citations_in_a_table(self):
        self.assertMarkdownRenders(
            "| Geval | Artikel |\n|---|---|\n| onvoldoende | 27B1 |\n| voor de beurt | 30 |",
            '<table>\n<thead>\n<tr>\n<th>Geval</th>\n<th>Artikel</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n'
            f'<td>onvoldoende</td>\n<td>{a("27B1", "1997", "/1997/artikel/27#27B1", "27B1")}</td>\n</tr>\n<tr>\n'
            f'<td>voor de beurt</td>\n<td>{a("30", "1997", "/1997/artikel/30", "30")}</td>\n</tr>\n'
            '</tbody>\n</table>')

    def test_a_table_of_bare_scores_is_no_reference(self):
        self.assertMarkdownRenders(
            "| Tafel | NZ |\n|---|---|\n| 1 | 420 |",
            '<table>\n<thead>\n<tr>\n<th>Tafel</th>\n<th>NZ</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n'
            '<td>1</td>\n<td>420</td>\n</tr>\n</tbody>\n</table>')

    def test_document_edition_from_a_first_line(self):
        self.assertMarkdownRenders(
            "Spelregels 2017\n\nZie artikel 12.",
            f'<p>Spelregels 2017</p>\n<p>Zie {a("12", "2017", "/2017/artikel/12", "artikel 12", how="document")}.</p>')


@pytest.mark.parametrize("text, expected", [
    ("art. 25 B 2 c", ["25B2c"]), ("art.25B2c", ["25B2c"]), ("Art. 63 A 1", ["63A1"]),
    ("artikel 40 lid C sub 1", ["40C1"]), ("zie 41C", ["41C"]), ("(zie 12B)", ["12B"]),
    ("artikel 21 … (21B1)", ["21", "21B1"]), ("Law 12 eerst", ["12"]), ("artikel 44 en 45", ["44", "45"]),
    ("artikel 40. Lid B1 is duidelijk: lid B1.", ["40", "40B1"]),
    ("artikel 12; onder A staat het", ["12", "12A"]),
    ("artikel 12, lid C", ["12C"]), ("artikel 40, onder A, mag", ["40A"]), ("artikel 41B en C", ["41B", "41C"]),
    ("artt. 16 en 17", ["16", "17"]), ("lid B van artikel 12 geldt", ["12B"]), ("onder A van artikel 40", ["40A"]),
])
def test_forms(text, expected):
    assert refs(text) == expected


@pytest.mark.parametrize("text", [
    "3 februari 2026", "van 5 tot en met 19 april", "om 19.45 uur", "bel 06-12345678 of 020-6123456",
    "ronde 2 tot en met 4", "12 IMPs", "€ 12,50", "stoel 3", "zie 3 februari", "(12)", "onder A zonder artikel",
    "lid A van de commissie", "| Tafel | Score |\n|---|---|\n| 12 | 420 |", "bord 9, 3♣, 12-14 punten, 45%",
])
def test_traps_are_never_references(text):
    assert refs(text) == []


@pytest.mark.parametrize("text, expected", [
    ("zie B-lijn na artikel 12C", ["12C"]), ("artikel 12C; punt 3 van de agenda", ["12C"]),
    ("artikel 12C, zie 3", ["12C"]), ("artikel 16 en N-Z", ["16"]), ("artikel 12 (2026)", ["12"]),
    ("artikel 12 van 1987-1990", ["12"]),
])
def test_traps_next_to_a_citation(text, expected):
    assert refs(text) == expected


# ---------------------------------------------------------------- edition scope

@pytest.mark.parametrize("text, expected", [
    # a declaration holds for the whole text, across headings, paragraphs and bullets
    ("# Spelregels 1987\n\nartikel 30\n\n- artikel 31\n\n## Overwegingen\n\nartikel 32",
     ["1987:30", "1987:31", "1987:32"]),
    ("Deze zaak valt onder de spelregels van 1987.\n\nartikel 30\n\nartikel 31", ["1987:30", "1987:31"]),
    # until another declaration
    ("Spelregels 1987\n\nartikel 30\n\nVoor het hoger beroep gelden de Spelregels 2017.\n\nartikel 30",
     ["1987:30", "2017:30"]),
    ("**Spelregels 1987.** artikel 30\n\n**Huidige regels.** artikel 30", ["1987:30", "30"]),
    # a sentence that names an edition next to a citation: that sentence only
    ("Onder de Spelregels 1987 (artikel 31) was dat anders. Nu geldt artikel 31.", ["1987:31", "31"]),
    ("de tekst van 1987 regelt dit in artikel 21B; artikel 21B", ["1987:21B", "1987:21B"]),
    # … and never leaks into the next bullet, list item or cell
    ("- Onder de Spelregels 1987 (artikel 31) was dat anders.\n- artikel 31", ["1987:31", "31"]),
    ("1. de spelregels van 1987: artikel 30\n2. artikel 30", ["1987:30", "30"]),
    ("| a | b |\n|---|---|\n| artikel 30 (Spelregels 1987) | artikel 30 |\n| artikel 30 | x |",
     ["1987:30", "30", "30"]),
    # an edition named in a cell holds for its row
    ("| editie | artikel |\n|---|---|\n| Spelregels 1987 | artikel 25B2 |\n| nu | artikel 25B2 |",
     ["1987:25B2", "25B2"]),
    # a past-tense mention without a citation declares nothing
    ("In de spelregels van 1987 was dat anders.\n\nartikel 30", ["30"]),
    # the ways an edition is named
    ("artikel 30 uit 1987", ["1987:30"]), ("Volgens de Laws of Duplicate Bridge 2017 geldt artikel 12.", ["2017:12"]),
    ("Spelregels voor Wedstrijdbridge 1987\n\nartikel 3", ["1987:3"]),
    # "toen" takes the edition of the sentence before
    ("Volgens de spelregels van 1987 gold artikel 40A. Ook artikel 75 was toen van toepassing. Nu artikel 75.",
     ["1987:40A", "1987:75", "75"]),
])
def test_edition_scope(text, expected):
    assert refs(text) == expected


def test_every_reference_says_how_it_was_resolved():
    text = "Spelregels 1987\n\nartikel 30 (artikel 16 uit de spelregels van 1997); lid B van hetzelfde artikel."
    out = [(t.citation.id, t.edition, t.edition_from, t.against and t.against.citation.id)
           for m in find_references(text, edition="2017", editions=set(EDITIONS)) for t in m.targets]
    assert out == [("30", "1987", "document", None), ("16", "1997", "sentence", None),
                   ("16B", "1997", "sentence", "16")]


def test_relative_reference_without_an_article_before_is_none():
    assert refs("lid C van hetzelfde artikel") == []


def test_relative_reference_naming_its_article_needs_nothing_before():
    # the cheap pre-checks (a label soon after "lid", "van artikel N" ahead) keep this form
    assert refs("Dit valt onder lid B van artikel 31.") == ["31B"]


# ---------------------------------------------------------------- linear in the size of the body

def _bodies():
    words = "De wedstrijdleider paste artikel 12C1 toe (zie 27B1b), lid A van hetzelfde artikel; "
    yield "prose with citations", (words * (LIMIT // len(words)))[:LIMIT]
    yield "artikelen 1, 1, 1", "artikelen " + ", ".join(["1"] * (LIMIT // 3))
    yield "artikel 1 artikel 1", "artikel 1 " * (LIMIT // 10)
    yield "[ repeated", "[" * LIMIT
    yield "[[[ ]]] nested", "[" * (LIMIT // 2) + "]" * (LIMIT // 2)
    yield "[a]( unclosed", "[a](" * (LIMIT // 4)
    yield "links", "[a](b) " * (LIMIT // 7)
    yield "( nested", "(" * (LIMIT // 2) + ")" * (LIMIT // 2)
    yield "list nested 243 levels", "\n".join("  " * i + "- artikel 12" for i in range(243))
    yield "list nested by 4 spaces", "\n".join("    " * i + "- x" for i in range(243))
    yield "quotes nested", ">" * 5000 + " artikel 12"
    yield "bullets of citations", "- artikel 12C1 en 16A\n" * (LIMIT // 24)
    yield "table of citations", "| 27B1 | artikel 16 |\n" * (LIMIT // 22)
    yield "emphasis", "*a* " * (LIMIT // 4)
    yield "code spans", "`a` " * (LIMIT // 4)
    yield "entities", "&" * LIMIT
    yield "angle brackets", "<" * LIMIT
    yield "exclamation marks", "!" * LIMIT
    yield "one-word sentences", "x. Y" * (LIMIT // 4)
    yield "spaced bullets", "-    " * (LIMIT // 5)
    yield "a cell of stars", "| " + "* " * (LIMIT // 2 - 4) + "|"
    yield "lid A sub 1 with nothing before", "lid A sub 1 " * (LIMIT // 12)
    yield "zie and lid without a label", "artikel 12 " + "zie x lid de onder de " * (LIMIT // 23)


@pytest.mark.parametrize("name, body", list(_bodies()), ids=[n for n, _ in _bodies()])
@pytest.mark.parametrize("render", [render_markdown, render_text], ids=["markdown", "text"])
def test_any_body_within_the_limit_is_fast(name, body, render):
    assert len(body.encode("utf-8")) <= LIMIT + 5000
    t0 = time.perf_counter()
    try:
        html, links = render(body, "1997", editions=EDITIONS)
        assert html
    except TooManyReferences as exc:
        assert exc.limit == MAX_REFERENCES
    assert time.perf_counter() - t0 < 2.0 * SLOWNESS


def _calibrate() -> float:
    """How much slower this machine is than the one the 2 s bound was set on (a shared CPU under load)."""
    t0 = time.perf_counter()
    sum(range(2_000_000))
    return max(1.0, (time.perf_counter() - t0) / 0.02)


SLOWNESS = _calibrate()


def test_too_many_references_is_a_413_with_the_cap(client):
    resp = client.post("/api/v1/linkify", json={"text": "artikel 1 " * (MAX_REFERENCES + 1)})
    assert resp.status_code == 413
    assert str(MAX_REFERENCES) in resp.get_json()["error"]
    page = client.post("/uitspraak", data={"tekst": "artikel 1 " * (MAX_REFERENCES + 1)})
    assert page.status_code == 413 and str(MAX_REFERENCES).encode() in page.data


def test_more_certain_references_than_the_cap_are_refused_before_any_is_read():
    find_references("artikel 12", edition="1997")       # the grammar built, as in a serving worker
    t0 = time.perf_counter()
    with pytest.raises(TooManyReferences):
        find_references("| artikel 12 | 16B |\n" * 11500, edition="1997", limit=MAX_REFERENCES)
    assert time.perf_counter() - t0 < 0.1 * SLOWNESS    # reading them one by one to the cap took about 1 s


def test_each_artikel_and_number_is_at_least_one_reference():
    # what the early refusal counts on, over every line of the sources
    from kb.citation_reader import _CERTAIN
    checked = 0
    for path in sorted((Path(__file__).resolve().parent.parent / "corpus" / "sources").glob("*.txt")):
        for line in path.read_text("utf-8").splitlines():
            certain = len(_CERTAIN.findall(line))
            if certain:
                checked += 1
                assert certain <= len(find_references(line, edition="1997")), line[:200]
    assert checked > 20


def test_deep_nesting_renders_flat_and_the_api_refuses_it_clearly(client):
    text = "\n".join("  " * i + "- artikel 12" for i in range(243))
    _, links = render_markdown(text, "1997")          # the extension on its own renders it flat
    assert len([lk for lk in links if lk.rendered]) == 243
    resp = client.post("/api/v1/linkify", json={"text": text})   # the service's edge refuses it first
    assert resp.status_code == 400 and resp.get_json()["max_nesting"] > 0
