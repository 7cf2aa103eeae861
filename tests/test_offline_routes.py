"""The offline routes (web/offline.py): the service worker per build, the manifest, the precache list and the
offline lookup, through Flask's test client."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from indexer.analysis import STOPWORDS, fold
from builder import build

ROOT = Path(__file__).resolve().parent.parent


def test_service_worker_is_served_at_the_root_with_the_build_id(client, store):
    resp = client.get("/sw.js")
    assert resp.status_code == 200
    assert resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    body = resp.get_data(as_text=True)
    build_id = resp.headers["X-KB-Build"]
    assert build_id.startswith(store.version + "-")
    assert f"self.KB_BUILD = {json.dumps(build_id)};" in body
    assert 'self.KB_ROOT = "";' in body and 'importScripts(ROOT + "/static/offline-lookup.js")' in body
    # the worker's own policy lets it import its script and fetch this origin, nothing else
    assert resp.headers["Content-Security-Policy"] == "default-src 'none'; script-src 'self'; connect-src 'self'"


def test_pages_keep_the_strict_policy_and_name_their_build(client):
    resp = client.get("/1997/artikel/27")
    assert "script-src 'self'" in resp.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-KB-Build"] == client.get("/sw.js").headers["X-KB-Build"]
    html = resp.get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<script src="/static/offline.js" defer></script>' in html
    assert 'id="offline-line"' in html and "<script>" not in html


def test_manifest(client):
    resp = client.get("/manifest.webmanifest")
    assert resp.mimetype == "application/manifest+json"
    data = json.loads(resp.get_data(as_text=True))
    assert data["lang"] == "nl" and data["name"] == "Spelregels voor Wedstrijdbridge"
    assert data["start_url"] == "/" and data["scope"] == "/" and data["display"] == "standalone"
    sizes = {i["sizes"] for i in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_precache_lists_every_article_of_every_edition(client, store):
    data = client.get("/offline/precache.json").get_json()
    assert data["version"] == client.get("/sw.js").headers["X-KB-Build"]
    urls = data["urls"]
    assert len(urls) == len(set(urls))
    articles = [f"/{ed}/artikel/{n}" for ed in store.edition_ids for n in store.editions[ed]["articles"]]
    assert len(articles) > 100
    assert set(articles) <= set(urls)
    for must in ("/", "/1987/", "/1997/", "/2017/", "/trefwoorden", "/begrippen", "/gids", "/uitspraak",
                 "/static/uitspraak.js", "/offline", "/offline/lookup.json"):
        assert must in urls
    assert sum(u.startswith("/gids/") for u in urls) == len(store.data["guide"])
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_lookup_folds_and_stems_like_the_index(client, store):
    data = client.get("/offline/lookup.json").get_json()
    analysis = store.searcher.analysis
    assert data["stopwords"] == sorted(STOPWORDS)
    kinds = {e["kind"] for e in data["entries"]}
    assert kinds == {"keyword", "title", "definition"}
    assert len(data["entries"]) > 400
    for word, stem in data["stems"].items():
        assert word == fold(word) and analysis.stem(word) == stem
    assert data["stems"]["boden"] == "bod"  # curated override, also for words the texts lack
    entry = next(e for e in data["entries"] if e["label"] == "Bod – Onvoldoende bod")
    assert entry["kind"] == "keyword" and entry["articles"] == ["18", "27"]
    assert {"bod", "onvoldoend"} <= set(entry["stems"])
    title = next(e for e in data["entries"] if e["kind"] == "title" and e["label"] == "Onvoldoende bod")
    assert title["url"] == "/1997/artikel/27" and title["edition"] == "1997"
    assert data["articles"]["27"] == {"go": "1997", "in": ["1987", "1997"]}
    assert data["articles"]["23"]["go"] == store.resolve("23")[0]


def test_offline_page_works_online_too(client):
    resp = client.get("/offline")
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert "Zoeken zonder verbinding" in html and "vraagt een verbinding" in html
    assert '<script src="/static/offline-lookup.js"></script>' in html


def test_a_new_build_changes_the_service_worker(tmp_path):
    from web import create_app
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    bodies = []
    for marker in ("first", "second"):
        (corpus / "rebuild-marker.txt").write_text(marker, "utf-8")
        build(corpus, tmp_path / marker, log=lambda *_: None)
        app = create_app({"DATA_DIR": str(tmp_path / marker), "TESTING": True})
        bodies.append(app.test_client().get("/sw.js").get_data(as_text=True))
    assert bodies[0] != bodies[1]


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest", "/offline", "/offline/lookup.json"])
def test_offline_routes_refuse_other_methods(client, path):
    assert client.post(path).status_code == 405
