"""POST /api/v1/linkify: references, offsets, editions, the sanitizer, every limit and error."""
from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.rulings import sanitize

ACCEPTANCE = Path(__file__).resolve().parents[2] / "shared" / "acceptance" / "linkify.tsv"
ACCEPTANCE_NEXT = ACCEPTANCE.with_name("linkify-next.tsv")

# The public examples (../shared/acceptance/linkify.tsv), kept here so the suite stands on its own.
PUBLIC = [
    ("zie artikel 12C1 en de artikelen 41B en 41C", "12C1,41B,41C"),
    ("artikelen 30, 31 of 32", "30,31,32"),
    ("art. 27 B 1 (b) en Law 16B1(a)", "27B1b,16B1a"),
    ("artikel 30 uit de spelregels van 1987", "1987:30"),
    ("bord 4, ronde 6, 2♥ +2 en 10-12 punten", ""),
]
# ../shared/acceptance/linkify-next.tsv (edition scope, bare citations, sub-points), likewise kept here.
PUBLIC_NEXT = [
    ("Volgens de Spelregels 1987 (artikel 31) was dat anders. Nu geldt artikel 31.", "1987:31,31"),
    ("Gespeeld volgens de Spelregels 1987. Oost paste voor zijn beurt (artikel 30).", "1987:30"),
    ("artikel 21 is van toepassing (21B1), zie ook 26B.", "21,21B1,26B"),
    ("art. 27 B 1 a en 3SA +1 op 3 februari 2026 om 19.45 uur", "27B1a"),
]


def post(client, body=None, **kwargs):
    if body is not None:
        kwargs["json"] = body
    return client.post("/api/v1/linkify", **kwargs)


def cites(refs, default="1997"):
    return ",".join(r["cite"] if r["edition"] == default else f"{r['edition']}:{r['cite']}" for r in refs)


def acceptance_rows(path=ACCEPTANCE, inline=PUBLIC):
    if not path.exists():
        return inline
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, _, expected = line.partition("\t")
            rows.append((text, expected))
    return rows


@pytest.mark.parametrize("text, expected", PUBLIC + acceptance_rows() + PUBLIC_NEXT
                         + acceptance_rows(ACCEPTANCE_NEXT, PUBLIC_NEXT))
@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_public_examples(client, text, expected, fmt):
    resp = post(client, {"text": text, "edition": "1997", "format": fmt})
    assert resp.status_code == 200
    data = resp.get_json()
    assert cites(data["refs"]) == expected
    for r in data["refs"]:
        assert text[r["start"]:r["end"]] == r["text"]


def test_ref_fields_and_urls(client):
    data = post(client, {"text": "Zie art. 27 lid B sub 1 (b).", "edition": "1987"}).get_json()
    assert data["refs"] == [{"start": 4, "end": 27, "text": "art. 27 lid B sub 1 (b)", "edition": "1987",
                             "article": "27", "section": "B1b", "cite": "27B1b",
                             "label": "artikel 27B1(b) (Spelregels 1987)", "url": "/1987/artikel/27#27B1b",
                             "found": True, "article_found": True, "edition_from": "request",
                             "resolved_against": None}]
    assert 'href="/1987/artikel/27#27B1b"' in data["html"]
    assert data["markdown"] == "Zie [art. 27 lid B sub 1 (b)](http://localhost/1987/artikel/27#27B1b)."


def test_absolute_links(client):
    data = post(client, {"text": "artikel 12C1", "absolute": True}).get_json()
    assert data["refs"][0]["url"] == "http://localhost/1997/artikel/12#12C1"
    assert 'href="http://localhost/1997/artikel/12#12C1"' in data["html"]


def test_default_edition_and_numeric_edition(client, store):
    data = post(client, {"text": "artikel 16"}).get_json()
    assert data["refs"][0]["edition"] == store.default_edition
    assert data["format"] == "markdown"
    assert post(client, {"text": "artikel 16", "edition": 2017}).get_json()["refs"][0]["edition"] == "2017"


def test_ranges_expand_with_offsets(client):
    text = "De artikelen 61 t/m 64 regelen de verzaking."
    refs = post(client, {"text": text}).get_json()["refs"]
    assert [r["cite"] for r in refs] == ["61", "62", "63", "64"]
    assert [r["text"] for r in refs] == ["artikelen 61", "artikelen 61 t/m 64", "artikelen 61 t/m 64", "64"]


def test_edition_context_per_paragraph(client):
    text = ("Oost-West verwezen naar Law 16B1(a) uit de spelregels van 2017, maar gespeeld werd onder de "
            "spelregels van 1987, zodat artikel 27B2 geldt.\n\nNu geldt artikel 27B2.")
    refs = post(client, {"text": text, "edition": "1997"}).get_json()["refs"]
    assert [(r["edition"], r["cite"]) for r in refs] == [("2017", "16B1a"), ("1987", "27B2"), ("1997", "27B2")]


def test_declared_edition_holds_for_the_rest_of_the_text(client):
    text = "**Spelregels 1987.** Zie artikel 30B2a.\r\n\r\n**Nu.** Zie artikel 30B2."
    refs = post(client, {"text": text}).get_json()["refs"]
    assert [(r["edition"], r["cite"], r["edition_from"]) for r in refs] == [
        ("1987", "30B2a", "document"), ("1987", "30B2", "document")]


def test_missing_article_is_reported_not_linked(client):
    data = post(client, {"text": "artikel 73 uit de spelregels van 1987"}).get_json()
    (ref,) = data["refs"]
    assert (ref["edition"], ref["cite"], ref["found"], ref["url"]) == ("1987", "73", False, None)
    assert "<a " not in data["html"] and 'class="cite cite-missing"' in data["html"]


def test_code_is_not_linked_in_markdown_but_is_text(client):
    text = "`artikel 12` en artikel 13"
    md = post(client, {"text": text, "format": "markdown"}).get_json()
    assert [r["cite"] for r in md["refs"]] == ["13"]
    plain = post(client, {"text": text, "format": "text"}).get_json()
    assert [r["cite"] for r in plain["refs"]] == ["12", "13"]
    assert plain["html"].startswith("<p>`<a ")


def test_cited_previews(client):
    data = post(client, {"text": "artikel 27B2; artikel 27B2 uit de spelregels van 1987", "cited": True}).get_json()
    assert [(c["edition"], c["cite"]) for c in data["cited"]] == [("1997", "27B2"), ("1987", "27B2")]
    assert data["cited"][1]["text"].startswith("Als het onvoldoende niet conventionele bod")


def test_empty_text(client):
    assert post(client, {"text": ""}).get_json() == {"html": "", "refs": [], "edition": "1997",
                                                     "format": "markdown", "markdown": ""}


# ---------------------------------------------------------------- the sanitizer

ATTACKS = [
    "<script>alert(1)</script>artikel 12",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "[klik](javascript:alert(1)) artikel 12",
    "[klik](JaVaScRiPt:alert(1))",
    "[klik](  javascript:alert(1))",
    '[klik](javascript&#58;alert(1))',
    "<a href=\"javascript:alert(1)\">artikel 12</a>",
    "<a href=\"  jav&#x09;ascript:alert(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<img src=x onerror=alert(1)>",
    "<p onclick=\"alert(1)\">artikel 12</p>",
    "<div onmouseover='alert(1)'>**artikel 12**</div>",
    "[artikel 12](https://ok.example \"t\" onmouseover=alert(1))",
    "<svg onload=alert(1)><circle/></svg>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<style>body{display:none}</style><span style=\"position:fixed\">x</span>",
    "<a href=\"https://ok.example\" onfocus=\"alert(1)\" autofocus>x</a>",
    "<form action=\"https://evil.example\"><input name=x></form>",
    "<object data=\"x.swf\"></object><embed src=\"x.swf\">",
    "<<script>script>alert(1)<</script>/script>",
    "<a href=\"/1997/artikel/12\" class=\"cite evil\" data-x=\"1\">x</a>",
]
ALLOWED_SCHEMES = ("http:", "https:", "mailto:")


class Tags(HTMLParser):
    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def assert_safe(html):
    assert "<script" not in html.lower()  # as markup; escaped text reads &lt;script
    for tag, attrs in Tags(html).tags:
        assert tag not in {"script", "iframe", "img", "svg", "style", "form", "input", "object", "embed"}, tag
        for name, value in attrs.items():
            assert not name.startswith("on") and name != "style", (tag, name)
            if name == "href":
                scheme = re.match(r"\s*([a-z][a-z0-9+.-]*:)", (value or "").lower())
                assert scheme is None or scheme.group(1) in ALLOWED_SCHEMES, value


@pytest.mark.parametrize("attack", ATTACKS)
@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_nothing_dangerous_survives(client, attack, fmt):
    resp = post(client, {"text": attack, "format": fmt})
    assert resp.status_code == 200
    assert_safe(resp.get_json()["html"])


def test_sanitize_keeps_what_rulings_need():
    html = ('<p><strong>Feiten.</strong> <a class="cite" data-cite="12C1" data-edition="1997" href="/1997/artikel/12#12C1" '
            'title="artikel 12C1 (Spelregels 1997)">artikel 12C1</a>, <a href="https://www.bridge.nl/x">NBB</a></p>'
            '<ul><li><em>a</em></li></ul><table><tr><td>1</td></tr></table>')
    out = sanitize(html)
    for part in ('<strong>Feiten.</strong>', 'class="cite"', 'data-cite="12C1"', 'data-edition="1997"',
                 'href="/1997/artikel/12#12C1"', 'href="https://www.bridge.nl/x"', "<em>a</em>", "<td>1</td>"):
        assert part in out
    assert 'rel="noopener noreferrer"' in out
    assert sanitize('<a class="cite evil" href="/x">x</a>') == '<a class="cite" href="/x" rel="noopener noreferrer">x</a>'


def test_text_format_escapes_markup(client):
    html = post(client, {"text": "<b>vet</b> & artikel 12", "format": "text"}).get_json()["html"]
    assert html.startswith("<p>&lt;b&gt;vet&lt;/b&gt; &amp; <a ")


# ---------------------------------------------------------------- limits and errors


def test_body_over_the_limit_is_413(client, app, monkeypatch):
    monkeypatch.setitem(app.config, "MAX_LINKIFY_BYTES", 1000)
    ok = json.dumps({"text": "x" * 900})
    assert post(client, data=ok, content_type="application/json").status_code == 200
    resp = post(client, data=json.dumps({"text": "x" * 1000}), content_type="application/json")
    assert resp.status_code == 413
    assert "error" in resp.get_json()


def test_default_limit_is_256_kib(client, app):
    assert app.config["MAX_LINKIFY_BYTES"] == 256 * 1024
    body = json.dumps({"text": "artikel 12 " * 24000})  # ~264 KB
    resp = post(client, data=body, content_type="application/json")
    assert resp.status_code == 413 and resp.is_json


def test_body_without_length_over_the_limit_is_413(client, app, monkeypatch):
    """A chunked body (no Content-Length) is read no further than the limit."""
    monkeypatch.setitem(app.config, "MAX_LINKIFY_BYTES", 1000)
    body = io.BytesIO(json.dumps({"text": "x" * 2000}).encode())
    resp = client.post("/api/v1/linkify", content_type="application/json",
                       headers={"Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input": body, "wsgi.input_terminated": True})
    assert resp.status_code == 413
    assert body.tell() <= 1001


@pytest.mark.parametrize("body, needle", [
    (b"{", "JSON"),
    (b"", "JSON"),
    (b"\xff\xfe{}", "JSON"),
    (b"[1, 2]", "object"),
    (b"\"text\"", "object"),
    (b"{}", "text"),
    (b'{"edition": "1997"}', "text"),
    (b'{"text": null}', "text"),
    (b'{"text": 12}', "text"),
    (b'{"text": ["artikel 12"]}', "text"),
    (b'{"text": "x", "format": "html"}', "formaat"),
    (b'{"text": "x", "absolute": "yes"}', "absolute"),
    (b'{"text": "x", "cited": 1}', "cited"),
])
def test_bad_requests_are_400(client, body, needle):
    resp = post(client, data=body, content_type="application/json")
    assert resp.status_code == 400
    assert needle in resp.get_json()["error"]


@pytest.mark.parametrize("edition", ["2005", "", "nieuw", 1997.5, True, ["1997"]])
def test_unknown_edition_is_400_with_the_editions(client, store, edition):
    resp = post(client, {"text": "artikel 12", "edition": edition})
    if edition == "":
        assert resp.status_code == 200  # empty means the default edition
        return
    assert resp.status_code == 400
    data = resp.get_json()
    assert "editie" in data["error"] and data["editions"] == store.edition_ids


def test_wrong_method_is_json(client):
    resp = client.get("/api/v1/linkify")
    assert resp.status_code == 405 and resp.is_json and "error" in resp.get_json()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.lists(st.sampled_from(list("artikelen 0123456789ABCbc()., t/m-♠%\n*`[]<>&\r") +
                                     ["artikel ", "Law ", "spelregels van 1987", "\n\n", " en ", "art. "]),
                     max_size=40).map("".join),
       fmt=st.sampled_from(["markdown", "text"]))
def test_any_text_gives_valid_offsets(client, text, fmt):
    resp = post(client, {"text": text, "format": fmt})
    assert resp.status_code == 200
    data = resp.get_json()
    for r in data["refs"]:
        assert 0 <= r["start"] < r["end"] <= len(text)
        assert text[r["start"]:r["end"]] == r["text"]
    assert "\ue000" not in data["html"] and "\ue002" not in data["html"]


def _section_only_elsewhere(store):
    """(edition, cite, edition that has it) for a section the text of one edition does not hold while the
    article is there, and another edition's text does."""
    for key, art in sorted(store.articles.items()):
        edition, number = key.split("/")
        stack = list(art["sections"])
        while stack:
            sec = stack.pop()
            stack.extend(sec["children"])
            for other in store.edition_ids:
                if other != edition and store.article(other, number) and not store.section(other, number, sec["id"]):
                    return other, sec["id"], edition
    return None


def test_section_the_text_does_not_hold_is_not_found_and_shows_its_parent(client, store):
    data = post(client, {"text": "artikel 12C1", "edition": "1997", "cited": True}).get_json()
    (ref,) = data["refs"]
    assert (ref["found"], ref["article_found"], ref["shown"]) == (False, True, "12C")
    assert ref["url"] == "/1997/artikel/12#12C1"
    (cited,) = data["cited"]
    assert cited["shown"] == "12C" and cited["text"] and "12C1 staat niet in de tekst" in cited["note"]
    assert cited["path"] == "/1997/artikel/12#12C"


def test_section_held_by_another_edition_links_there(client, store):
    found = _section_only_elsewhere(store)
    assert found is not None
    edition, cite, holder = found
    data = post(client, {"text": f"artikel {cite}", "edition": edition, "cited": True}).get_json()
    (ref,) = data["refs"]
    assert ref["found"] is False and holder in ref["editions_with_section"]
    (cited,) = data["cited"]
    assert any(o["edition"] == holder and o["path"].endswith(f"#{cite}") for o in cited["other_editions"])
    page = client.post("/uitspraak", data={"tekst": f"artikel {cite}", "editie": edition}).get_data(as_text=True)
    assert "Wel in" in page and f"#{cite}" in page


def test_relative_reference_says_what_it_was_read_against(client):
    data = post(client, {"text": "Volgens artikel 40 is dat zo; lid C van hetzelfde artikel zegt meer."}).get_json()
    rel = data["refs"][1]
    assert rel["cite"] == "40C" and rel["resolved_against"]["cite"] == "40"
    assert rel["resolved_against"]["label"] == "artikel 40 (Spelregels 1997)"
    assert 'data-against="40"' in data["html"] and "gelezen bij artikel 40" in data["html"]
