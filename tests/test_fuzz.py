"""Hypothesis fuzzing of what users and rulings type: the citation grammar (kb.citations) over its whole domain and
over text built from its own words, and the search entry points (any text gives 200 or 400, never an exception).

The app fixture runs with TESTING, so an exception in a view is raised here instead of becoming a 500 page."""
from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.citations import (Citation, find_references, format_label, from_compact, parse_citation, split_edition,
                          valid_path)

# ---------------------------------------------------------------- citations over the whole domain

level1 = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
level2 = st.integers(1, 99).map(str)
level3 = st.sampled_from("abcdefghijklmnopqrstuvwxyz")
level4 = st.integers(1, 99).map(str)
articles = st.one_of(st.integers(0, 999).map(str), st.just("bijlage"))
citations = st.builds(lambda art, parts, depth: Citation(art, tuple(parts[:depth])),
                      articles, st.tuples(level1, level2, level3, level4), st.integers(0, 4)).filter(
    lambda c: c.article != "bijlage" or not c.path)
spaces = st.sampled_from(["", " ", "  ", "\t", " \n"])


def forms(c: Citation) -> list[str]:
    """The ways a person writes one citation."""
    parts = [(p, level) for level, p in enumerate(c.path, start=1)]
    spaced = c.article + "".join(f" ({p})" if level >= 3 else f" {p}" for p, level in parts)
    words = {1: "lid", 2: "sub"}
    verbose = "art. " + c.article + "".join(f" {words[level]} {p}" if level in words else f" ({p})"
                                           for p, level in parts)
    return [c.id, c.label, spaced, verbose, f"artikel {c.label}", f"Law {c.label}", format_label(c).split(" (")[0]]


@settings(max_examples=400, deadline=None)
@given(citations, spaces, spaces)
def test_parse_citation_of_every_written_form_gives_it_back(c, before, after):
    for text in forms(c):
        assert parse_citation(before + text + after) == c, text
    if c.article != "bijlage":
        assert from_compact(c.id) == c


@settings(max_examples=300, deadline=None)
@given(citations)
def test_upper_and_lower_case_prefixes(c):
    assert parse_citation("ARTIKEL " + c.label) == c
    assert parse_citation("Art." + c.label) == c


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=120))
def test_parse_citation_never_raises_and_gives_valid_citations(text):
    c = parse_citation(text)
    if c is not None:
        assert valid_path(c.path) and (c.article == "bijlage" or c.article == str(int(c.article)))
        assert parse_citation(c.id) == c  # what it read, it reads again from its own compact form


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(list("()[]\"'“”?!., -:") + ["artikel ", "van de spelregels", "1987", "2017", "27",
                                                             "B", "2", "(b)", "uit "]), max_size=12).map("".join),
       citations)
def test_split_edition_never_raises_and_only_takes_off_what_leaves_a_citation(noise, c):
    for text in (noise, noise + c.label, "(" + c.label + ")" + noise, c.label + " (" + noise + ")"):
        rest, year = split_edition(text)
        assert isinstance(rest, str) and (year is None or len(year) == 4 and year.isdigit())
        if rest != text.strip():        # something was taken off: what is left is a citation
            assert parse_citation(rest) is not None, (text, rest)


# ---------------------------------------------------------------- references in running text

WORDS = ["artikel", "artikelen", "art.", "Artikel", "Law", "lid", "sub", "onderdeel", "punt", "zie", "zie ook",
         "hieronder", "hierboven", "van dit artikel", "t/m", "tot en met", "–", "-", "en", "of", ",", ".", "(", ")",
         "(b)", "(2)", "A", "B", "C", "b", "1", "2", "12", "27", "45", "93", "100", "999", "0", "27B1b", "16A",
         "spelregels", "van", "1987", "1997", "2017", "uit de spelregels van", "editie", "(1987)", "3♣", "♥", "%",
         "punten", "bord", "12-14", "1/2", "\n", "\n\n", "bijlage", "é", "ß", "\u00a0", "\t"]
grammar_text = st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join)
contexts = st.one_of(st.none(), citations.filter(lambda c: c.article != "bijlage"))


def check_matches(text: str, matches) -> None:
    previous_end = 0
    for m in matches:
        assert 0 <= m.start < m.end <= len(text)
        assert text[m.start:m.end] == m.text
        assert m.start >= previous_end, "references overlap"
        previous_end = m.end
        assert m.targets
        for t in m.targets:
            assert valid_path(t.path)
            if t.start is not None:
                assert m.start <= t.start < t.end <= m.end


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grammar_text, contexts, st.sampled_from([None, "1987", "1997", "2017"]))
def test_find_references_on_text_made_of_its_own_words(text, context, edition):
    check_matches(text, find_references(text, context=context, edition=edition, editions={"1987", "1997", "2017"}))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400), contexts)
def test_find_references_on_any_text(text, context):
    check_matches(text, find_references(text, context=context, edition="1997"))


@settings(max_examples=300, deadline=None)
@given(citations.filter(lambda c: c.article != "bijlage" and int(c.article) > 0 and all(
    len(p) == 1 for p in c.path[3:])), st.text(alphabet="abcdefghij ,;:", max_size=30),
       st.text(alphabet="abcdefghij ,;:", max_size=30))
def test_a_reference_in_running_text_is_found_where_it_stands(c, before, after):
    ref = f"artikel {c.label}"
    text = f"{before} {ref} {after}"
    found = [(t.citation, m) for m in find_references(text, edition="1997") for t in m.targets]
    assert [f[0] for f in found] == [c], text
    m = found[0][1]
    assert m.start == len(before) + 1 and text[m.start:m.end].startswith(ref.rstrip(")"))


# ---------------------------------------------------------------- the search entry points

query_text = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=80),
    grammar_text,
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=490, max_size=520),  # around MAX_QUERY_LENGTH
    st.sampled_from(['"', "*", "?", "AND", "OR NOT", "title:bod", "bod~2", "bod^5", "(", ")", "[a TO z]", "\\",
                     "{}", "%", "%%", "\x00", "' OR 1=1 --", "<script>alert(1)</script>", "ﬁ", "İ", "🂡"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(q=query_text, edition=st.sampled_from([None, "", "1997", "2017", "1899", "x"]),
       limit=st.sampled_from([None, "", "1", "10", "50", "51", "0", "-1", "abc", "1e3", "99999999999999999999"]))
def test_search_api_answers_any_text(client, q, edition, limit):
    params = {"q": q}
    if edition is not None:
        params["edition"] = edition
    if limit is not None:
        params["limit"] = limit
    r = client.get("/api/v1/search", query_string=params)
    assert r.status_code in (200, 400), (r.status_code, q)
    body = r.get_json()
    if r.status_code == 400:
        assert body["error"]
    else:
        assert body["query"] == q and isinstance(body["results"], list)
        assert len(body["results"]) <= 50


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(q=query_text)
def test_search_page_and_suggest_answer_any_text(client, q):
    r = client.get("/zoeken", query_string={"q": q})
    if r.status_code == 302:      # a citation ('1', '27B2') goes straight to its section (CONTRACT)
        assert r.headers["Location"].startswith("/") and "/artikel/" in r.headers["Location"], q
    else:
        assert r.status_code in (200, 400) and r.mimetype == "text/html", (r.status_code, q)
    r = client.get("/api/v1/suggest", query_string={"q": q})
    assert r.status_code in (200, 400) and r.is_json, (r.status_code, q)


def test_search_survives_broken_encoding(client):
    for raw in ("q=%ff%fe", "q=%00", "q=%", "q=%zz", "q=a&q=b", "q=" + "%e2%82" * 10, "edition=%ff&q=bod"):
        r = client.get("/api/v1/search?" + raw)
        assert r.status_code in (200, 400), raw
        assert r.is_json
        r = client.get("/zoeken?" + raw)
        assert r.status_code in (200, 400), raw


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_searcher_itself_never_raises(store, text):
    store.searcher.search(text, limit=5)


def test_a_citation_query_still_finds_its_article(client):
    """The fuzzed entry point is also the useful one: a citation puts its article first."""
    body = client.get("/api/v1/search", query_string={"q": "art. 27 lid B"}).get_json()
    assert body["results"] and body["results"][0]["article"] == "27"
    assert re.fullmatch(r"/\d{4}/artikel/27(#27B)?", body["results"][0]["url"])


# ---------------------------------------------------------------- hostile input: non-ASCII digits, surrogates, nesting

NON_ASCII_DIGITS = ["²", "¹²", "١٢", "１２", "߁", "৩", "𝟙", "٣٠", "1²", "²7"]
hostile_text = st.one_of(
    st.text(st.characters(categories=("Nd", "No", "Cs", "Zs", "Ps", "Pe")), max_size=60),
    st.builds(lambda open_, n, tail: open_ * n + tail, st.sampled_from(["[", "(", "- ", "> ", "1. ", "  ", "\n- "]),
              st.integers(0, 3000), st.sampled_from(["", "x", "artikel 12", "]" * 5])),
    st.sampled_from(NON_ASCII_DIGITS),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(text=hostile_text, fmt=st.sampled_from(["markdown", "text"]))
def test_linkify_answers_hostile_text_with_200_or_400(client, text, fmt):
    """Lone surrogates (sent as JSON escapes), deep nesting of every kind, non-ASCII digits: 200 or a 400."""
    r = client.post("/api/v1/linkify", data=json.dumps({"text": text, "format": fmt}), content_type="application/json")
    assert r.status_code in (200, 400), (r.status_code, text[:80])
    assert r.is_json and (r.status_code == 200 or r.get_json()["error"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(digits=st.sampled_from(NON_ASCII_DIGITS), where=st.sampled_from([
    "/api/v1/search?q=bod&limit={}", "/api/v1/suggest?q=bod&limit={}", "/1997/artikel/{}", "/artikel/{}",
    "/vergelijk/{}", "/vergelijk/27?van={}", "/api/v1/articles/1997/{}", "/api/v1/preview?cite={}",
    "/api/v1/resolve?cite={}&edition={}", "/zoeken?q={}", "/1997/artikel/27{}", "/gids/{}"]))
def test_non_ascii_digits_anywhere_are_never_a_500(client, digits, where):
    r = client.get(where.format(digits, digits))
    assert r.status_code in (200, 302, 400, 404), (where, digits, r.status_code)
    if where.startswith("/api/"):
        assert r.is_json


def test_surrogates_in_query_strings(client):
    """A lone surrogate cannot travel as UTF-8; its CESU-8 bytes and broken escapes are read as replacement text."""
    for raw in ("q=%ED%A0%80", "q=%ED%A0%80%ED%B0%80", "cite=%ED%B0%80", "q=bod&limit=%ED%A0%80"):
        for path in ("/api/v1/search", "/api/v1/suggest", "/api/v1/preview", "/zoeken"):
            r = client.get(f"{path}?{raw}")
            assert r.status_code in (200, 400), (path, raw, r.status_code)
