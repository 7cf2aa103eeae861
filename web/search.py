"""Search: /zoeken (HTML), /api/v1/search and /api/v1/suggest (JSON).

The query box is plain words, never query syntax: any text gives results or none, never an error; text longer
than app.config["MAX_QUERY_LENGTH"] is refused with a clear 400. A citation ("45C4", "artikel 45", "Law
16B1(a)", "45.C.4", "artikel 28 (1987)") is a 302 from /zoeken straight to its section, in the edition named
with it, else in the edition that has that section's text when the default one lacks it; in the API it is the
first result. Citations named with an article word among other words ('wat zegt artikel 27', 'art 61-64
verzaking') come first, in the order named, and the words are searched after them. When the glossary or a
typo correction rewrote the query, the answer says how it was searched ("understood"); `letterlijk=1`
(`literal=1` in the API) searches the words as typed and only suggests corrections ("Bedoelde u …?")."""
from __future__ import annotations

import re
from html import escape

from flask import Blueprint, current_app, jsonify, redirect, render_template, request

from indexer.snippets import normalise
from kb.citations import find_references, format_label, parse_citation, split_edition
from kb.toc_tree import walk_sections

from .errors import ApiError
from .params import ParamError, number
from .state import store
from .urls import article_url, site_root, target_url

bp = Blueprint("search", __name__)
# what a list of citations starts with: an article word before a number
_LIST_HINT = re.compile(r"(?i)\b(?:art|law|spelregel|regel|wet)[a-z]*\.?\s*\d")
DEFAULT_LIMIT = 10
MAX_NAMING = 200     # a longer query is not read for the citations it names (the citation reader is linear anyway)
PAGE_LIMIT = 20


class QueryError(ApiError):
    """A query parameter the search refuses: a 400 (the API through web/errors.py, the page shows it)."""

    def __init__(self, message: str):
        super().__init__(400, message)


def search(kb, q: str, edition: str | None = None, limit: int = DEFAULT_LIMIT, literal: bool = False) -> dict:
    """The search service for one store: {"query", "results", "suggestion", "understood"} (CONTRACT.md)."""
    q = q or ""
    if edition and edition not in kb.editions:
        edition = None
    cited = citation_result(kb, q, edition)
    listed, only = ([cited], True) if cited else named_results(kb, q, edition, limit)
    answer = kb.searcher.search(q, edition=edition, limit=limit, literal=literal or only)
    root = site_root()
    results = [r.to_json(target_url(r.target, root)) for r in answer.results]
    if listed:
        named = {r["article"] for r in listed}
        results = listed + [r for r in results if not (r["kind"] == "article" and r["article"] in named)]
    return {"query": q, "results": results[:limit], "suggestion": None if only else answer.suggestion,
            "understood": None if only else answer.understood}


def citation_target(kb, q: str, edition: str | None):
    """(edition, citation, section id or "") a query names by citation: the deepest section of it that has
    text in the edition asked, or by default in the default edition, or, when that lacks the section's text
    and another edition has it, in that edition; None when the query is no citation of a known article."""
    if len(q) >= 40:
        return None
    text, year = split_edition(q.strip())
    cit = parse_citation(text)
    if cit is None:
        return None
    if year in kb.editions:         # 'artikel 28 (1987)': the edition named with it, over the one asked
        edition = year
    found = kb.resolve(text, edition)
    if not found:
        return None
    ed = found[0]
    chain = [c for c in reversed(cit.ancestors() + [cit]) if c.path]

    def deepest(e):
        return next((c.id for c in chain if (kb.section(e, cit.article, c.id) or {}).get("text")), "")
    section = deepest(ed)
    if not edition and chain and section != chain[0].id:
        # the default edition lacks the cited section's text: land where the text is, when an edition has it
        better = [e for e in reversed(kb.editions_with(cit.article)) if deepest(e) == chain[0].id]
        if better:
            ed, section = better[0], chain[0].id
    if not section:
        section = next((c.id for c in chain if kb.section(ed, cit.article, c.id)), "")
    return ed, cit, section


def citation_result(kb, q: str, edition: str | None) -> dict | None:
    """The article (and section) a query names by citation, as a search result."""
    target = citation_target(kb, q, edition)
    if target is None:
        return None
    ed, cit, section_id = target
    art = kb.article(ed, cit.article)
    section = kb.section(ed, cit.article, section_id) if section_id else None
    text = (section or {}).get("text") or art.get("text") or next(
        (s["text"] for s in walk_sections(art["sections"]) if s["text"]), "") or art.get("title") or format_label(cit)
    return {"kind": "article", "edition": ed, "article": cit.article, "section": section["suffix"] if section else None,
            "title": art.get("title") or "", "url": article_url(ed, cit.article, section_id),
            "snippet": escape(normalise(text)[:200]), "score": None, "citation": cit.id,
            "other_editions": [e for e in kb.editions_with(cit.article) if e != ed]}


def named_results(kb, q: str, edition: str | None, limit: int = DEFAULT_LIMIT) -> tuple[list[dict], bool]:
    """The articles a query names by citation with an article word ('artikelen 61 t/m 64', 'art. 30, 31 of 32',
    'wat zegt artikel 27', 'artikel 27 over een onvoldoende bod'), read by the one citation reader, as results in
    that order, at most `limit` ('art 1-93' makes ten, not 93); and whether the citations are all the query says
    (a list: its words are not searched)."""
    if len(q) > MAX_NAMING or not _LIST_HINT.search(q):
        return [], False
    matches = find_references(q, None, edition or kb.default_edition, set(kb.editions))
    rest = q
    for m in reversed(matches):
        rest = rest[:m.start] + rest[m.end:]
    # the edition the query names ('uit de spelregels van 1987'), else the one asked, else where the text is
    targets = [(t.citation.id, t.edition if m.qualified else edition) for m in matches for t in m.targets]
    first: dict[str, dict] = {}
    for cid, ed in targets:
        if len(first) >= limit:
            break
        result = citation_result(kb, cid, ed)
        if result:
            first.setdefault(result["article"], result)     # one per article, as first named
    return list(first.values()), bool(first) and not rest.strip(" \t,.;:()?!")


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
    q, limit = read_query(), read_limit()
    if edition and edition not in kb.editions:        # a filter on an edition that is not there finds nothing
        return jsonify({"query": q, "results": [], "suggestion": None, "understood": None})
    return jsonify(search(kb, q, edition, limit, literal=request.args.get("literal") in ("1", "true")))


@bp.get("/api/v1/suggest")
def api_suggest():
    q, limit = read_query(), read_limit(8)
    kb = store()
    out = []
    cited = citation_result(kb, q, None) if q.strip() else None
    if cited:
        label = format_label(parse_citation(cited["citation"])) + (f" – {cited['title']}" if cited["title"] else "")
        out.append({"label": label, "kind": "citation", "url": cited["url"], "article": cited["article"]})
    out += [{"label": e["label"], "kind": e["kind"], "url": target_url(e["target"]), "article": e["article"]}
            for e in kb.searcher.suggest(q, limit)]
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
                               suggestion=None, understood=None, error=str(exc),
                               default_edition=kb.default_edition), 400
    target = citation_target(kb, q, edition) if q.strip() else None
    if target and (not target[1].path or kb.section_known(target[1].article, target[1].id)):
        # CONTRACT: a citation jumps straight to its section (one that some edition knows; 27Z9 searches)
        ed, cit, section_id = target
        return redirect(article_url(ed, cit.article, section_id), 302)
    literal = request.args.get("letterlijk") == "1"
    answer = search(kb, q, edition, PAGE_LIMIT, literal) if q.strip() else {"results": [], "suggestion": None,
                                                                              "understood": None}
    return render_template("search.html", q=q, edition=edition, editions=kb.edition_ids, results=answer["results"],
                           suggestion=answer["suggestion"], understood=answer["understood"],
                           error=None, default_edition=kb.default_edition)
