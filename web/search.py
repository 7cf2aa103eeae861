"""Search: /zoeken (HTML), /api/v1/search and /api/v1/suggest (JSON).

The query box is plain words, never query syntax: any text gives results or none, never an error; text
longer than app.config["MAX_QUERY_LENGTH"] is refused with a clear 400. A citation ("45C4", "artikel 45",
"Law 16B1(a)") puts that article and section first."""
from __future__ import annotations

from html import escape

from flask import Blueprint, current_app, jsonify, render_template, request

from kb.citations import format_label, parse_citation

from .params import ParamError, number
from .state import store

bp = Blueprint("search", __name__)
DEFAULT_LIMIT = 10
PAGE_LIMIT = 20


class QueryError(ValueError):
    pass


def search(kb, q: str, edition: str | None = None, limit: int = DEFAULT_LIMIT) -> dict:
    """The search service for one store: {"query", "results", "suggestion"} (CONTRACT.md)."""
    q = q or ""
    if edition and edition not in kb.editions:
        edition = None
    answer = kb.searcher.search(q, edition=edition, limit=limit)
    results = [r.to_json() for r in answer.results]
    cited = citation_result(kb, q, edition)
    if cited:
        results = [cited] + [r for r in results if not (r["kind"] == "article" and r["article"] == cited["article"]
                                                        and r["edition"] == cited["edition"])]
    return {"query": q, "results": results[:limit], "suggestion": None if cited else answer.suggestion}


def citation_result(kb, q: str, edition: str | None) -> dict | None:
    """The article (and section) a query names by citation, in the edition asked or the default one."""
    if not parse_citation(q.strip()):
        return None
    found = kb.resolve(q.strip(), edition)
    if not found:
        return None
    ed, cit = found
    art = kb.article(ed, cit.article)
    # the deepest section of the citation that this edition has
    section_id, section = cit.article, None
    for c in reversed(cit.ancestors() + [cit]):
        if c.path and (s := kb.section(ed, cit.article, c.id)):
            section_id, section = c.id, s
            break
    text = (section or {}).get("text") or art.get("text") or ""
    suffix = section_id[len(cit.article):]
    url = f"/{ed}/artikel/{cit.article}" + (f"#{section_id}" if suffix else "")
    snippet = escape(" ".join(text.split())[:200])
    return {"kind": "article", "edition": ed, "article": cit.article, "section": suffix or None,
            "title": art.get("title") or format_label(cit), "url": url, "snippet": snippet, "score": None,
            "citation": cit.id}


def read_query(name: str = "q") -> str:
    q = request.args.get(name, "")
    limit = current_app.config.get("MAX_QUERY_LENGTH", 500)
    if len(q) > limit:
        raise QueryError(f"De zoekvraag is te lang: hoogstens {limit} tekens.")
    return q


def read_limit(default: int = DEFAULT_LIMIT) -> int:
    """?limit=: ASCII digits, clamped to 1..MAX_RESULTS (web.params)."""
    top = current_app.config.get("MAX_RESULTS", 50)
    try:
        return number(request.args.get("limit"), "limit", min(default, top), 1, top, clamp=True)
    except ParamError as exc:
        raise QueryError(str(exc)) from None


@bp.get("/api/v1/search")
def api_search():
    kb = store()
    edition = request.args.get("edition") or None
    try:
        q, limit = read_query(), read_limit()
    except QueryError as exc:
        return jsonify({"error": str(exc)}), 400
    if edition and edition not in kb.editions:        # a filter on an edition that is not there finds nothing
        return jsonify({"query": q, "results": [], "suggestion": None})
    return jsonify(search(kb, q, edition, limit))


@bp.get("/api/v1/suggest")
def api_suggest():
    try:
        q, limit = read_query(), read_limit(8)
    except QueryError as exc:
        return jsonify({"error": str(exc)}), 400
    kb = store()
    out = []
    cited = citation_result(kb, q, None) if q.strip() else None
    if cited:
        out.append({"label": format_label(parse_citation(q.strip())) + (f" – {cited['title']}" if cited["title"] else ""),
                    "kind": "citation", "url": cited["url"], "article": cited["article"]})
    out += kb.searcher.suggest(q, limit)
    return jsonify({"query": q, "suggestions": out[:limit]})


@bp.get("/zoeken")
def page():
    kb = store()
    edition = request.args.get("editie") or request.args.get("edition") or None
    if edition not in kb.editions:
        edition = None
    try:
        q = read_query()
    except QueryError as exc:
        return render_template("search.html", q="", edition=edition, editions=kb.edition_ids, results=[],
                               suggestion=None, error=str(exc), default_edition=kb.default_edition), 400
    answer = search(kb, q, edition, PAGE_LIMIT) if q.strip() else {"results": [], "suggestion": None}
    return render_template("search.html", q=q, edition=edition, editions=kb.edition_ids, results=answer["results"],
                           suggestion=answer["suggestion"], error=None, default_edition=kb.default_edition)
