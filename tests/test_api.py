"""The JSON API of the knowledge base through Flask's test client (CONTRACT.md)."""
from __future__ import annotations


def test_health(client):
    r = client.get("/api/v1/health")
    assert r.status_code == 200 and r.is_json
    body = r.get_json()
    assert body["status"] == "ok" and body["editions"] == ["1987", "1997", "2017"] and body["articles"] > 90


def test_article_contract(client):
    body = client.get("/api/v1/articles/1997/27").get_json()
    for key in ("edition", "article", "title", "text", "sections", "refs_out", "refs_in", "keywords",
                "other_editions", "sources", "complete"):
        assert key in body, key
    assert body["title"] == "Onvoldoende bod" and body["complete"] is False
    ids = [s["id"] for s in body["sections"]]
    assert ids == ["27A", "27B", "27C"]
    assert [c["id"] for c in body["sections"][1]["children"]] == ["27B1", "27B2", "27B3"]  # 27B2: a placeholder
    assert {"edition": "1997", "article": "31", "section": None} in [
        {k: r[k] for k in ("edition", "article", "section")} for r in body["refs_out"]]
    assert any(k["path"] == ["Accepteren van", "Onvoldoende bod"] for k in body["keywords"])
    assert [e["edition"] for e in body["other_editions"]] == ["1987"]
    assert {"file": "000_48d6a93a0c75e5bf.txt", "line": 49} in body["sources"]


def test_refs_in_carry_the_citing_sentence(client):
    body = client.get("/api/v1/articles/1987/23").get_json()
    incoming = [r for r in body["refs_in"] if r["article"] == "24"]
    assert incoming and "zie artikel 23 A" in incoming[0]["sentence"] and incoming[0]["to_section"] == "A"


def test_complete_article_and_footnotes(client):
    body = client.get("/api/v1/articles/1987/31").get_json()
    assert body["complete"] is True
    assert {r["article"] + (r["section"] or "") for r in body["refs_out"]} == {"29", "31A2b", "23A", "26", "25"}
    assert [f["sections"] for f in body["footnotes"]] == [["31A2"], ["31B"]]


def test_article_known_only_from_the_table_of_contents(client):
    body = client.get("/api/v1/articles/1997/2").get_json()
    assert body["has_text"] is False and body["title"] == "De wedstrijdborden" and body["sections"] == []


def test_unknown_article_and_edition_are_404_json(client):
    for url in ("/api/v1/articles/1997/999", "/api/v1/articles/2001/27", "/api/v1/articles/1997/abc",
                "/api/v1/nothing"):
        r = client.get(url)
        assert r.status_code == 404 and r.is_json and r.get_json()["error"], url
    assert "1987, 1997, 2017" in client.get("/api/v1/articles/2001/27").get_json()["error"]


def test_keywords(client):
    entries = client.get("/api/v1/keywords").get_json()["entries"]
    assert len(entries) > 400
    dummy = next(e for e in entries if e["path"] == ["Dummy"])
    assert dummy["see"] == ["Blinde"] and dummy["articles"] == []
    for e in entries:
        assert set(e) >= {"term", "path", "articles", "see", "see_also"}
    filtered = client.get("/api/v1/keywords?q=strafkaart").get_json()["entries"]
    assert filtered and all("strafkaart" in " ".join(e["path"]).lower() for e in filtered)


def test_definitions(client):
    entries = client.get("/api/v1/definitions").get_json()["entries"]
    by_term = {e["term"]: e for e in entries}
    assert by_term["Arbitrale score"]["refs"][0]["article"] == "12"
    assert by_term["Redoublet"]["edition"] == "1997"
    assert [r["article"] for r in by_term["Redoublet"]["refs"]] == ["19", "77"]


def test_editions(client):
    body = client.get("/api/v1/editions").get_json()
    assert body["default"] == "1997" and [e["id"] for e in body["editions"]] == ["1987", "1997", "2017"]


def test_unversioned_link_goes_to_an_edition_with_the_text(client):
    # 1997 knows article 23 only from its index; 1987 has the text
    assert client.get("/artikel/23A").headers["Location"].endswith("/1987/artikel/23#23A")
    assert client.get("/artikel/27B1b").headers["Location"].endswith("/1997/artikel/27#27B1b")
    assert client.get("/artikel/16").headers["Location"].endswith("/1997/artikel/16")
    assert client.get("/artikel/2").headers["Location"].endswith("/1997/artikel/2")  # known by name only
