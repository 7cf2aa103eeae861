"""What the service worker needs of one build: the id of its cache, the pages it keeps, and the small lookup
that answers keyword-index entries, titles, defined terms and citations without a connection.

Both are made from the store once per build and worker (`lru_cache` on the cache id) and are a pure function of
the build and the code that serves it:

    cache_id   '<build version>-<hash of web/, templates/, static/>': the build version only covers the corpus
               and kb/ + indexer/, and a deploy that changes a page or a script must replace the cache too
    precache   every article page of every edition, the tables of contents, home, keyword index, definitions,
               the guide and its passages, the ruling page and the scripts, styles and icons they load
    lookup     entries (label, url, kind, article, the stems of their words), a table word -> stem for every
               word of the build whose stem occurs in an entry, the stopwords, and per article the editions
               that have it and the one an unversioned citation goes to (Store.resolve)

Offline search (static/offline-lookup.js) folds and drops stopwords as indexer/analysis.py does, and stems a
query word with the table; what it cannot do offline: stem a word the build's texts do not contain (such a
word matches entries by prefix instead), split compounds of the query, use the search glossary (synonyms) or
search the law text itself: full search needs a connection."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import url_for

from indexer.analysis import STEM_OVERRIDES, STOPWORDS, fold, surface_words
from kb.text import keyword_anchor

from .urls import article_url, definition_url, keywords_url

ROOT = Path(__file__).resolve().parent.parent
SERVED_CODE = ("web", "templates", "static")
STATIC_FILES = ("site.css", "site.js", "offline.js", "offline-lookup.js", "uitspraak.css", "uitspraak.js",
                "favicon.svg", "icon.svg", "icon-192.png", "icon-512.png")


@lru_cache(maxsize=1)
def code_hash() -> str:
    """Hash of the code that renders and serves pages (read once per worker: a HUP starts new workers)."""
    h = hashlib.sha256()
    for d in SERVED_CODE:
        for p in sorted((ROOT / d).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def cache_id(kb) -> str:
    return f"{kb.version}-{code_hash()}"


def precache_urls(kb) -> list[str]:
    """Every URL the service worker stores at install (in a request context: url_for knows the script root)."""
    urls = [url_for("pages.home"), url_for("offline.search_page"), url_for("offline.lookup"),
            url_for("offline.manifest")]
    for ed in kb.edition_ids:
        urls.append(url_for("pages.edition", edition=ed))
        urls += [article_url(ed, n) for n in kb.editions[ed]["articles"]]
    urls += [url_for("pages.keywords"), url_for("pages.definitions"), url_for("pages.guide")]
    urls += [url_for("pages.guide_passage", passage=p["id"]) for p in kb.data["guide"]]
    urls.append(url_for("rulings.uitspraak"))
    urls += [url_for("static", filename=f) for f in STATIC_FILES]
    return list(dict.fromkeys(urls))


@lru_cache(maxsize=4)
def lookup_data(key: str, kb) -> dict:
    """The offline lookup of one build (key: its cache id; kb: its store)."""
    analysis = kb.searcher.analysis
    entries = _entries(kb)
    for e in entries:
        e["stems"] = sorted({stem for stem, *_ in analysis.terms(e["label"])})
    wanted = {s for e in entries for s in e["stems"]}
    words = set(analysis.vocabulary) | set(STEM_OVERRIDES)
    words |= {fold(w) for e in entries for w, _, _ in surface_words(e["label"])}
    stems = {}
    for w in sorted(words):
        if w not in STOPWORDS and (s := analysis.stem(w)) in wanted and s != w:
            stems[w] = s
    articles = {}
    for n in sorted({a["article"] for a in kb.articles.values()}):
        found = kb.resolve(n)
        articles[n] = {"go": found[0] if found else None, "in": kb.editions_with(n, text_only=False)}
    return {"version": key, "default_edition": kb.default_edition, "editions": kb.edition_ids,
            "stopwords": sorted(STOPWORDS), "stems": stems, "articles": articles, "entries": entries}


def _entries(kb) -> list[dict]:
    from .render import term_slug
    default = kb.default_edition
    out: list[dict] = []
    for k in kb.data["keywords"]:
        out.append({"label": " – ".join(k["path"]), "kind": "keyword", "article": (k["articles"] or [None])[0],
                    "url": keywords_url(keyword_anchor(k["path"])), "articles": k["articles"]})
    for art in sorted(kb.articles.values(), key=lambda a: (a["edition"] != default, a["edition"])):
        if art["title"]:
            out.append({"label": art["title"], "kind": "title", "article": art["article"], "edition": art["edition"],
                        "url": article_url(art["edition"], art["article"])})
    for d in kb.data["definitions"]:
        out.append({"label": d["term"], "kind": "definition", "article": None,
                    "url": definition_url(term_slug(d["term"]))})
    return out
