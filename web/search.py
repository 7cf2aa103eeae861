"""Search: /zoeken and /api/v1/search (a first version; the search issue builds the rest on it)."""
from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request

from .state import store

bp = Blueprint("search", __name__)


def run_search(q: str, edition: str | None, limit: int) -> list[dict]:
    kb = store()
    hits = kb.searcher.search(q, edition=edition, limit=limit)
    seen, results = set(), []
    for h in hits:
        key = (h["kind"], h["edition"], h["article"])
        if key in seen:
            continue
        seen.add(key)
        section = h["section"] or None
        url = f"/{h['edition']}/artikel/{h['article']}" + (f"#{h['article']}{section}" if section else "") \
            if h["kind"] == "article" else f"/gids/{h['section']}" if h["kind"] == "guide" else "/begrippen"
        results.append({"kind": h["kind"], "edition": h["edition"] or None, "article": h["article"] or None,
                        "section": section, "title": h["article_title"], "url": url, "snippet": h["text"][:200]})
        if len(results) >= limit:
            break
    return results


@bp.get("/api/v1/search")
def api_search():
    q = request.args.get("q", "")
    limit = max(1, min(int(request.args.get("limit", "10") or 10) if request.args.get("limit", "10").isdigit() else 10, 50))
    return jsonify({"query": q, "results": run_search(q, request.args.get("edition") or None, limit), "suggestion": None})


@bp.get("/zoeken")
def page():
    q = request.args.get("q", "")
    results = run_search(q, request.args.get("editie") or None, 20) if q.strip() else []
    return render_template("search.html", q=q, results=results)
